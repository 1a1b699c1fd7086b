// WGSL backend: text properties of the emitted modules (preamble exactly when subgroups
// are used, atomics, bindings, polyfills, identifier escaping) and coded errors with
// their locations. Every module a test produces is also compiled by Dawn (Tint, null
// backend, `subgroups` feature) through tests/wgsl/check.mjs when Dawn is installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "oneshader/oneshader.hpp"
#include "dawn_check.hpp"

using namespace oneshader;

namespace {

CompileResult compileWgsl(const std::string& src, const std::string& entry = "main", bool naga = false) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = entry;
  o.profile = "cs_6_0";
  o.wgslNagaDialect = naga;
  return CompileSource(src, "test.hlsl", o);
}

std::string diagText(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

// Compiles, expects success, checks the module in Dawn and returns its text.
std::string wgslOf(const std::string& src, const std::string& entry = "main", bool naga = false) {
  CompileResult r = compileWgsl(src, entry, naga);
  EXPECT_TRUE(r.success) << diagText(r);
  for (const auto& o : r.outputs)
    if (o.target == CompileTarget::Wgsl && o.entryPoint == entry) {
      if (!naga) EXPECT_EQ(dawnErrors(o.text), "") << o.text;
      return o.text;
    }
  ADD_FAILURE() << "no WGSL output for " << entry;
  return "";
}

const DiagnosticInfo* findCode(const CompileResult& r, const std::string& code) {
  for (const auto& d : r.diagnostics)
    if (d.code == code) return &d;
  return nullptr;
}

TEST(Wgsl, DawnCheckerRejectsInvalidWgsl) {
  if (!std::filesystem::exists(kRoot + "/tests/wgsl/node_modules/webgpu")) GTEST_SKIP() << "Dawn is not installed";
  EXPECT_NE(dawnErrors("fn f() { let x : u32 = 1.5; }\n"), "");
  EXPECT_EQ(dawnErrors("fn f() { let x : u32 = 1u; }\n"), "");
}

TEST(Wgsl, SeedCSSumStartsWithThePreambleAndUsesAtomics) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  CompileResult r = CompileFile(kRoot + "/examples/Waves.hlsl", o);
  ASSERT_TRUE(r.success) << diagText(r);
  const CompiledShader* cs = nullptr;
  for (const auto& out : r.outputs)
    if (out.entryPoint == "CSSum") cs = &out;
  ASSERT_NE(cs, nullptr);
  const std::string& t = cs->text;
  EXPECT_EQ(t.rfind("enable subgroups;\ndiagnostic(off, subgroup_uniformity);\n", 0), 0u) << t;
  EXPECT_NE(t.find("@group(0) @binding(0) var<storage, read> Values: array<u32>;"), std::string::npos) << t;
  EXPECT_NE(t.find("@group(0) @binding(1) var<storage, read_write> Total: array<atomic<u32>>;"), std::string::npos)
      << t;
  EXPECT_NE(t.find("subgroupAdd("), std::string::npos);
  EXPECT_NE(t.find("subgroupElect()"), std::string::npos);
  EXPECT_NE(t.find("atomicAdd(&Total["), std::string::npos);
  EXPECT_NE(t.find("@compute @workgroup_size(64, 1, 1)"), std::string::npos);
  EXPECT_NE(t.find("@builtin(global_invocation_id)"), std::string::npos);
  EXPECT_EQ(dawnErrors(t), "");
}

TEST(Wgsl, PixelShaderPSSlope) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  CompileResult r = CompileFile(kRoot + "/examples/Waves.hlsl", o);
  ASSERT_TRUE(r.success) << diagText(r);
  const CompiledShader* ps = nullptr;
  for (const auto& out : r.outputs)
    if (out.entryPoint == "PSSlope") ps = &out;
  ASSERT_NE(ps, nullptr);
  const std::string& t = ps->text;
  EXPECT_NE(t.find("@fragment"), std::string::npos);
  EXPECT_NE(t.find("@builtin(position)"), std::string::npos);
  EXPECT_NE(t.find("@location(0) uv: vec2<f32>"), std::string::npos) << t;  // the HLSL parameter (no wrapper)
  EXPECT_NE(t.find("-> @location(0) vec4<f32>"), std::string::npos);
  EXPECT_NE(t.find("textureSample(Height, Linear, "), std::string::npos);
  EXPECT_NE(t.find("quadSwapX("), std::string::npos);
  EXPECT_NE(t.find("quadSwapY("), std::string::npos);
  EXPECT_NE(t.find("@group(0) @binding(2) var Height: texture_2d<f32>;"), std::string::npos);
  EXPECT_NE(t.find("@group(0) @binding(3) var Linear: sampler;"), std::string::npos);
  EXPECT_EQ(dawnErrors(t), "");
}

