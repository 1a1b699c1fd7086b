// WGSL backend: constructs that WGSL has no direct form for, written with helpers
// (padded cbuffer array elements, whole arrays of column_major matrices, dynamically
// indexed split vectors, typed buffers as storage buffers,
// SV_PrimitiveID through `enable primitive_index;`). Each test checks the shape of the
// module, Dawn's validation, and where a compute shader can produce numbers, runs it on
// Dawn over SwiftShader (tests/wgsl/exec.mjs) against values computed by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dawn_check.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, const std::string& profile = "cs_6_0",
                      LayoutRules layout = LayoutRules::Default) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = profile;
  o.layout = layout;
  return CompileSource(src, "test.hlsl", o);
}

std::string diags(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

std::string wgslOf(const std::string& src, const std::string& profile = "cs_6_0",
                   LayoutRules layout = LayoutRules::Default) {
  CompileResult r = compile(src, profile, layout);
  EXPECT_TRUE(r.success) << diags(r);
  for (const auto& o : r.outputs)
    if (o.target == CompileTarget::Wgsl) {
      EXPECT_EQ(dawnErrors(o.text), "") << o.text;
      return o.text;
    }
  ADD_FAILURE() << "no WGSL output";
  return "";
}

void expectRuns(const std::string& wgsl, const std::string& spec) {
  std::string r = dawnRun(wgsl, spec);
  if (r == "SKIP") GTEST_SKIP() << "Dawn or SwiftShader is not installed";
  EXPECT_EQ(r, "") << wgsl;
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---------------------------------------------------------------- padded cbuffer arrays

// HLSL packing: every array element starts a 16-byte register, so w[i] is at 16 i, v[i] at
// 64 + 16 i and k[i] at 112 + 16 i (the SPIR-V backend's ArrayStride 16 for all three).
const char* kPadded = R"(
cbuffer C : register(b0) { float w[4]; float2 v[3]; int k[2]; };
RWStructuredBuffer<float4> O : register(u1);
[numthreads(1, 1, 1)]
void main() {
  float a[4] = w;
  float s = 0;
  for (int i = 0; i < 4; ++i) s += a[i];
  uint j = (uint)k[0];
  O[0] = float4(s, w[j], v[j].x, v[j].y);
  O[1] = float4(v[1], (float)k[1], a[3]);
  float2 vv[3] = v;
  O[2] = float4(vv[0], vv[2]);
  int kk[2] = k;
  O[3] = float4(kk[0], kk[1], 0, 0);
}
)";

TEST(WgslPaddedArray, CbufferArraysUseAStride16WrapperStruct) {
  std::string t = wgslOf(kPadded);
  EXPECT_TRUE(has(t, "struct Stride16_f32 {\n  @size(16) v: f32,\n}")) << t;
  EXPECT_TRUE(has(t, "struct Stride16_vec2_f32 {\n  @size(16) v: vec2<f32>,\n}")) << t;
  EXPECT_TRUE(has(t, "struct Stride16_i32 {\n  @size(16) v: i32,\n}")) << t;
  EXPECT_TRUE(has(t, "w: array<Stride16_f32, 4>")) << t;
  EXPECT_TRUE(has(t, "v: array<Stride16_vec2_f32, 3>")) << t;
  EXPECT_TRUE(has(t, "k: array<Stride16_i32, 2>")) << t;
  EXPECT_TRUE(has(t, "].v")) << t;
  // No error about the stride any more.
  EXPECT_FALSE(has(t, "OSH5002"));
}

TEST(WgslPaddedArray, CbufferArraysReadTheRightWordsOnDawn) {
  std::string t = wgslOf(kPadded);
  // Uniform words: w = 1 2 3 4 at words 0 4 8 12; v[i] = (10 + i, 20 + i) at words 16 + 4 i;
  // k = (2, -7) at words 28 and 32 (bit patterns: i32 2 and -7 as u32).
  std::string spec = R"({"entry":"main","dispatch":[1,1,1],"buffers":[
    {"binding":0,"usage":"uniform","u32":[
      1065353216,0,0,0, 1073741824,0,0,0, 1077936128,0,0,0, 1082130432,0,0,0,
      1092616192,1101004800,0,0, 1093664768,1101529088,0,0, 1094713344,1102053376,0,0,
      2,0,0,0, 4294967289,0,0,0]},
    {"binding":1,"usage":"storage","f32":[0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]}],
   "expect":[{"binding":1,"f32":[10,3,12,22, 11,21,-7,4, 10,20,12,22, 2,-7,0,0]}]})";
  // 1092616192 = 10.0f, 1101004800 = 20.0f, 1093664768 = 11.0f, 1101529088 = 21.0f,
  // 1094713344 = 12.0f, 1102053376 = 22.0f.
  expectRuns(t, spec);
}

