// Non-float matrices (int, uint, bool, 16- and 64-bit integers): DXC represents an MxN one
// (M, N > 1) as an array of M row vectors, because SPIR-V matrices are float only
// (SPIR-V.rst "Vectors and matrices"; 1xN and Nx1 are vectors, 1x1 a scalar). The
// expected shapes are DXC's CHECK lines: type.matrix.hlsl (the types),
// binary-op.arithmetic.matrix.hlsl (operators per row), cast.2fp.implicit.hlsl and
// cast.2bool.implicit.hlsl (conversions per row), intrinsics.mul.hlsl (mul expanded into
// scalar OpIMul / OpIAdd over the transposed right operand), intrinsics.transpose.hlsl,
// vk.layout.cbuffer.std140.hlsl / vk.layout.sbuffer.std430.hlsl (row_major layouts, as
// arrays) and vk.layout.non-fp-matrix.error.hlsl (a column_major one in a buffer is refused).
#include <gtest/gtest.h>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, const std::string& profile = "cs_6_0", bool rowMajor = false) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.disassemble = true;
  o.defaultRowMajor = rowMajor;
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  return CompileSource(src, "intmat.hlsl", o);
}

std::string disasm(const CompileResult& r) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == CompileTarget::SpirV) return DisassembleSpirv(s.spirv);
  return "";
}

const CompiledShader* output(const CompileResult& r, CompileTarget t) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == t) return &s;
  return nullptr;
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(LowerIntMatrix, TypesAreArraysOfRows) {
  CompileResult r = compile(R"(
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  uint2x2 m22 = id.x;   bool2x3 m23 = id.y;  bool3x2 m32 = id.z;  int3x4 m34 = id.x;
  int4x3 m43 = id.y;    uint4x4 m44 = id.z;  int1x2 m12 = id.x;   uint1x3 m13 = id.y;
  bool1x4 m14 = id.z;   int2x1 m21 = id.x;   matrix<int, 1, 1> m11 = id.x;
  Out[0] = m22[1][1] + m23[1][2] + m32[2][1] + m34[2][3] + m43[3][2] + m44[3][3] + m12._m01 + m13._m02 +
           m14[0].w + m21[1][0] + m11;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "%_arr_v2uint_uint_2 = OpTypeArray %v2uint %uint_2")) << d;
  EXPECT_TRUE(has(d, "%_arr_v3bool_uint_2 = OpTypeArray %v3bool %uint_2")) << d;
  EXPECT_TRUE(has(d, "%_arr_v2bool_uint_3 = OpTypeArray %v2bool %uint_3")) << d;
  EXPECT_TRUE(has(d, "%_arr_v4int_uint_3 = OpTypeArray %v4int %uint_3")) << d;
  EXPECT_TRUE(has(d, "%_arr_v3int_uint_4 = OpTypeArray %v3int %uint_4")) << d;
  EXPECT_TRUE(has(d, "%_arr_v4uint_uint_4 = OpTypeArray %v4uint %uint_4")) << d;
  // A 1xN or Nx1 matrix is a vector, a 1x1 one a scalar. m21 (indexed twice: an access
  // chain) stays a variable; m12, m13, m14 and m11 are only loaded and stored whole, so the
  // SPIR-V backend promotes them to SSA values (docs/design.md "Validation cost"): their
  // values are the splats of the initializer, vectors of the same types.
  EXPECT_TRUE(has(d, "%m21 = OpVariable %_ptr_Function_v2int Function")) << d;
  EXPECT_TRUE(has(d, "= OpCompositeConstruct %v2int ")) << d;   // m12
  EXPECT_TRUE(has(d, "= OpCompositeConstruct %v3uint ")) << d;  // m13
  EXPECT_TRUE(has(d, "= OpCompositeConstruct %v4bool ")) << d;  // m14
  EXPECT_FALSE(has(d, "%m12 = OpVariable")) << d;
  EXPECT_FALSE(has(d, "%m11 = OpVariable")) << d;
  EXPECT_FALSE(has(d, "OpTypeMatrix")) << d;
}

