// ARGS: -E main -T cs_6_5
// SPIRV: OpCapability RayQueryKHR
// SPIRV: OpExtension "SPV_KHR_ray_query"
// SPIRV: %accelerationStructureNV = OpTypeAccelerationStructureKHR
// SPIRV: %rayQueryKHR = OpTypeRayQueryKHR
// SPIRV: %q = OpVariable %_ptr_Function_rayQueryKHR Function
// SPIRV: OpRayQueryInitializeKHR %q
// SPIRV: OpRayQueryProceedKHR %bool %q
// SPIRV: OpRayQueryGetIntersectionTypeKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionTKHR %float %q %uint_0
// SPIRV: OpRayQueryGetIntersectionInstanceIdKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionGeometryIndexKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionPrimitiveIndexKHR %uint %q %uint_0
// SPIRV: OpRayQueryGetIntersectionObjectRayOriginKHR %v3float %q %uint_0
// SPIRV: OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float %q %uint_0
// SPIRV: OpRayQueryGetIntersectionBarycentricsKHR %v2float %q %uint_0
// SPIRV: OpRayQueryGetIntersectionFrontFaceKHR %bool %q %uint_0
// SPIRV: OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q %uint_0
// SPIRV: OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q %uint_0
// SPIRV: OpTranspose %mat3v4float
// SPIRV: OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool %q
// SPIRV: OpLogicalNot %bool
// SPIRV: OpRayQueryConfirmIntersectionKHR %q
// SPIRV: OpRayQueryGenerateIntersectionKHR %q
// SPIRV: OpRayQueryTerminateKHR %q
// DIAG-MSL: OSH4140 *:*
// DIAG-WGSL: OSH5140 *:*
// NOTE: DXC's SPIR-V.rst "RayQuery Mapping to SPIR-V": Candidate* getters pass the
// NOTE: Intersection operand 0 (RayQueryCandidateIntersectionKHR); the 3x4 matrices are the
// NOTE: mat4v3 result transposed; the AABB instruction answers "opaque", HLSL asks "non-opaque".
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<float4> result : register(u1);

[numthreads(1, 1, 1)]
void main() {
  RayDesc ray;
  ray.Origin = float3(0, 0, 0);
  ray.TMin = 0.001;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 100.0;
  RayQuery<RAY_FLAG_NONE> q;
  q.TraceRayInline(scene, RAY_FLAG_NONE, 0xFF, ray);
  float4 acc = 0;
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) {
      acc.x += q.CandidateTriangleRayT();
      acc.y += q.CandidateInstanceIndex() + q.CandidateInstanceID() + q.CandidateInstanceContributionToHitGroupIndex();
      acc.z += q.CandidateGeometryIndex() + q.CandidatePrimitiveIndex();
      acc.xyz += q.CandidateObjectRayOrigin() + q.CandidateObjectRayDirection();
      acc.xy += q.CandidateTriangleBarycentrics();
      float4x3 o2w = q.CandidateObjectToWorld4x3();
      float3x4 w2o = q.CandidateWorldToObject3x4();
      acc.w += o2w[3].x + w2o[0].w;
      if (q.CandidateTriangleFrontFace()) q.CommitNonOpaqueTriangleHit();
    } else if (q.CandidateProceduralPrimitiveNonOpaque()) {
      q.CommitProceduralPrimitiveHit(1.5);
    } else {
      q.Abort();
    }
  }
  result[0] = acc;
}