// Arrays of every shape in a cbuffer, each element in its own register(s): a[i][j] is
// register 3 i + j, ls[i] register 6 + i, the column_major m[e] registers 10 + 4 e + c
// (HLSL column c), n[e] (float3x4: 4 columns of 3) registers 18 + 4 e + c, q[i] register
// 26 + i; `after` (a struct after a float) register 31. The SPIR-V backend gives the same
// offsets (96, 160, 288, 416, 496, 512). With word w holding w, every value read names its word.
const char* kUniformShapes = R"(
struct L { float x; };
cbuffer C : register(b0) { float a[2][3]; L ls[4]; float4x4 m[2]; float3x4 n[2]; float2 q[5]; float f; L after; };
RWStructuredBuffer<float4> O : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float b[2][3] = a;
  L l2[4] = ls;
  float4x4 mm[2] = m;
  float3x4 nn[2] = n;
  float2 qq[5] = q;
  O[0] = float4(b[1][2], l2[3].x, mm[1][2][3], nn[1][2][3]);
  O[1] = float4(a[id.x][id.y], ls[id.x].x, qq[4]);
  O[2] = mul(n[id.x], float4(1, 2, 3, 4)).xyzz;
  O[3] = float4(a[1][2], ls[3].x, m[1][2][3], n[1][2][3]);
  O[4] = float4(f, after.x, 0, 0);
}
)";

TEST(WgslPaddedArray, UniformArraysOfEveryShapeReadTheHlslRegisters) {
  std::string t = wgslOf(kUniformShapes);
  EXPECT_TRUE(has(t, "a: array<array<Stride16_f32, 3>, 2>")) << t;
  EXPECT_TRUE(has(t, "struct L {\n  @size(16) x: f32,\n}")) << t;  // the struct fills its register
  std::string words;
  for (int w = 0; w < 132; ++w) words += (w ? "," : "") + std::to_string(w);
  // b[1][2] = a[1][2]: register 5 -> word 20; l2[3]: register 9 -> 36; mm[1] row 2 column 3:
  // word 4 (14 + 3) + 2 = 70; nn[1] row 2 column 3: 4 (22 + 3) + 2 = 102. a[0][0] = 0,
  // ls[0] = 24, q[4] = (120, 121). mul(n[0], (1,2,3,4)) row r = sum_c (4 (18 + c) + r)(c + 1)
  // = 10 (72 + r) + 80: 800, 810, 820. f: word 124; after.x: register 32 -> word 128.
  std::string spec = R"({"entry":"main","buffers":[
    {"binding":0,"usage":"uniform","f32":[)" +
                     words + R"(]},
    {"binding":1,"usage":"storage","f32":[0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]}],
   "expect":[{"binding":1,"f32":[20,36,70,102, 0,24,120,121, 800,810,820,820, 20,36,70,102, 124,128,0,0]}]})";
  expectRuns(t, spec);
}

// ---------------------------------------------------------------- column_major matrix arrays

