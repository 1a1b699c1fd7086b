// ARGS: -E main -T ps_6_5
// SPIRV: OpCapability RayQueryKHR
// SPIRV: OpExtension "SPV_KHR_ray_query"
// SPIRV: OpRayQueryGetIntersectionTypeKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionTKHR %float %q %uint_1
// SPIRV: OpRayQueryGetIntersectionInstanceIdKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionGeometryIndexKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionPrimitiveIndexKHR %uint %q %uint_1
// SPIRV: OpRayQueryGetIntersectionObjectRayOriginKHR %v3float %q %uint_1
// SPIRV: OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float %q %uint_1
// SPIRV: OpRayQueryGetIntersectionBarycentricsKHR %v2float %q %uint_1
// SPIRV: OpRayQueryGetIntersectionFrontFaceKHR %bool %q %uint_1
// SPIRV: OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q %uint_1
// SPIRV: OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q %uint_1
// SPIRV: OpRayQueryGetRayFlagsKHR %uint %q
// SPIRV: OpRayQueryGetRayTMinKHR %float %q
// SPIRV: OpRayQueryGetWorldRayOriginKHR %v3float %q
// SPIRV: OpRayQueryGetWorldRayDirectionKHR %v3float %q
// DIAG-MSL: OSH4140 *:*
// DIAG-WGSL: OSH5140 *:*
// NOTE: Committed* getters pass the Intersection operand 1 (RayQueryCommittedIntersectionKHR);
// NOTE: COMMITTED_TRIANGLE_HIT is 1 (D3D12_COMMITTED_STATUS). In a pixel shader (every stage
// NOTE: may use a ray query).
RaytracingAccelerationStructure scene : register(t1, space2);

float4 main(float4 pos : SV_Position) : SV_Target {
  RayDesc ray = {pos.xyz, 0.0, float3(0, 0, -1), 1000.0};
  RayQuery<RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> q;
  q.TraceRayInline(scene, RAY_FLAG_NONE, 1, ray);
  q.Proceed();
  float4 c = 0;
  if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT) {
    c.x = q.CommittedRayT();
    c.y = q.CommittedInstanceIndex() + q.CommittedInstanceID() + q.CommittedInstanceContributionToHitGroupIndex();
    c.z = q.CommittedGeometryIndex() + q.CommittedPrimitiveIndex();
    c.xyz += q.CommittedObjectRayOrigin() + q.CommittedObjectRayDirection();
    c.xy += q.CommittedTriangleBarycentrics();
    float3x4 o2w = q.CommittedObjectToWorld3x4();
    float4x3 w2o = q.CommittedWorldToObject4x3();
    c.w = q.CommittedTriangleFrontFace() ? o2w[2].w : w2o[0].x;
  }
  c.x += q.RayFlags() + q.RayTMin();
  c.yzw += q.WorldRayOrigin() + q.WorldRayDirection();
  return c;
}