TEST(Wgsl, NoPreambleWithoutSubgroupOperations) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = Out[id.x] * 2.0; }
)");
  EXPECT_EQ(t.find("enable"), std::string::npos) << t;
  EXPECT_EQ(t.find("diagnostic("), std::string::npos) << t;
  EXPECT_EQ(t.find("atomic"), std::string::npos) << t;
  EXPECT_NE(t.find("var<storage, read_write> Out: array<f32>;"), std::string::npos) << t;
}

TEST(Wgsl, NagaDialectLeavesOutTheEnableLine) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = WaveActiveSum(id.x); }
)",
                         "main", true);
  EXPECT_EQ(t.find("enable subgroups;"), std::string::npos) << t;
  EXPECT_EQ(t.rfind("diagnostic(off, subgroup_uniformity);\n", 0), 0u) << t;
}

TEST(Wgsl, EveryAccessToAnAtomicBufferIsAtomic) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<uint> Counters : register(u0);
RWStructuredBuffer<uint> Plain : register(u1);
groupshared int Shared;
[numthreads(1, 1, 1)]
void main() {
  Counters[0] = 5;
  uint old;
  InterlockedAdd(Counters[1], 1, old);
  Shared = 3;
  InterlockedMax(Shared, 7);
  Plain[0] = Counters[2] + old + (uint)Shared;
}
)");
  EXPECT_NE(t.find("Counters: array<atomic<u32>>"), std::string::npos) << t;
  EXPECT_NE(t.find("Plain: array<u32>"), std::string::npos) << t;
  EXPECT_NE(t.find("var<workgroup> Shared: atomic<i32>;"), std::string::npos) << t;
  EXPECT_NE(t.find("atomicStore(&Counters["), std::string::npos) << t;
  EXPECT_NE(t.find("atomicLoad(&Counters["), std::string::npos) << t;
  EXPECT_NE(t.find("atomicStore(&Shared, 3i)"), std::string::npos) << t;
  EXPECT_NE(t.find("atomicMax(&Shared, 7i)"), std::string::npos) << t;
  EXPECT_NE(t.find("atomicLoad(&Shared)"), std::string::npos) << t;
  EXPECT_EQ(t.find("atomicLoad(&Plain"), std::string::npos) << t;
}

TEST(Wgsl, BindingsFollowSetAndBinding) {
  std::string t = wgslOf(R"(
StructuredBuffer<float4> A : register(t3, space1);
[[vk::binding(7, 2)]] RWByteAddressBuffer B;
[numthreads(1, 1, 1)]
void main() { B.Store(0, asuint(A[0].x)); }
)");
  EXPECT_NE(t.find("@group(1) @binding(3) var<storage, read> A: array<vec4<f32>>;"), std::string::npos) << t;
  EXPECT_NE(t.find("@group(2) @binding(7) var<storage, read_write> B: array<u32>;"), std::string::npos) << t;
}

TEST(Wgsl, BindingCollisionIsOSH5003NamingBoth) {
  CompileResult r = compileWgsl(R"(
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[0]; }
)");
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = findCode(r, "OSH5003");
  ASSERT_NE(d, nullptr) << diagText(r);
  EXPECT_NE(d->message.find("'In'"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("'Out'"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("@group(0) @binding(0)"), std::string::npos) << d->message;
  EXPECT_EQ(d->span.line, 3u);
}

TEST(Wgsl, SixtyFourBitTypesAreOSH5001AtTheSource) {
  CompileResult r = compileWgsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t wide = ((uint64_t)id.x) << 40;
  Out[0] = (uint)(wide >> 40);
}
)");
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = findCode(r, "OSH5001");
  ASSERT_NE(d, nullptr) << diagText(r);
  EXPECT_EQ(d->message, "64-bit types cannot be expressed in WGSL");
  EXPECT_EQ(d->span.line, 5u);
  EXPECT_TRUE(r.outputs.empty());
}