// std430 (the Vulkan default for structured buffers): an HLSL column_major float2x3 is its
// 3 columns of float2, 24 bytes; m[e] (row r, column c) is word 6 e + 2 c + r.
const char* kMatArrays = R"(
struct S { float2x3 m[2]; float4 pad; };
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<S> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  float2x3 a[2] = In[0].m;
  a[1] = a[1] * 2;
  Out[0].m = a;
  S s = In[0];
  Out[1] = s;
  Out[2].pad = float4(a[1][0][2], a[0][1][0], s.m[1][1][2], 0);
}
)";

TEST(WgslMatrixArray, WholeArraysOfColumnMajorMatricesAreCopiedElementByElement) {
  std::string t = wgslOf(kMatArrays);
  EXPECT_TRUE(has(t, "m: array<mat3x2<f32>, 2>")) << t;
  EXPECT_TRUE(has(t, "transpose(")) << t;
  EXPECT_FALSE(has(t, "OSH5001"));
}

TEST(WgslMatrixArray, WholeArraysOfColumnMajorMatricesRunOnDawn) {
  std::string t = wgslOf(kMatArrays);
  // In[0].m[e] (r, c) = 100 e + 10 r + c at word 6 e + 2 c + r; pad = 1 2 3 4.
  std::string in, out0, out1, out2;
  std::vector<float> w(16, 0.f);
  for (int e = 0; e < 2; ++e)
    for (int c = 0; c < 3; ++c)
      for (int r = 0; r < 2; ++r) w[size_t(6 * e + 2 * c + r)] = float(100 * e + 10 * r + c);
  w[12] = 1, w[13] = 2, w[14] = 3, w[15] = 4;
  auto list = [](const std::vector<float>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
  };
  std::vector<float> o0 = w;  // m copied with m[1] doubled, pad untouched (0)
  for (int i = 6; i < 12; ++i) o0[size_t(i)] *= 2;
  o0[12] = o0[13] = o0[14] = o0[15] = 0;
  std::vector<float> o2(16, 0.f);
  o2[12] = 2 * 102;  // a[1] row 0 column 2, doubled
  o2[13] = 10;       // a[0] row 1 column 0
  o2[14] = 112;      // s.m[1] row 1 column 2
  std::vector<float> all = o0;
  all.insert(all.end(), w.begin(), w.end());
  all.insert(all.end(), o2.begin(), o2.end());
  std::string spec = R"({"entry":"main","buffers":[{"binding":0,"usage":"storage","f32":[)" + list(w) +
                     R"(]},{"binding":1,"usage":"storage","f32":[)" + list(std::vector<float>(48, 0.f)) +
                     R"(]}],"expect":[{"binding":1,"f32":[)" + list(all) + "]}]}";
  expectRuns(t, spec);
}

// ---------------------------------------------------------------- split vectors, dynamic index

// g is at offset 4 (it fits after dt in register 0): WGSL's vec3 needs 16, so g is three
// scalar members; g[i] with a dynamic i reads a reassembled vector.
const char* kSplit = R"(
cbuffer P : register(b0) { float dt; float3 g; };
RWStructuredBuffer<float4> O : register(u1);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  O[id.x] = float4(g[id.x], dt, 0, 0);
}
)";

TEST(WgslSplitVector, DynamicIndexReadsAReassembledVector) {
  std::string t = wgslOf(kSplit);
  EXPECT_TRUE(has(t, "g_x: f32")) << t;
  EXPECT_TRUE(has(t, "vec3<f32>(P.g_x, P.g_y, P.g_z)[")) << t;
  std::string spec = R"({"entry":"main","buffers":[
    {"binding":0,"usage":"uniform","f32":[0.5,1,2,3]},
    {"binding":1,"usage":"storage","f32":[9,9,9,9, 9,9,9,9, 9,9,9,9]}],
   "expect":[{"binding":1,"f32":[1,0.5,0,0, 2,0.5,0,0, 3,0.5,0,0]}]})";
  expectRuns(t, spec);
}

