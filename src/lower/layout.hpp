// Buffer memory layout: DXC's rules for SPIR-V, computed on IR types.
//
// Rules (DXC's SPIR-V.rst, "Memory layout rules"):
//   RelaxedStd140  cbuffer / ConstantBuffer by default: std140 with "vector-relaxed"
//                  placement (a vector member is aligned like its component, unless that
//                  makes it straddle a 16-byte boundary improperly, then it is aligned to 16).
//                  Arrays, structs and matrix columns are 16-byte aligned; array strides
//                  and struct sizes are rounded up to 16.
//   RelaxedStd430  Structured/ByteAddress buffers and push constants by default: std430 with
//                  the same vector relaxation (no rounding of arrays/structs to 16).
//   DxCBuffer      -fvk-use-dx-layout for cbuffers: FXC/DXIL constant-buffer packing
//                  (vectors aligned like their component, no improper straddle, arrays and
//                  structs and matrices start on a 16-byte register, the last array element
//                  and the last matrix vector are not padded).
//   DxStructured   -fvk-use-dx-layout for structured buffers: C-like tight packing
//                  (everything aligned like its component; struct sizes rounded up to the
//                  struct alignment).
//   Scalar         -fvk-use-scalar-layout: VK_EXT_scalar_block_layout.
//   Std140/Std430  -fvk-use-gl-layout: OpenGL's strict rules (a vector is aligned to its
//                  whole size, a 3-vector like a 4-vector; no relaxation).
//
// Matrices: an HLSL floatRxC is an IR Matrix{columns = R, rows = C} (HLSL row i is IR
// column i). HLSL `row_major` storage keeps HLSL rows = IR columns contiguous, i.e. IR
// ColMajor; HLSL `column_major` (the default) is IR RowMajor. The engine takes HLSL
// majorness (HlslMajor) and records IR majorness (ir::MatrixLayout) in struct members.
//
// Usage: build laid-out types bottom-up (scalars/vectors/matrices need no layout):
//   LayoutEngine le(module.types, LayoutRule::RelaxedStd140);
//   auto arr = le.array(f32, 3);                              // stride from the rule
//   auto blk = le.structure("type_CB", {{"a", f32}, {"m", mat, HlslMajor::RowMajor}});
// or lay out a whole layout-free type at once with layOut().
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader::lower {

// The layout option (-fvk-use-dx-layout / -fvk-use-scalar-layout); the driver maps the
// public LayoutRules onto it.
enum class LayoutOption : uint8_t { Default, DirectX, Scalar, OpenGL };

enum class LayoutRule : uint8_t { RelaxedStd140, RelaxedStd430, DxCBuffer, DxStructured, Scalar, Std140, Std430 };
// std140's 16-byte rounding of arrays, structs and matrix vectors (relaxed or strict).
inline bool isStd140Like(LayoutRule r) { return r == LayoutRule::RelaxedStd140 || r == LayoutRule::Std140; }
// DXC's vector relaxation applies (a vector aligned like its component unless it straddles).
inline bool isVectorRelaxed(LayoutRule r) {
  return r == LayoutRule::RelaxedStd140 || r == LayoutRule::RelaxedStd430 || r == LayoutRule::DxCBuffer;
}
const char* layoutRuleName(LayoutRule r);

enum class BufferClass : uint8_t { Uniform, Storage, PushConstant };
// The rule DXC uses for a buffer class under the -fvk-use-*-layout option.
LayoutRule layoutRuleFor(LayoutOption option, BufferClass cls);

enum class HlslMajor : uint8_t { Default, RowMajor, ColumnMajor };

struct SizeAlign {
  uint32_t size = 0;
  uint32_t align = 1;
};

class LayoutEngine {
 public:
  // defaultRowMajor: -Zpr (HLSL matrices without a qualifier are row_major).
  LayoutEngine(ir::TypeArena& types, LayoutRule rule, bool defaultRowMajor = false)
      : types_(types), rule_(rule), defaultRowMajor_(defaultRowMajor) {}

  LayoutRule rule() const { return rule_; }
  ir::TypeArena& types() { return types_; }

  // IR majorness for an HLSL majorness (Default resolved with -Zpr).
  ir::MatrixLayout irMajor(HlslMajor m) const;

  // Size and alignment of a laid-out type (scalars, vectors, matrices, arrays with a
  // stride, structs with offsets). `major` is the IR majorness used for matrices and
  // arrays of matrices (None = the default majorness).
  SizeAlign sizeAlign(ir::Handle<ir::Type> t, ir::MatrixLayout major = ir::MatrixLayout::None) const;
  // The MatrixStride of a matrix (or of the matrices of an array of matrices).
  uint32_t matrixStride(ir::Handle<ir::Type> t, ir::MatrixLayout major = ir::MatrixLayout::None) const;

  // A laid-out array of `count` elements of a laid-out `elem` (count 0: runtime-sized).
  ir::Handle<ir::Type> array(ir::Handle<ir::Type> elem, uint32_t count, HlslMajor major = HlslMajor::Default);
  // The array stride an array of `elem` gets under this rule.
  uint32_t arrayStride(ir::Handle<ir::Type> elem, HlslMajor major = HlslMajor::Default) const;

  struct Member {
    std::string name;
    ir::Handle<ir::Type> type;  // laid out
    HlslMajor major = HlslMajor::Default;
    std::optional<uint32_t> offset;  // packoffset / [[vk::offset]] / register(cN)
  };
  // A laid-out struct: member offsets, matrix strides/majorness, size.
  ir::Handle<ir::Type> structure(std::string name, const std::vector<Member>& members);

  // Lays out a type that has no explicit layout yet: arrays get strides, structs get
  // offsets (recursively). Struct members of the input whose matrixLayout is set keep it
  // (IR majorness); otherwise matrices use `major`.
  ir::Handle<ir::Type> layOut(ir::Handle<ir::Type> t, HlslMajor major = HlslMajor::Default);

  // Offsets of the members of a laid-out struct (for tests and reflection).
  std::vector<uint32_t> offsets(ir::Handle<ir::Type> structType) const;

 private:
  ir::MatrixLayout resolve(ir::MatrixLayout m) const;
  SizeAlign elementForArray(ir::Handle<ir::Type> elem, ir::MatrixLayout major) const;
  uint32_t strideOf(SizeAlign elem) const;
  ir::TypeArena& types_;
  LayoutRule rule_;
  bool defaultRowMajor_;
};

}  // namespace oneshader::lower
