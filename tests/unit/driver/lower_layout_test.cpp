// Layout engine: offsets computed by hand from DXC's rules (SPIR-V.rst "Memory layout
// rules") and, for the DirectX cbuffer rule, the offsets FXC reports (DXC's
// vk.layout.cbuffer.fxc.hlsl test records them).
#include <gtest/gtest.h>

#include "lower/layout.hpp"

using namespace oneshader;
using namespace oneshader::lower;
using ir::Handle;
using ir::Scalar;
using ir::Type;

namespace {

struct Fixture {
  ir::Module m;
  Handle<Type> f32 = m.types.scalar(Scalar::f32());
  Handle<Type> i32 = m.types.scalar(Scalar::i32());
  Handle<Type> f64 = m.types.scalar(Scalar::f64());
  Handle<Type> v2 = m.types.vector(Scalar::f32(), 2);
  Handle<Type> v3 = m.types.vector(Scalar::f32(), 3);
  Handle<Type> v4 = m.types.vector(Scalar::f32(), 4);
  Handle<Type> d3 = m.types.vector(Scalar::f64(), 3);
  // HLSL float2x3 (2 rows, 3 columns) -> IR Matrix{columns 2, rows 3}
  Handle<Type> f2x3 = m.types.matrix(Scalar::f32(), 2, 3);
  // HLSL float3x2 -> IR Matrix{columns 3, rows 2}
  Handle<Type> f3x2 = m.types.matrix(Scalar::f32(), 3, 2);
};

// cbuffer { float a; float3 b; float c; float2 d; float2 e; float f[2]; }
std::vector<uint32_t> simpleCBuffer(LayoutRule rule, uint32_t* size) {
  Fixture fx;
  LayoutEngine le(fx.m.types, rule);
  auto blk = le.structure(
      "CB", {{"a", fx.f32}, {"b", fx.v3}, {"c", fx.f32}, {"d", fx.v2}, {"e", fx.v2}, {"f", le.array(fx.f32, 2)}});
  *size = fx.m.types[blk].structSize;
  return le.offsets(blk);
}

}  // namespace

TEST(LowerLayout, RuleSelection) {
  EXPECT_EQ(layoutRuleFor(LayoutOption::Default, BufferClass::Uniform), LayoutRule::RelaxedStd140);
  EXPECT_EQ(layoutRuleFor(LayoutOption::Default, BufferClass::Storage), LayoutRule::RelaxedStd430);
  EXPECT_EQ(layoutRuleFor(LayoutOption::Default, BufferClass::PushConstant), LayoutRule::RelaxedStd430);
  EXPECT_EQ(layoutRuleFor(LayoutOption::DirectX, BufferClass::Uniform), LayoutRule::DxCBuffer);
  EXPECT_EQ(layoutRuleFor(LayoutOption::DirectX, BufferClass::Storage), LayoutRule::DxStructured);
  EXPECT_EQ(layoutRuleFor(LayoutOption::Scalar, BufferClass::Uniform), LayoutRule::Scalar);
}

// a 0; b float3 aligned as float at 4 (4..15, no straddle); c 16; d float2 at 20 (20..27);
// e float2 at 28 would straddle 32 -> 32; f float[2]: 16-aligned at 48, stride 16.
TEST(LowerLayout, SimpleCBufferRelaxedStd140) {
  uint32_t size = 0;
  EXPECT_EQ(simpleCBuffer(LayoutRule::RelaxedStd140, &size), (std::vector<uint32_t>{0, 4, 16, 20, 32, 48}));
  EXPECT_EQ(size, 80u);
}

// Same placement; the last array element is not padded: 48 + 16 + 4 = 68.
TEST(LowerLayout, SimpleCBufferDx) {
  uint32_t size = 0;
  EXPECT_EQ(simpleCBuffer(LayoutRule::DxCBuffer, &size), (std::vector<uint32_t>{0, 4, 16, 20, 32, 48}));
  EXPECT_EQ(size, 68u);
}

// std430: float[2] has stride 4 and alignment 4 -> 40; size rounded to the float3 alignment 16.
TEST(LowerLayout, SimpleCBufferRelaxedStd430) {
  uint32_t size = 0;
  EXPECT_EQ(simpleCBuffer(LayoutRule::RelaxedStd430, &size), (std::vector<uint32_t>{0, 4, 16, 20, 32, 40}));
  EXPECT_EQ(size, 48u);
}

TEST(LowerLayout, SimpleCBufferScalar) {
  uint32_t size = 0;
  EXPECT_EQ(simpleCBuffer(LayoutRule::Scalar, &size), (std::vector<uint32_t>{0, 4, 16, 20, 28, 36}));
  EXPECT_EQ(size, 44u);
}

