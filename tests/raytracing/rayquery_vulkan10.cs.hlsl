// ARGS: -E main -T cs_6_5 -fspv-target-env=vulkan1.0
// DIAG-SPIRV: OSH3004 *:*
// DIAG-MSL: OSH4140 *:*
// DIAG-WGSL: OSH5140 *:*
// NOTE: SPV_KHR_ray_query needs SPIR-V 1.4 (Vulkan's VK_KHR_ray_query requires
// NOTE: VK_KHR_spirv_1_4; DXC: "Vulkan 1.1 with SPIR-V 1.4 is required for Raytracing").
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> result : register(u1);

[numthreads(1, 1, 1)]
void main() {
  RayQuery<RAY_FLAG_NONE> q;
  q.TraceRayInline(scene, 0, 0xFF, (RayDesc)0);
  result[0] = q.Proceed() ? 1 : 0;
}
