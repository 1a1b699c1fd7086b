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

// Functions reachable from `ep` (the entry function first, then callees in handle order).
std::vector<ir::Handle<ir::Function>> reachableFunctions(const ir::Module& m, const ir::EntryPoint& ep);

// Union of VkSubgroupFeatureFlagBits over every subgroup operation and subgroup
// built-in reachable from `ep`.
uint32_t subgroupFeatures(const ir::Module& m, const ir::EntryPoint& ep);

// Resources (descriptor-bound globals) referenced from `ep`, sorted by (set, binding, name).
std::vector<ResourceBinding> resources(const ir::Module& m, const ir::EntryPoint& ep);

// Name, stage, workgroup size, subgroup features, resources and WebGPU features.
// SPIR-V capabilities/extensions are filled in by the driver from the backend's report.
EntryPointInfo buildEntryPointInfo(const ir::Module& m, const ir::EntryPoint& ep);

}  // namespace oneshader::reflect
