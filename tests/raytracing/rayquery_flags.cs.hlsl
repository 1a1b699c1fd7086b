// ARGS: -E main -T cs_6_5
// SPIRV: OpDecorate %scene DescriptorSet 3
// SPIRV: OpDecorate %scene Binding 4
// SPIRV: %scene = OpVariable %_ptr_UniformConstant_accelerationStructureNV UniformConstant
// SPIRV: %uint_17 %uint_255 
// SPIRV: OpBitwiseOr %uint
// SPIRV: %helper = OpFunction
// SPIRV: %query = OpFunctionParameter %_ptr_Function_rayQueryKHR
// SPIRV: OpRayQueryProceedKHR %bool %query
// DIAG-MSL: OSH4140 *:*
// DIAG-WGSL: OSH5140 *:*
// NOTE: TraceRayInline's flags are RayQuery's template flags or-ed with the argument (DXC:
// NOTE: rayquery_init_ps.hlsl gives %uint_3 for FORCE_OPAQUE | FORCE_NON_OPAQUE):
// NOTE: FORCE_OPAQUE (0x1) | CULL_BACK_FACING_TRIANGLES (0x10) = 17, folded; a flags value
// NOTE: known only at run time is OpBitwiseOr'ed. A RayQuery parameter is the caller's query
// NOTE: object (by reference, DXIL's handle semantics): a Function pointer parameter.
RaytracingAccelerationStructure scene : register(t4, space3);
RWByteAddressBuffer output : register(u0);

bool helper(RayQuery<RAY_FLAG_FORCE_OPAQUE> query) { return query.Proceed(); }

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RayDesc ray;
  ray.Origin = float3(id);
  ray.TMin = 0;
  ray.Direction = float3(1, 0, 0);
  ray.TMax = 10;
  RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
  q.TraceRayInline(scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, ray);
  uint hits = 0;
  while (helper(q)) hits++;
  RayQuery<RAY_FLAG_FORCE_OPAQUE> q2;
  q2.TraceRayInline(scene, output.Load(0), 0xFF, ray);
  output.Store(4 * id.x, hits + q2.CommittedStatus());
}