TEST(Wgsl, SubgroupOperationInAVertexShaderIsOSH5202) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  CompileResult r = CompileSource(R"(
StructuredBuffer<float4> P : register(t0);
[shader("vertex")]
float4 main(uint vid : SV_VertexID) : SV_Position {
  return WaveReadLaneFirst(P[vid]);
}
)",
                                  "test.hlsl", o);
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = findCode(r, "OSH5202");
  ASSERT_NE(d, nullptr) << diagText(r);
  EXPECT_NE(d->message.find("'WaveReadLaneFirst'"), std::string::npos);
  EXPECT_NE(d->message.find("vertex"), std::string::npos);
  EXPECT_EQ(d->span.line, 5u);
  EXPECT_EQ(d->span.column, 10u);
}

// HLSL lets a vertex shader that feeds a hull or geometry shader leave SV_Position out;
// WebGPU's vertex stage must write @builtin(position) (Tint rejects the module otherwise).
TEST(Wgsl, VertexShaderWithoutPositionIsOSH5001) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  CompileResult r = CompileSource(R"(
struct VSOut { float3 pos : POSITION; };
[shader("vertex")]
VSOut main(uint vid : SV_VertexID) {
  VSOut v;
  v.pos = float3(vid, 0, 0);
  return v;
}
)",
                                  "test.hlsl", o);
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = findCode(r, "OSH5001");
  ASSERT_NE(d, nullptr) << diagText(r);
  EXPECT_EQ(
      d->message,
      "a vertex shader without an SV_Position output (WebGPU's vertex stage must write @builtin(position)) cannot be "
      "expressed in WGSL");
  EXPECT_EQ(d->span.line, 3u);  // the entry point's declaration, which begins with its attribute
  EXPECT_TRUE(r.outputs.empty());
  // With the position (a struct member or the return value itself) it compiles and Tint accepts it.
  for (const char* src : {R"(
struct VSOut { float4 pos : SV_Position; float3 p : POSITION; };
[shader("vertex")]
VSOut main(uint vid : SV_VertexID) {
  VSOut v;
  v.pos = float4(vid, 0, 0, 1);
  v.p = float3(vid, 0, 0);
  return v;
}
)",
                          R"(
[shader("vertex")]
float4 main(uint vid : SV_VertexID) : SV_Position { return float4(vid, 0, 0, 1); }
)"}) {
    CompileResult ok = CompileSource(src, "test.hlsl", o);
    ASSERT_TRUE(ok.success) << diagText(ok);
    ASSERT_EQ(ok.outputs.size(), 1u);
    EXPECT_EQ(dawnErrors(ok.outputs[0].text), "") << ok.outputs[0].text;
  }
}

TEST(Wgsl, PolyfillsForCountBitsAllEqualAndQuadLane) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  bool c = (id.x & 3) == 1;
  uint a = WaveActiveCountBits(c);
  uint p = WavePrefixCountBits(c);
  bool3 eq = WaveActiveAllEqual(uint3(id.x / 64, 1, id.x));
  bool se = WaveActiveAllEqual(id.x / 64);
  uint q = QuadReadLaneAt(id.x, id.x % 4);
  Out[id.x] = uint4(a, p, q, (eq.x && se) ? 1 : 0);
}
)");
  EXPECT_NE(t.find("subgroupAdd(u32("), std::string::npos) << t;
  EXPECT_NE(t.find("subgroupExclusiveAdd(u32("), std::string::npos) << t;
  EXPECT_EQ(t.find("subgroupBallot"), std::string::npos) << "a counted ballot is not written\n" << t;
  EXPECT_EQ(count(t, "subgroupAll("), 4u) << "3 components + 1 scalar\n" << t;
  // Lowering votes per component (OpGroupNonUniformAllEqual gives one bool for its whole
  // operand): one broadcast per component and one for the scalar.
  EXPECT_EQ(count(t, "subgroupBroadcastFirst("), 4u) << t;
  for (int i = 0; i < 4; ++i) EXPECT_NE(t.find("quadBroadcast("), std::string::npos);
  EXPECT_EQ(count(t, "quadBroadcast("), 4u) << t;
  EXPECT_NE(t.find("select(select("), std::string::npos) << t;
}

