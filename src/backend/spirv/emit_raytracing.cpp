// SPIR-V: what ray tracing needs at module level. The operations themselves are SpirvInst
// statements made by lowering (lower_raytracing.cpp) that carry their own capability and
// extension; the types are here.
//
// DXC's rules: an acceleration structure or a ray query in a ray tracing pipeline stage
// declares RayTracingKHR and SPV_KHR_ray_tracing, elsewhere RayQueryKHR and SPV_KHR_ray_query
// (a ray query is RayQueryKHR in every stage). Both extensions need SPIR-V 1.4 (Vulkan's
// VK_KHR_ray_query and VK_KHR_ray_tracing_pipeline require VK_KHR_spirv_1_4; DXC: "Vulkan
// 1.1 with SPIR-V 1.4 is required for Raytracing"): an older target environment is OSH3004.
// DXC's NV form of the pipeline (-fspv-extension=SPV_NV_ray_tracing) is SPIR-V 1.0 and
// declares RayTracingNV / SPV_NV_ray_tracing instead.
#include "backend/spirv/emitter.hpp"

namespace oneshader::spirv {

void Emitter::rayTracingPipeline() {
  if (nvRayTracing(opt_.allowedExtensions)) {
    cap(spv::Capability::RayTracingNV);
    exts_.insert("SPV_NV_ray_tracing");
    return;
  }
  if (spirvVersionFor(opt_.env) < 0x00010400 && !failed_)
    error(DiagId::SpirvUnsupported, ep_.range,
          {"a ray tracing pipeline stage (SPV_KHR_ray_tracing needs SPIR-V 1.4: -fspv-target-env=vulkan1.1spirv1.4 "
           "or later, or SPV_NV_ray_tracing with -fspv-extension=SPV_NV_ray_tracing)"});
  cap(spv::Capability::RayTracingKHR);
  exts_.insert("SPV_KHR_ray_tracing");
}

void Emitter::rayTracingRequirement(bool query) {
  // An acceleration structure in a ray tracing stage: the stage's own capability.
  if (!query && isRayTracingStage(ep_.stage)) return rayTracingPipeline();
  if (spirvVersionFor(opt_.env) < 0x00010400 && !failed_)
    error(DiagId::SpirvUnsupported, ep_.range,
          {std::string(query ? "inline ray tracing (RayQuery" : "ray tracing (RaytracingAccelerationStructure") +
           " needs SPIR-V 1.4: -fspv-target-env=vulkan1.1spirv1.4 or later)"});
  if (query) {
    cap(spv::Capability::RayQueryKHR);
    exts_.insert("SPV_KHR_ray_query");
  } else if (!caps_.count(spv::Capability::RayQueryKHR) && !caps_.count(spv::Capability::RayTracingKHR)) {
    cap(spv::Capability::RayQueryKHR);
    exts_.insert("SPV_KHR_ray_query");
  }
}

}  // namespace oneshader::spirv
