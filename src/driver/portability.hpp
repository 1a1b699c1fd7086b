// Target-portability checks that run on the checked AST, before lowering: constructs
// that one of the requested targets cannot express are reported at their HLSL range.
#pragma once
#include <vector>

#include "diag/diag.hpp"
#include "oneshader/oneshader.hpp"
#include "sema/sema.hpp"

namespace oneshader::driver {

// OSH0350: WaveMatch / WaveMultiPrefix* (partitioned subgroup operations) reached from an
// entry point while MSL or WGSL is among `targets`. One error per call and target, with
// the suggestion to build the groups with WaveActiveBallot and WaveReadLaneFirst.
void checkPartitionedWaveOps(const sema::Program& program, const std::vector<CompileTarget>& targets,
                             DiagEngine& diags);

// OSH4101 / OSH5101: inline SPIR-V ([[vk::ext_instruction]] calls, ...) reached from an
// entry point while MSL or WGSL is a target, at the use (shared/design/inline-spirv.md
// section 15); OSH4102 / OSH5102 for [[vk::ext_capability]] / [[vk::ext_extension]] on a
// reached function, parameter or variable, which mean nothing there. Unreached
// declarations are silent, so one header library serves every target.
void checkInlineSpirv(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags);

// OSH4130 / OSH5130: an entry point of a stage that only SPIR-V has (geometry, hull,
// domain, mesh, amplification) while MSL or WGSL is a target, at the entry point's name.
void checkStages(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags);
// Ray tracing (RayQuery, acceleration structures) for MSL (OSH4140) and WGSL (OSH5140).
void checkRayTracing(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags);
// EvaluateAttributeAtSample / Centroid / Snapped reached from an entry point while MSL
// (OSH0007: Metal's interpolant<T> inputs are not emitted yet) or WGSL (OSH5001: WebGPU has
// no interpolation functions) is a target, at the call; GetAttributeAtVertex likewise
// (OSH4001: MSL 2.4 has no per-vertex fragment inputs; OSH5001).
void checkInterpolation(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags);
// `export` on a function while SPIR-V is a target: OSH3004 for Vulkan (no Linkage
// capability there), OSH0007 for the universal environment (linkage not emitted yet).
void checkExports(const sema::Program& program, const CompileOptions& options, DiagEngine& diags);

}  // namespace oneshader::driver