// The table in SPIR-V.rst: struct S { float3 f; }; struct T { float a; float3 b; S c;
// float2x3 d; row_major float2x3 e; int f[3]; float2 g[2]; }.
static std::vector<uint32_t> tableT(LayoutRule rule) {
  Fixture fx;
  LayoutEngine le(fx.m.types, rule);
  auto s = le.structure("S", {{"f", fx.v3}});
  auto t = le.structure("T", {{"a", fx.f32},
                              {"b", fx.v3},
                              {"c", s},
                              {"d", fx.f2x3},
                              {"e", fx.f2x3, HlslMajor::RowMajor},
                              {"f", le.array(fx.i32, 3)},
                              {"g", le.array(fx.v2, 2)}});
  return le.offsets(t);
}

TEST(LowerLayout, DxcTableUniformVk) {
  EXPECT_EQ(tableT(LayoutRule::RelaxedStd140), (std::vector<uint32_t>{0, 4, 16, 32, 80, 112, 160}));
}
TEST(LowerLayout, DxcTableUniformDx) {
  EXPECT_EQ(tableT(LayoutRule::DxCBuffer), (std::vector<uint32_t>{0, 4, 16, 32, 80, 112, 160}));
}
TEST(LowerLayout, DxcTableUniformScalar) {
  EXPECT_EQ(tableT(LayoutRule::Scalar), (std::vector<uint32_t>{0, 4, 16, 28, 52, 76, 88}));
}
TEST(LowerLayout, DxcTableStorageVk) {
  EXPECT_EQ(tableT(LayoutRule::RelaxedStd430), (std::vector<uint32_t>{0, 4, 16, 32, 64, 96, 112}));
}
TEST(LowerLayout, DxcTableStorageDx) {
  EXPECT_EQ(tableT(LayoutRule::DxStructured), (std::vector<uint32_t>{0, 4, 16, 28, 52, 76, 88}));
}

// Matrix majorness flips: HLSL column_major (default) -> IR RowMajor, row_major -> ColMajor;
// strides per rule.
TEST(LowerLayout, MatrixMajornessAndStride) {
  Fixture fx;
  LayoutEngine le(fx.m.types, LayoutRule::RelaxedStd430);
  auto t = le.structure("M", {{"d", fx.f2x3}, {"e", fx.f2x3, HlslMajor::RowMajor}});
  const Type& st = fx.m.types[t];
  EXPECT_EQ(st.members[0].matrixLayout, ir::MatrixLayout::RowMajor);
  EXPECT_EQ(st.members[0].matrixStride, 8u);  // 3 vectors of float2
  EXPECT_EQ(st.members[1].matrixLayout, ir::MatrixLayout::ColMajor);
  EXPECT_EQ(st.members[1].matrixStride, 16u);  // 2 vectors of float3
  // -Zpr: unqualified matrices are row_major.
  LayoutEngine zpr(fx.m.types, LayoutRule::RelaxedStd140, /*defaultRowMajor=*/true);
  EXPECT_EQ(zpr.irMajor(HlslMajor::Default), ir::MatrixLayout::ColMajor);
  EXPECT_EQ(zpr.irMajor(HlslMajor::ColumnMajor), ir::MatrixLayout::RowMajor);
  // Non-matrix members carry no majorness.
  auto u = le.structure("U", {{"x", fx.f32}});
  EXPECT_EQ(fx.m.types[u].members[0].matrixLayout, ir::MatrixLayout::None);
}