TEST(LowerIntMatrix, OperatorsPerRow) {
  // binary-op.arithmetic.matrix.hlsl: OpCompositeExtract of each row, the vector operation,
  // OpCompositeConstruct of the array; a comparison gives an array of bool rows.
  CompileResult r = compile(R"(
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  int2x3 a = id.x, b = id.y;
  int2x3 c = a * b;
  c = c % a;
  c = -c;
  bool2x3 lt = a < b;
  Out[0] = c[1][2] + (lt[1][1] ? 1 : 0);
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  // a * b, and c % a as c - (c / a) * a per row (Vulkan leaves OpSRem undefined for
  // negative operands: docs/design.md, "Signed remainder").
  EXPECT_EQ(count(d, "OpIMul %v3int"), 4u) << d;
  EXPECT_EQ(count(d, "OpSDiv %v3int"), 2u) << d;
  EXPECT_EQ(count(d, "OpISub %v3int"), 2u) << d;
  EXPECT_EQ(count(d, "OpSRem"), 0u) << d;
  EXPECT_EQ(count(d, "OpSNegate %v3int"), 2u) << d;
  EXPECT_EQ(count(d, "OpSLessThan %v3bool"), 2u) << d;
  EXPECT_TRUE(has(d, "OpCompositeExtract %v3int")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v3int_uint_2")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v3bool_uint_2")) << d;
}

