// WGSL backend: matrices. IR Matrix{columns C, rows R} is WGSL matCxR; HLSL floatRxC is IR
// Matrix{R, C} (HLSL row i = IR column i), so HLSL float3x4 is WGSL mat3x4<f32>. A matrix
// in a buffer with HLSL's default column_major layout (SPIR-V RowMajor) holds the rows of the
// IR matrix, which WGSL (column storage only) declares as the transposed type and
// transposes on load and store. Also: a `static const` scalar is a constant (a barrier in a
// loop bounded by it is in uniform control flow).
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"
#include "dawn_check.hpp"

using namespace oneshader;

namespace {

std::string wgsl(const std::string& src, std::string* diags = nullptr) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  CompileResult r = CompileSource(src, "test.hlsl", o);
  std::string d;
  for (const auto& x : r.diagnostics) d += x.rendered + "\n";
  if (diags) *diags = d;
  EXPECT_TRUE(r.success) << d;
  for (const auto& out : r.outputs)
    if (out.target == CompileTarget::Wgsl) {
      EXPECT_EQ(dawnErrors(out.text), "") << out.text;
      return out.text;
    }
  return "";
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

TEST(WgslMatrix, HlslRowsByColumnsIsWgslMatRowsByColumnsOfTheIr) {
  // float3x4: 3 HLSL rows of 4 = IR 3 columns of 4 rows = WGSL mat3x4<f32>; row 1 of it
  // is IR column 1, a vec4.
  std::string t = wgsl(R"(
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float3x4 m = float3x4(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
  Out[0] = m[1];
}
)");
  EXPECT_TRUE(has(t, "mat3x4<f32>")) << t;
  EXPECT_FALSE(has(t, "mat4x3<f32>")) << t;
}

TEST(WgslMatrix, ColumnMajorStructuredBufferMatrixIsStoredTransposed) {
  std::string t = wgsl(R"(
RWStructuredBuffer<float3x4> Out : register(u0);
StructuredBuffer<float3x4> In : register(t1);
RWStructuredBuffer<float> Flat : register(u2);
[numthreads(1, 1, 1)]
void main() {
  float3x4 m = In[0];
  Out[0] = m;
  Flat[0] = In[0][1][2];
}
)");
  // HLSL float3x4 column_major: memory holds the 4 HLSL columns of 3 floats, i.e. the IR
  // matrix mat3x4 transposed: WGSL mat4x3<f32> (4 columns of vec3, stride 16).
  EXPECT_TRUE(has(t, "array<mat4x3<f32>>")) << t;
  // The load, then its transpose (passes::transposeRowMajor); the store stores the transpose.
  EXPECT_TRUE(has(t, "var m = transpose(In[0i]);")) << t;
  EXPECT_TRUE(has(t, "Out[0i] = transpose(")) << t;
  // HLSL element (row 1, column 2) = IR column 1, row 2 = stored [2][1].
  EXPECT_TRUE(has(t, "In[0i][2i][1i]")) << t;
}

TEST(WgslMatrix, RowMajorBufferMatrixIsNotTransposed) {
  std::string t = wgsl(R"(
RWStructuredBuffer<row_major float4x4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float4x4 m = (float4x4)0;
  m[1][2] = 3;
  Out[0] = m;
}
)");
  EXPECT_TRUE(has(t, "array<mat4x4<f32>>")) << t;
  EXPECT_FALSE(has(t, "transpose")) << t;
}

TEST(WgslMatrix, ColumnMajorMatrixRowWriteIsPerComponent) {
  // Writing HLSL row 3 of a column_major matrix in a buffer: IR column 3 is stored across
  // the four WGSL columns, one component each.
  std::string t = wgsl(R"(
RWStructuredBuffer<float4x4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0][3] = float4(5, 6, 7, 8);
}
)");
  EXPECT_TRUE(has(t, "Out[0i][0][3i] = _e9.x;")) << t;
  EXPECT_TRUE(has(t, "Out[0i][3][3i] = _e9.w;")) << t;
}

TEST(WgslMatrix, ColumnMajorCbufferMatrixIsTransposedOnLoad) {
  std::string t = wgsl(R"(
cbuffer P : register(b0) { float4x4 W; };
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = mul(W, float4(1, 2, 3, 4)); }
)");
  EXPECT_TRUE(has(t, "* transpose(P.W)")) << t;
}

TEST(WgslMatrix, ColumnMajorFloat4x3ElementHasStride48) {
  // column_major float4x3: 3 HLSL columns of float4 = 48 bytes per element; stored as the
  // transposed IR matrix, WGSL mat3x4<f32> (3 columns of vec4: size 48), not OSH5002.
  std::string t = wgsl(R"(
StructuredBuffer<float4x3> C : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = C[0]._m32; }
)");
  EXPECT_TRUE(has(t, "array<mat3x4<f32>>")) << t;
  // _m32: HLSL row 3, column 2 = IR column 3, row 2 of the reassembled matrix.
  EXPECT_TRUE(has(t, "transpose(C[0i])[3].z")) << t;
}

TEST(WgslLayout, MisalignedVectorMemberIsSplitIntoScalars) {
  // cbuffer { float dt; float3 g; }: g at offset 4 (HLSL packing), which a WGSL vec3 (align
  // 16) cannot have; it becomes g_x, g_y, g_z at 4, 8, 12 and is reassembled on load.
  std::string t = wgsl(R"(
cbuffer P : register(b0) { float dt; float3 g; };
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = float4(g * dt, g.y); }
)");
  EXPECT_TRUE(has(t, "  dt: f32,\n  g_x: f32,\n  g_y: f32,\n  g_z: f32,\n")) << t;
  EXPECT_TRUE(has(t, "vec3<f32>(P.g_x, P.g_y, P.g_z)")) << t;
}

TEST(WgslStaticConst, FoldedStaticConstIsNotAPrivateVariable) {
  std::string t = wgsl(R"(
static const uint kThreads = 8;
static const uint kElements = kThreads * 2;
groupshared uint S[16];
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  S[gi] = gi; S[gi + kThreads] = gi;
  for (uint d = kElements >> 1; d > 0; d >>= 1) {
    GroupMemoryBarrierWithGroupSync();
    if (gi < d) S[gi] += S[gi + d];
  }
  Out[gi] = S[gi];
}
)");
  EXPECT_FALSE(has(t, "var<private>")) << t;
  // kElements >> 1 is 16u >> 1u, folded (passes::foldConstants) to 8.
  EXPECT_TRUE(has(t, "var d = 8u;")) << t;
}

}  // namespace