// FXC's reported offsets for struct S in vk.layout.cbuffer.fxc.hlsl (first members).
TEST(LowerLayout, FxcCBufferStruct) {
  Fixture fx;
  LayoutEngine le(fx.m.types, LayoutRule::DxCBuffer);
  auto R = HlslMajor::RowMajor, D = HlslMajor::Default;
  auto s = le.structure("S", {{"scalar1", fx.f32},
                              {"scalar2", fx.f64},
                              {"vector1", fx.v3},
                              {"vector2", fx.v3},
                              {"vector3", fx.d3},
                              {"vector4", fx.d3},
                              {"matrix1", fx.f2x3},
                              {"matrix2", fx.f2x3, R},
                              {"matrix3", fx.f3x2},
                              {"matrix4", fx.f3x2, R},
                              {"scalarArray1", le.array(fx.f32, 1)},
                              {"scalarArray2", le.array(fx.f64, 2)},
                              {"vectorArray1", le.array(fx.v3, 1)},
                              {"vectorArray2", le.array(fx.v3, 2)},
                              {"vectorArray3", le.array(fx.d3, 3)},
                              {"vectorArray4", le.array(fx.d3, 4)},
                              {"matrixArray1", le.array(fx.f2x3, 1, D), D},
                              {"matrixArray2", le.array(fx.f2x3, 2, R), R},
                              {"matrixArray3", le.array(fx.f3x2, 3, D), D},
                              {"matrixArray4", le.array(fx.f3x2, 4, R), R}});
  EXPECT_EQ(le.offsets(s), (std::vector<uint32_t>{0,   8,   16,  32,  48,  80,  112, 160, 192, 224,
                                                  272, 288, 320, 336, 368, 464, 592, 640, 704, 800}));
  EXPECT_EQ(fx.m.types[s].structSize, 984u);
  // Array strides FXC implies: float2x3 (3 column registers, 40 bytes) -> 48,
  // row_major float2x3 (2 row registers, 28 bytes) -> 32, double3 -> 32.
  EXPECT_EQ(le.arrayStride(fx.f2x3), 48u);
  EXPECT_EQ(le.arrayStride(fx.f2x3, R), 32u);
  EXPECT_EQ(le.arrayStride(fx.d3), 32u);
  // An array of two S: stride 992 (984 rounded to 16), size 992 + 984 = 1976 as FXC reports.
  auto arr = le.array(s, 2);
  EXPECT_EQ(fx.m.types[arr].stride, 992u);
  EXPECT_EQ(le.sizeAlign(arr).size, 1976u);
}

// The cbuffer around it: members after arrays pack into the array's last register.
TEST(LowerLayout, FxcCBufferTail) {
  Fixture fx;
  LayoutEngine le(fx.m.types, LayoutRule::DxCBuffer);
  // double CB_scalar2 @2968; float3 CB_vector5 @2976; int CB_scalarArray3[3] @2992 (size 36);
  // float3 CB_vector6 @3028.
  auto cb = le.structure("CB", {{"pad", le.array(fx.v4, 185)},  // 2960 bytes
                                {"s2", fx.f64},
                                {"v5", fx.v3},
                                {"a3", le.array(fx.i32, 3)},
                                {"v6", fx.v3}});
  auto offs = le.offsets(cb);
  EXPECT_EQ(offs[1], 2960u);  // double right after the padding
  EXPECT_EQ(offs[2], 2976u);  // 2968 + float3 would straddle 2976
  EXPECT_EQ(offs[3], 2992u);  // arrays start on a register
  EXPECT_EQ(offs[4], 3028u);  // 2992 + 36, no straddle
}

TEST(LowerLayout, RuntimeArrayStrides) {
  Fixture fx;
  LayoutEngine vk(fx.m.types, LayoutRule::RelaxedStd430);
  LayoutEngine dx(fx.m.types, LayoutRule::DxStructured);
  EXPECT_EQ(vk.arrayStride(fx.v3), 16u);  // std430 float3 elements
  EXPECT_EQ(dx.arrayStride(fx.v3), 12u);  // tightly packed
  auto rt = vk.array(fx.f32, 0);
  EXPECT_EQ(fx.m.types[rt].arraySize, 0u);
  EXPECT_EQ(fx.m.types[rt].stride, 4u);
  // struct T { float a; float3 b; } in a StructuredBuffer: b at 4, stride 16 (SPIR-V.rst).
  auto t = vk.structure("T", {{"a", fx.f32}, {"b", fx.v3}});
  EXPECT_EQ(vk.offsets(t), (std::vector<uint32_t>{0, 4}));
  EXPECT_EQ(vk.arrayStride(t), 16u);
}

TEST(LowerLayout, LayOutFreeType) {
  Fixture fx;
  auto inner = fx.m.types.structure("S", {ir::StructMember{"f", fx.v3}});
  auto arr = fx.m.types.array(inner, 2);
  auto outer = fx.m.types.structure(
      "T", {ir::StructMember{"a", fx.f32}, ir::StructMember{"s", arr}, ir::StructMember{"m", fx.f3x2}});
  LayoutEngine le(fx.m.types, LayoutRule::RelaxedStd140);
  auto laid = le.layOut(outer);
  const Type& t = fx.m.types[laid];
  ASSERT_EQ(t.members.size(), 3u);
  EXPECT_EQ(t.members[0].offset, 0u);
  EXPECT_EQ(t.members[1].offset, 16u);  // struct array: 16-aligned
  EXPECT_EQ(fx.m.types[t.members[1].type].stride, 16u);
  // float3x2 column_major: IR RowMajor, 2 vectors of 3 -> 2 * 16 = 32 bytes at 48.
  EXPECT_EQ(t.members[2].offset, 48u);
  EXPECT_EQ(t.members[2].matrixLayout, ir::MatrixLayout::RowMajor);
  EXPECT_EQ(t.structSize, 80u);
  EXPECT_NE(laid, outer);
}