TEST(LowerIntMatrix, ConversionsPerRow) {
  // cast.2fp.implicit.hlsl: OpConvertSToF / OpConvertUToF / OpSelect per row into a float
  // matrix; cast.2bool.implicit.hlsl: OpINotEqual per row into an array of bool rows;
  // float -> int: OpConvertFToS per row.
  CompileResult r = compile(R"(
RWStructuredBuffer<float> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  int2x3 i = id.x;
  uint2x3 u = id.y;
  bool2x3 b = id.z;
  float2x3 f = i;
  f += u;
  f += b;
  bool2x3 nz = i;
  int2x3 back = (int2x3)(f * 0.5);
  Out[0] = f[1][2] + (nz[0][1] ? 1 : 0) + back[1][0];
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_EQ(count(d, "OpConvertSToF %v3float"), 2u) << d;
  EXPECT_EQ(count(d, "OpConvertUToF %v3float"), 2u) << d;
  EXPECT_TRUE(has(d, "OpSelect %v3float")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %mat2v3float")) << d;
  EXPECT_TRUE(has(d, "OpINotEqual %v3bool")) << d;
  EXPECT_EQ(count(d, "OpConvertFToS %v3int"), 2u) << d;
}

TEST(LowerIntMatrix, MulExpandsToMultiplyAdd) {
  // intrinsics.mul.hlsl: no OpMatrixTimes* for integers; a scalar multiplies each row
  // (OpIMul %v3int with the splat); matrix * matrix transposes the right operand
  // (an %_arr_v4int_uint_3 of its columns) and adds scalar products: 2x4 * 4x3 is
  // 2 * 3 results of 4 OpIMul %int and 3 OpIAdd %int each.
  CompileResult r = compile(R"(
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  int2x4 a = id.x;
  int4x3 b = id.y;
  int2x3 p = mul(a, b);
  Out[0] = p[1][2];
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_FALSE(has(d, "OpMatrixTimes")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v4int_uint_3")) << d;
  EXPECT_EQ(count(d, "OpIMul %int"), 24u) << d;
  EXPECT_EQ(count(d, "OpIAdd %int"), 18u) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v3int_uint_2")) << d;

  CompileResult s = compile(R"(
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  int2x3 m = id.x;
  int2x3 o = mul(int(id.y), m);
  int3 v = mul(int2(1, 2), m);
  Out[0] = o[1][2] + v.z;
}
)");
  ASSERT_TRUE(s.success) << s.renderedDiagnostics();
  d = disasm(s);
  EXPECT_EQ(count(d, "OpIMul %v3int"), 2u) << d;
  EXPECT_EQ(count(d, "OpIMul %int"), 6u) << d;  // v: 3 columns of 2 products
}

TEST(LowerIntMatrix, TransposeComposesColumns) {
  CompileResult r = compile(R"(
RWStructuredBuffer<uint> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  uint2x3 m = id.x;
  uint3x2 t = transpose(m);
  Out[0] = t[2][1];
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_FALSE(has(d, "OpTranspose")) << d;
  EXPECT_EQ(count(d, "OpCompositeConstruct %v2uint"), 3u) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v2uint_uint_3")) << d;
}

TEST(LowerIntMatrix, RowMajorBufferLayouts) {
  // vk.layout.cbuffer.std140.hlsl: row_major int2x3 at 560, float after it at 592 (two rows
  // of 16 bytes); vk.layout.sbuffer.std430.hlsl: row_major int3x2 is an array of v2int with
  // ArrayStride 8, an array of five row_major int2x3 has ArrayStride 32.
  CompileResult r = compile(R"(
cbuffer C {
  float4 pad[35];
  row_major int2x3 y;
  float z;
};
struct T { row_major int3x2 a; row_major int2x3 i[5]; float w; };
RWStructuredBuffer<T> SB;
RWStructuredBuffer<float> Out;
[numthreads(1,1,1)] void main() {
  Out[0] = y[1][2] + z + SB[0].a[2][1] + SB[0].i[4][1][2] + SB[0].w;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpDecorate %_arr_v3int_uint_2 ArrayStride 16")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %type_C 1 Offset 560")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %type_C 2 Offset 592")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %_arr_v2int_uint_3 ArrayStride 8")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %_arr__arr_v3int_uint_2_uint_5 ArrayStride 32")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %T 1 Offset 32")) << d;   // 24 rounded up to 16
  EXPECT_TRUE(has(d, "OpMemberDecorate %T 2 Offset 192")) << d;  // 32 + 5 * 32
  EXPECT_FALSE(has(d, "MatrixStride")) << d;
}

TEST(LowerIntMatrix, BoolMatrixInBufferIsUintRows) {
  // vk.layout.rwstructuredbuffer.boolean.hlsl: a row_major bool2x3 member is an array of
  // uint rows in memory; a load converts each row (OpINotEqual), a store selects 1 / 0.
  CompileResult r = compile(R"(
struct S { row_major bool2x3 b; };
RWStructuredBuffer<S> SB;
[numthreads(1,1,1)] void main() {
  bool2x3 v = SB[0].b;
  SB[1].b = !v;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpTypeArray %v3uint %uint_2")) << d;
  EXPECT_EQ(count(d, "OpINotEqual %v3bool"), 2u) << d;
  EXPECT_TRUE(has(d, "OpLogicalNot %v3bool")) << d;
  EXPECT_TRUE(has(d, "OpSelect %v3uint")) << d;
}

TEST(LowerIntMatrix, ColumnMajorInBufferIsRefused) {
  // vk.layout.non-fp-matrix.error.hlsl: DXC has no layout for a column_major non-float
  // matrix in a buffer ("externally initialized non-floating-point column-major matrices
  // not supported yet"): a coded error at the member.
  CompileResult r = compile(R"(
cbuffer C {
  float f;
  int2x3 m;
};
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main() { Out[0] = m[1][2]; }
)");
  ASSERT_FALSE(r.success);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, "OSH0007") << r.renderedDiagnostics();
  EXPECT_EQ(r.diagnostics[0].span.line, 4u) << r.renderedDiagnostics();
  EXPECT_TRUE(has(r.diagnostics[0].message, "column_major")) << r.renderedDiagnostics();

  // A 1xN or Nx1 one is a vector (no majorness): accepted. So is any one under -Zpr.
  CompileResult v = compile(R"(
cbuffer C { int1x3 a; int3x1 b; };
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main() { Out[0] = a._m02 + b._m20; }
)");
  EXPECT_TRUE(v.success) << v.renderedDiagnostics();
  CompileResult z = compile(R"(
cbuffer C { int2x3 m; };
RWStructuredBuffer<int> Out;
[numthreads(1,1,1)] void main() { Out[0] = m[1][2]; }
)",
                            "cs_6_0", true);
  EXPECT_TRUE(z.success) << z.renderedDiagnostics();
}

TEST(LowerIntMatrix, TextTargetsUseArraysOfVectors) {
  CompileResult r = compile(R"(
struct S { row_major int2x3 m; row_major bool2x2 b; };
RWStructuredBuffer<S> SB;
[numthreads(1,1,1)] void main() {
  S s = SB[0];
  s.m = mul(s.m, int3x3(1, 0, 0, 0, 1, 0, 0, 0, 1)) + (int2x3)s.b[0].x;
  SB[1] = s;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const CompiledShader* w = output(r, CompileTarget::Wgsl);
  const CompiledShader* m = output(r, CompileTarget::Msl);
  ASSERT_TRUE(w && m);
  EXPECT_TRUE(has(w->text, "array<vec3<i32>, 2>")) << w->text;
  EXPECT_TRUE(has(w->text, "array<vec2<u32>, 2>")) << w->text;  // bool rows in memory
  EXPECT_FALSE(has(w->text, "mat2x3")) << w->text;
  EXPECT_TRUE(has(m->text, "array<int3, 2>")) << m->text;
}
