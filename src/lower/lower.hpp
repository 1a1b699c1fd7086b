// Lowering: the checked AST (Sema annotations, see sema/type.hpp) -> one IR module with
// every entry point of the program.
//
//   auto module = lower::lowerProgram(*tu, sema.program(), sema, lower::lowerOptionsFrom(opts), diags);
//
// Returns nullptr when an error was reported (OSH0007 for constructs not supported yet,
// OSH0040 for binding collisions, OSH9999 for internal invariant failures).
#pragma once
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "lower/bindings.hpp"
#include "lower/layout.hpp"
#include "sema/sema.hpp"
#include "syntax/ast.hpp"

namespace oneshader::lower {

struct LowerOptions {
  LayoutOption layout = LayoutOption::Default;  // -fvk-use-dx-layout / -fvk-use-scalar-layout / -fvk-use-gl-layout
  bool defaultRowMajor = false;                 // -Zpr
  std::vector<BindingShift> bindingShifts;      // -fvk-{t,u,b,s}-shift
  BindingOptions bindings;                      // -fvk-bind-register, -fvk-bind-globals, ...
  bool validateIR = true;                       // run ir::validate on the result
  // Stage interface (DXC's options; see docs/cli.md).
  // -fvk-use-dx-position-w: a pixel shader reads SV_Position.w as 1/w, DirectX's value; every
  // target's fragment w is Vulkan's (1/w_clip: SPIR-V FragCoord, Metal [[position]], WGSL
  // @builtin(position)), so it is lowered for all three. (-fvk-invert-y is SPIR-V's alone.)
  bool dxPositionW = false;
  bool nonzeroBaseVertex = false;    // -fvk-support-nonzero-base-vertex
  bool nonzeroBaseInstance = false;  // -fvk-support-nonzero-base-instance
  bool alphabeticalStageIo = false;  // -fvk-stage-io-order=alpha
  // -HV: before HLSL 2021, && || and ?: evaluate every operand (no short circuit; DXC's
  // OpLogicalAnd / OpLogicalOr / OpSelect).
  uint32_t hlslVersion = 2021;
  // Mesh and amplification shaders: DXC emits SPV_NV_mesh_shader below SPIR-V 1.4 or when
  // -fspv-extension lists no SPV_EXT_mesh_shader; the reason, "" for SPV_EXT_mesh_shader.
  std::string nvMeshReason;
  // Ray tracing stages: SPV_NV_ray_tracing's instructions (-fspv-extension lists it and not
  // SPV_KHR_ray_tracing, as DXC; spirv::nvRayTracing), else SPV_KHR_ray_tracing's.
  bool nvRayTracing = false;
  // Descriptor heaps (-fvk-bind-resource-heap / -sampler-heap / -counter-heap): binding, set.
  std::optional<std::pair<uint32_t, uint32_t>> resourceHeapBinding, samplerHeapBinding, counterHeapBinding;
};

std::unique_ptr<ir::Module> lowerProgram(const ast::TranslationUnit& tu, const sema::Program& program,
                                         const sema::Sema& sema, const LowerOptions& options, DiagEngine& diags);

}  // namespace oneshader::lower
