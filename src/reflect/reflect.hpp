// Reflection: what a host needs to know about each compiled entry point, computed from
// the IR (stage, workgroup size, subgroup features, resources) and from the backend's
// report (SPIR-V capabilities and extensions). The public structs live in
// include/oneshader/oneshader.hpp; this header holds the builders and formatters.
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::reflect {

// The Vulkan descriptor type for an HLSL resource kind: "storage-buffer",
// "uniform-buffer", "sampled-image", "storage-image", "uniform-texel-buffer",
// "storage-texel-buffer", "sampler"; "" when the kind is not a descriptor.
const char* descriptorTypeOf(ir::ResourceKind k);
bool isReadOnlyResource(ir::ResourceKind k);

// Union of VkSubgroupFeatureFlagBits over every subgroup operation and subgroup
// built-in reachable from `ep`.
uint32_t subgroupFeatures(const ir::Module& m, const ir::EntryPoint& ep);

// Resources (descriptor-bound globals) referenced from `ep`, sorted by (set, binding, name).
std::vector<ResourceBinding> resources(const ir::Module& m, const ir::EntryPoint& ep);

// Name, stage, workgroup size, subgroup features, resources, stage inputs/outputs and
// WebGPU features. The per-target parts are added by the driver with the add* functions
// below, once per target that was compiled; SPIR-V capabilities/extensions come from the
// SPIR-V backend's report.
EntryPointInfo buildEntryPointInfo(const ir::Module& m, const ir::EntryPoint& ep);

// "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER", ... for a resource kind; "" when not a descriptor.
const char* vkDescriptorTypeOf(ir::ResourceKind k);

// The stage interface, flattened (interface-struct members one by one), in declaration
// order. Inputs end with the subgroup built-ins the entry point reads through
// WaveGetLaneCount / WaveGetLaneIndex (every target passes them as inputs).
std::vector<StageVariable> stageInputs(const ir::Module& m, const ir::EntryPoint& ep);
std::vector<StageVariable> stageOutputs(const ir::Module& m, const ir::EntryPoint& ep);

// HLSL spelling of an interface type: "uint3", "float4", "float4x4", "int[2]".
std::string hlslTypeName(const ir::TypeArena& types, ir::Handle<ir::Type> t);

// The WebGPU GPUShaderStage bit of a stage (VERTEX 1, FRAGMENT 2, COMPUTE 4; 0 for the
// stages WebGPU has not).
uint32_t webgpuVisibility(ShaderStage s);

// The GPUBindGroupLayoutEntry shape of a resource global as the WGSL backend declared it;
// `wgslType` is WgslBinding::type ("storage-read", "storage", "uniform", "texture",
// "storage-texture", "sampler").
WebGpuLayoutShape webgpuLayoutShape(const ir::Module& m, const ir::GlobalVariable& g, const std::string& wgslType);

// The SPIR-V backend decorates each resource with its IR (set, binding): fills
// ResourceBinding::spirv for every resource of `info`, counters included.
void addSpirvBindings(const ir::Module& m, EntryPointInfo& info);

// One binding as a backend reported it (a view of wgsl::WgslBinding / msl::MslBinding, so
// this header does not depend on the backends).
struct TargetBinding {
  std::string name;           // the HLSL global's name
  std::string kind;           // WGSL: WgslBinding::type; MSL: "buffer", "texture", "sampler"
  uint32_t group = 0;         // WGSL only
  uint32_t binding = 0;       // WGSL @binding; MSL index
  bool depthTexture = false;  // WGSL: WgslBinding::depthTexture (texture_depth_*: sampleType "depth")
  uint32_t count = 1;         // MSL: MslBinding::count (an array takes count consecutive indices)
};

// WGSL: fills ResourceBinding::wgsl and EntryPointInfo::webgpu (the pipeline-layout view:
// one bind group layout per group up to the highest used, entries in binding order).
void addWgslBindings(const ir::Module& m, const ir::EntryPoint& ep, const std::vector<TargetBinding>& bindings,
                     const std::vector<std::string>& requiredFeatures, EntryPointInfo& info);

// MSL: fills ResourceBinding::msl / mslIndex and EntryPointInfo::metal (the argument table,
// per kind buffer, texture, sampler in index order).
void addMslBindings(const std::vector<TargetBinding>& bindings, EntryPointInfo& info);

}  // namespace oneshader::reflect