// DirectX layout packs float3 after a float in a structured buffer too: a store through a
// dynamic index writes one guarded component.
TEST(WgslSplitVector, DynamicIndexStoreWritesOneComponent) {
  const char* src = R"(
struct T { float a; float3 b; };
RWStructuredBuffer<T> B : register(u0);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  B[id.x].b[id.x] = 7.0 + id.x;
}
)";
  std::string t = wgslOf(src, "cs_6_0", LayoutRules::DirectX);
  EXPECT_TRUE(has(t, "b_x: f32")) << t;
  // One guarded store per component (passes::splitVectors; a u32 index needs no conversion).
  EXPECT_TRUE(has(t, " == 2u) {\n    B[id.x].b_z = ")) << t;
  // B[i] is 16 bytes: a, b.x, b.y, b.z; thread i writes b[i] of element i.
  std::string spec = R"({"entry":"main","buffers":[
    {"binding":0,"usage":"storage","f32":[1,0,0,0, 1,0,0,0, 1,0,0,0]}],
   "expect":[{"binding":0,"f32":[1,7,0,0, 1,0,8,0, 1,0,0,9]}]})";
  expectRuns(t, spec);
}

// ---------------------------------------------------------------- typed buffers

const char* kTyped = R"(
Buffer<float> A : register(t0);
Buffer<float2> B : register(t1);
Buffer<uint3> C : register(t2);
RWBuffer<float4> R : register(u3);
RWBuffer<int3> R3 : register(u4);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n, m;
  A.GetDimensions(n);
  R3.GetDimensions(m);
  R[id.x] = float4(A[id.x], B[id.x], n);
  R3[id.x] = int3(C.Load(id.x)) * 2 + int3(0, 0, m);
}
)";

TEST(WgslTypedBuffer, TypedBuffersAreStorageBuffersOfTheElement) {
  std::string t = wgslOf(kTyped);
  EXPECT_TRUE(has(t, "@group(0) @binding(0) var<storage, read> A: array<f32>;")) << t;
  EXPECT_TRUE(has(t, "@group(0) @binding(1) var<storage, read> B: array<vec2<f32>>;")) << t;
  EXPECT_TRUE(has(t, "@group(0) @binding(2) var<storage, read> C: array<u32>;")) << t;
  EXPECT_TRUE(has(t, "@group(0) @binding(3) var<storage, read_write> R: array<vec4<f32>>;")) << t;
  EXPECT_TRUE(has(t, "@group(0) @binding(4) var<storage, read_write> R3: array<i32>;")) << t;
  EXPECT_TRUE(has(t, "arrayLength(&A)")) << t;
  EXPECT_TRUE(has(t, "(arrayLength(&R3) / 3u)")) << t;
  EXPECT_FALSE(has(t, "texture")) << t;
}

TEST(WgslTypedBuffer, TypedBuffersRunOnDawn) {
  std::string t = wgslOf(kTyped);
  // A = 1 2 3 4; B[i] = (10 + 2 i, 11 + 2 i); C[i] = (3 i, 3 i + 1, 3 i + 2).
  // R[i] = (A[i], B[i], n = 4); R3[i] = 2 C[i] + (0, 0, m = 4).
  std::string spec = R"({"entry":"main","buffers":[
    {"binding":0,"usage":"storage","f32":[1,2,3,4]},
    {"binding":1,"usage":"storage","f32":[10,11,12,13,14,15,16,17]},
    {"binding":2,"usage":"storage","u32":[0,1,2,3,4,5,6,7,8,9,10,11]},
    {"binding":3,"usage":"storage","f32":[0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]},
    {"binding":4,"usage":"storage","i32":[0,0,0, 0,0,0, 0,0,0, 0,0,0]}],
   "expect":[{"binding":3,"f32":[1,10,11,4, 2,12,13,4, 3,14,15,4, 4,16,17,4]},
             {"binding":4,"i32":[0,2,8, 6,8,14, 12,14,20, 18,20,26]}]})";
  expectRuns(t, spec);
}

