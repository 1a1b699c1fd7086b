// Subgroup (wave / quad) operations by target, from the one table ir/subgroups.def. The IR
// printer, the SPIR-V emitter and the MSL and WGSL writers spell an ir::SubgroupOp only
// through this (and ir.hpp's subgroupOpName / subgroupHlslName / subgroupFeatureOf, which
// read it too).
#pragma once
#include <cstdint>

#include "ir/ir.hpp"

namespace oneshader::ir {

struct SubgroupInfo {
  const char* name;      // IR text ("broadcast_first")
  uint32_t feature;      // vk::SubgroupFeatureBit
  const char* hlsl;      // the HLSL intrinsic ("WaveActiveSum")
  const char* hlslScan;  // its prefix form ("WavePrefixSum"; "" = none)
  // spv::Op by operand kind: Uint, Sint, Float, Bool (ScalarKind order differs: use spirvOp).
  uint32_t spirvUint, spirvSint, spirvFloat, spirvBool;
  const char* msl[3];   // MSL function: reduce / exclusive scan / inclusive scan ("" = none)
  const char* wgsl[3];  // WGSL built-in: likewise
};
const SubgroupInfo& subgroupInfo(SubgroupOp op);
// The spv::Op of `op` on operands of component kind `k`.
uint32_t subgroupSpirvOp(SubgroupOp op, ScalarKind k);
// The MSL / WGSL function of `op` with collective `c` ("" where the target has none).
const char* subgroupMsl(SubgroupOp op, CollectiveOp c);
const char* subgroupWgsl(SubgroupOp op, CollectiveOp c);

}  // namespace oneshader::ir