TEST(Wgsl, WgslKeywordsAreEscaped) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<uint> Out : register(u0);
uint fn(uint loop) { return loop + 1; }
[numthreads(1, 1, 1)]
void main() {
  uint ref = 1;
  uint type = 2;
  uint let = fn(ref + type);
  Out[0] = let;
}
)");
  EXPECT_NE(t.find("fn fn_("), std::string::npos) << t;
  EXPECT_NE(t.find("loop_: u32"), std::string::npos) << t;
  // Declared at their one store (readable output): `let NAME = value;`.
  EXPECT_NE(t.find("let ref_ = 1u;"), std::string::npos) << t;
  EXPECT_NE(t.find("let type_ = 2u;"), std::string::npos) << t;
  EXPECT_NE(t.find("let let_ = fn_("), std::string::npos) << t;
}

TEST(Wgsl, ControlFlowLoopsAndSwitch) {
  std::string t = wgslOf(R"(
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int acc = 0;
  for (int i = 0; i < 10; ++i) {
    if (i == 3) continue;
    if (i == 8) break;
    acc += i;
  }
  switch (id.x) {
    case 0: acc += 1; break;
    case 1:
    case 2: acc -= 2; break;
  }
  int k = 0;
  do { k++; } while (k < 4);
  Out[0] = acc % 7 + k + (int)(fmod(2.5f, 1.0f) * 2.0f);
}
)");
  EXPECT_NE(t.find("loop {"), std::string::npos) << t;
  EXPECT_NE(t.find("continuing {"), std::string::npos) << t;
  EXPECT_NE(t.find("switch "), std::string::npos) << t;
  EXPECT_NE(t.find("default: {"), std::string::npos) << "WGSL needs a default clause\n" << t;
  EXPECT_NE(t.find("case 1u, 2u: {"), std::string::npos) << "empty fallthrough merges selectors\n" << t;
}

TEST(Wgsl, ConstantBufferLayoutIsExpressedOrRejected) {
  std::string t = wgslOf(R"(
cbuffer Params : register(b0) {
  float4 scale;
  float3 offset;  // 16 (vec3 alignment 16 in WGSL too)
  uint count;     // 28: packed after the float3, as WGSL places a u32 after a vec3
};
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = scale * (float)count + float4(offset, 0); }
)");
  EXPECT_NE(t.find("var<uniform> Params:"), std::string::npos) << t;
  EXPECT_NE(t.find("@group(0) @binding(0)"), std::string::npos) << t;

  // A stride larger than WGSL's is padded (wgsl_gaps_test.cpp); a smaller one cannot be
  // expressed: DirectX layout packs StructuredBuffer<float3> with stride 12.
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  o.layout = LayoutRules::DirectX;
  CompileResult r = CompileSource(R"(
StructuredBuffer<float3> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[1].y; }
)",
                                  "test.hlsl", o);
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = findCode(r, "OSH5002");
  ASSERT_NE(d, nullptr) << diagText(r);
  EXPECT_NE(d->message.find("stride 12 differs from WGSL's 16"), std::string::npos) << d->message;
  EXPECT_EQ(d->span.line, 2u);
}

}  // namespace

// WGSL: user-defined IO of an integer type must be @interpolate(flat), vertex outputs as well
// as fragment inputs (WGSL spec, "Interpolation"; Dawn refuses the module otherwise). HLSL
// needs no qualifier on the vertex side, and SPIR-V none (DXC decorates Flat on the pixel
// inputs only), so the WGSL writer adds it.
TEST(Wgsl, IntegerVertexOutputsAreFlat) {
  const char* src = R"(
struct V { float4 pos : SV_Position; uint id : ID; int2 k : K; float f : F; bool b : B; };
[shader("vertex")]
V vsmain(uint vid : SV_VertexID) {
  V v;
  v.pos = float4(0, 0, 0, 1);
  v.id = vid;
  v.k = int2(vid, 1);
  v.f = 1;
  v.b = vid > 2;
  return v;
}
)";
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "vsmain";
  o.profile = "vs_6_0";
  CompileResult r = CompileSource(src, "test.hlsl", o);
  ASSERT_TRUE(r.success) << diagText(r);
  ASSERT_EQ(r.outputs.size(), 1u);
  const std::string& t = r.outputs[0].text;
  EXPECT_EQ(dawnErrors(t), "") << t;
  EXPECT_NE(t.find("@location(0) @interpolate(flat) var_ID: u32"), std::string::npos) << t;
  EXPECT_NE(t.find("@location(1) @interpolate(flat) var_K: vec2<i32>"), std::string::npos) << t;
  EXPECT_NE(t.find("@location(2) var_F: f32"), std::string::npos) << t;
  EXPECT_NE(t.find("@location(3) @interpolate(flat) var_B: u32"), std::string::npos) << t;
}