TEST(WgslTypedBuffer, WebGpuLayoutSaysStorageBuffer) {
  CompileResult r = compile(kTyped);
  ASSERT_TRUE(r.success) << diags(r);
  ASSERT_TRUE(r.reflection.has_value());
  ASSERT_EQ(r.reflection->entryPoints.size(), 1u);
  const auto& wg = r.reflection->entryPoints[0].webgpu;
  ASSERT_TRUE(wg.has_value());
  ASSERT_FALSE(wg->bindGroupLayouts.empty());
  int seen = 0;
  for (const auto& e : wg->bindGroupLayouts[0]) {
    EXPECT_EQ(e.layout.kind, WebGpuLayoutShape::Kind::Buffer) << e.resource;
    EXPECT_EQ(e.layout.bufferType, e.binding < 3 ? "read-only-storage" : "storage") << e.resource;
    ++seen;
  }
  EXPECT_EQ(seen, 5);
}

// ---------------------------------------------------------------- padded matrix columns

// cbuffer matrices whose columns (rows, for row_major) are 16 bytes apart where WGSL's
// matCx2 has 8: m (float2x2, column_major: 2 HLSL columns of 2, stored transposed as
// mat2x2), p (float2x3 column_major: 3 columns of 2, stored mat3x2), r (row_major float3x2:
// 3 rows of 2, stored mat3x2 untransposed) and ma[2] (float2x2, element stride 32); n
// (float3x2 column_major: 2 columns of 3, WGSL mat2x3 has stride 16) stays a matrix.
// HLSL packing puts every column/row in its own register: m at registers 0-1, n 2-3, p 4-6,
// r 7-9, ma 10-13, after 14 (the SPIR-V backend's offsets 0, 32, 64, 112, 160, 224).
const char* kPaddedMatrix = R"(
cbuffer C : register(b0) { float2x2 m; float3x2 n; float2x3 p; row_major float3x2 r; float2x2 ma[2]; float4 after; };
RWStructuredBuffer<float4> O : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint k = id.x + 1;
  O[0] = float4(m[0][0], m[0][1], m[1][0], m[1][1]);
  O[1] = float4(n[2][0], n[2][1], p[1][2], r[2][1]);
  O[2] = float4(m[k], r[k]);
  O[3] = float4(mul(m, float2(1, 2)), ma[k][k]);
  O[4] = float4(mul(float2(1, 1), p), p[k][0]);
  float2x2 mm[2] = ma;
  float3x2 rr = r;
  O[5] = float4(mm[1][0][1], mm[0][1][0], rr[1]);
  O[6] = after;
}
)";

TEST(WgslPaddedMatrix, CbufferMatricesWithStride16AreArraysOfPaddedColumns) {
  std::string t = wgslOf(kPaddedMatrix);
  EXPECT_TRUE(has(t, "struct Stride16_vec2_f32 {\n  @size(16) v: vec2<f32>,\n}")) << t;
  EXPECT_TRUE(has(t, "m: array<Stride16_vec2_f32, 2>")) << t;
  EXPECT_TRUE(has(t, "n: mat2x3<f32>")) << t;  // column stride 16 in both
  EXPECT_TRUE(has(t, "p: array<Stride16_vec2_f32, 3>")) << t;
  EXPECT_TRUE(has(t, "r: array<Stride16_vec2_f32, 3>")) << t;
  EXPECT_TRUE(has(t, "ma: array<array<Stride16_vec2_f32, 2>, 2>")) << t;
  // Whole-matrix reads compose the stored matrix from its column loads
  // (passes::padMatrixColumns); column_major ones are transposed back
  // (passes::transposeRowMajor: the transpose of the loaded stored matrix).
  // (Read-only loads used once are written at their use: readable output.)
  EXPECT_TRUE(has(t, " * transpose(mat2x2<f32>(C.m[0].v, C.m[1].v))")) << t;
  EXPECT_TRUE(has(t, "mat3x2<f32>(")) << t;
  EXPECT_FALSE(has(t, "OSH5002"));
}

