// ARGS: -E main -T cs_6_5
// SPIRV: %fresh = OpVariable %_ptr_Function_rayQueryKHR Function
// SPIRV: %copy = OpVariable %_ptr_Function_rayQueryKHR Function
// SPIRV: OpLoad %rayQueryKHR %fresh
// SPIRV: OpRayQueryProceedKHR %bool %copy
// DIAG-MSL: OSH4140 *:*
// DIAG-WGSL: OSH5140 *:*
// NOTE: DXC (rayquery_init_expr.hlsl): `RayQuery<0> q = RayQuery<0>();` declares a query
// NOTE: with no store; `RayQuery<0> b = a;` is an OpLoad of a and an OpStore to b.
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> result : register(u1);

[numthreads(1, 1, 1)]
void main() {
  RayQuery<0> fresh = RayQuery<0>();
  fresh.TraceRayInline(scene, 0, 0xFF, (RayDesc)0);
  RayQuery<0> copy = fresh;
  result[0] = copy.Proceed() ? 1 : 0;
}