TEST(WgslPaddedMatrix, CbufferMatricesReadTheRightWordsOnDawn) {
  std::string t = wgslOf(kPaddedMatrix);
  // Word w of the cbuffer holds w: m[i][j] = 4j + i, n[i][j] = 8 + 4j + i,
  // p[i][j] = 16 + 4j + i, r[i][j] = 28 + 4i + j, ma[e][i][j] = 40 + 8e + 4j + i, after 56..59.
  std::string words;
  for (int w = 0; w < 60; ++w) words += (w ? "," : "") + std::to_string(w);
  std::string spec = R"({"entry":"main","dispatch":[1,1,1],"buffers":[
    {"binding":0,"usage":"uniform","f32":[)" +
                     words + R"(]},
    {"binding":1,"usage":"storage","f32":[0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]}],
   "expect":[{"binding":1,"f32":[0,4,1,5, 10,14,25,37, 1,5,32,33, 8,11,49,53, 33,41,49,17, 52,41,32,33, 56,57,58,59]}]})";
  // O[1]: n[2] = (10, 14), p[1][2] = 25, r[2][1] = 37. O[2]: m row 1 = (1, 5), r row 1 = (32, 33).
  // O[3]: mul(m, (1, 2)) = (0 + 8, 1 + 10); ma[1] row 1 = (49, 53).
  // O[4]: (1, 1) * p = column sums (33, 41, 49); p[1][0] = 17.
  // O[5]: ma[1][0][1] = 52, ma[0][1][0] = 41, r row 1 = (32, 33).
  expectRuns(t, spec);
}

TEST(WgslPaddedMatrix, StorageBufferMatricesKeepTheirWgslStride) {
  // std430-style: a float2x2's columns are 8 bytes apart, as in WGSL: no padding.
  std::string t = wgslOf(R"(
struct S { float2x2 m; row_major float3x2 r; };
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<float2> O : register(u1);
[numthreads(1, 1, 1)]
void main() { O[0] = mul(In[0].m, In[0].r[1]); }
)");
  EXPECT_FALSE(has(t, "Stride")) << t;
  EXPECT_TRUE(has(t, "m: mat2x2<f32>")) << t;
  EXPECT_TRUE(has(t, "r: mat3x2<f32>")) << t;
}

TEST(WgslPaddedMatrix, AMemberPackedIntoTheLastColumnRegisterIsStillOSH5002) {
  // DirectX packing puts uv into the unused half of m's second register (offset 24); the
  // padded WGSL form of m takes 32 bytes, so uv has no WGSL place. (The default Vulkan
  // layout rounds the matrix up to 32 bytes and puts uv at 32: that one compiles.)
  const char* src = R"(
cbuffer C : register(b0) { float2x2 m; float2 uv; };
RWStructuredBuffer<float2> O : register(u1);
[numthreads(1, 1, 1)]
void main() { O[0] = mul(m, uv); }
)";
  std::string t = wgslOf(src);
  EXPECT_TRUE(has(t, "@size(16) uv: vec2<f32>")) << t;
  CompileResult r = compile(src, "cs_6_0", LayoutRules::DirectX);
  EXPECT_FALSE(r.success);
  EXPECT_TRUE(has(diags(r), "OSH5002")) << diags(r);
  EXPECT_TRUE(has(diags(r), "offset 24")) << diags(r);
}

// ---------------------------------------------------------------- SV_PrimitiveID

TEST(WgslPrimitiveId, UsesThePrimitiveIndexExtension) {
  const char* src = R"(
float4 main(uint p : SV_PrimitiveID) : SV_Target { return float4(p, 0, 0, 1); }
)";
  std::string t = wgslOf(src, "ps_6_0");
  EXPECT_EQ(t.rfind("enable primitive_index;\n", 0), 0u) << t;
  EXPECT_TRUE(has(t, "@builtin(primitive_index) p: u32")) << t;
  CompileResult r = compile(src, "ps_6_0");
  ASSERT_TRUE(r.success && r.reflection && r.reflection->entryPoints[0].webgpu);
  const auto& f = r.reflection->entryPoints[0].webgpu->requiredFeatures;
  EXPECT_NE(std::find(f.begin(), f.end(), "primitive-index"), f.end());
}

}  // namespace
