// WGSL atomics (passes::atomicTypes, then the printer prints from types): what atomic
// operations reach is declared atomic<T>, read with atomicLoad and written with
// atomicStore; a struct shared with a plain buffer is declared twice, atomic and not, each
// with its own name and the same layout; what WGSL cannot express is OSH5001 at its
// source. Expected text from the WGSL specification (atomic types, 6.2.8; atomicLoad /
// atomicStore, 17.8) and values by hand; every module goes through Dawn (Tint).
#include <gtest/gtest.h>

#include <string>

#include "dawn_check.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compileWgsl(const std::string& src) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  return CompileSource(src, "test.hlsl", o);
}

std::string diagText(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

std::string wgslOf(const std::string& src) {
  CompileResult r = compileWgsl(src);
  EXPECT_TRUE(r.success) << diagText(r);
  for (const auto& o : r.outputs)
    if (o.target == CompileTarget::Wgsl) {
      EXPECT_EQ(dawnErrors(o.text), "") << o.text;
      return o.text;
    }
  ADD_FAILURE() << "no WGSL output";
  return "";
}

// The one error of a refused compile: OSH5001 with `message` on `line`, and no module.
void expectRefused(const std::string& src, const std::string& message, uint32_t line) {
  CompileResult r = compileWgsl(src);
  EXPECT_FALSE(r.success);
  ASSERT_EQ(r.diagnostics.size(), 1u) << diagText(r);
  EXPECT_EQ(r.diagnostics[0].code, "OSH5001");
  EXPECT_EQ(r.diagnostics[0].message, message);
  EXPECT_EQ(r.diagnostics[0].span.line, line);
  EXPECT_TRUE(r.outputs.empty());
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// struct S is 16 bytes in a structured buffer (count 0, weight 4, bias 8 and 12).
const char* kShared = R"(struct S { uint count; float weight; int bias[2]; };
RWStructuredBuffer<S> A : register(u0);
RWStructuredBuffer<S> P : register(u1);
[numthreads(1, 1, 1)]
void main() {
  uint old;
  InterlockedAdd(A[0].count, 2, old);
  InterlockedMax(A[0].bias[1], -3);
  P[0].count = old + A[0].count;
  P[0].weight = A[0].weight;
  A[1].bias[0] = P[0].bias[1];
}
)";

}  // namespace

// A's S has atomic leaves (count, and bias's i32 elements; weight stays f32), P's S has
// none: two WGSL structs, S_atomic declared first (A is the first global), with WGSL's own
// layout of both matching HLSL's (offsets 0, 4, 8; 16 bytes), so no @size / @align.
TEST(WgslAtomics, SharedStructIsOneAtomicAndOnePlainStruct) {
  std::string t = wgslOf(kShared);
  EXPECT_TRUE(has(t, R"(struct S_atomic {
  count: atomic<u32>,
  weight: f32,
  bias: array<atomic<i32>, 2>,
}

struct S {
  count: u32,
  weight: f32,
  bias: array<i32, 2>,
}

@group(0) @binding(0) var<storage, read_write> A: array<S_atomic>;
@group(0) @binding(1) var<storage, read_write> P: array<S>;
)")) << t;
  EXPECT_TRUE(has(t, "atomicAdd(&A[0i].count, 2u)")) << t;
  EXPECT_TRUE(has(t, "atomicMax(&A[0i].bias[1i], (-3i))")) << t;
  EXPECT_TRUE(has(t, "atomicLoad(&A[0i].count)")) << t;
  EXPECT_TRUE(has(t, "= A[0i].weight;")) << t;  // f32: a plain load
  EXPECT_TRUE(has(t, "atomicStore(&A[1i].bias[0i], ")) << t;
  EXPECT_FALSE(has(t, "atomicLoad(&P")) << t;
  EXPECT_FALSE(has(t, "atomicStore(&P")) << t;
}

// On Dawn: A[0] = {5, 1.5, 7, -10}, P[0] = {0, 0, 0, 42}. count: 5 + 2 = 7, old = 5;
// bias[1] = max(-10, -3) = -3; P[0].count = 5 + 7 = 12; P[0].weight = 1.5 (0x3fc00000 =
// 1069547520); A[1].bias[0] = P[0].bias[1] = 42. -10 and -3 as u32 words: 4294967286,
// 4294967293.
TEST(WgslAtomics, SharedStructLayoutsHoldTheRightValuesOnDawn) {
  std::string t = wgslOf(kShared);
  std::string r = dawnRun(t, R"({"entry": "main", "dispatch": [1, 1, 1],
    "buffers": [
      {"group": 0, "binding": 0, "usage": "storage", "u32": [5, 1069547520, 7, 4294967286, 0, 0, 0, 0]},
      {"group": 0, "binding": 1, "usage": "storage", "u32": [0, 0, 0, 42, 0, 0, 0, 0]}],
    "expect": [
      {"group": 0, "binding": 0, "u32": [7, 1069547520, 7, 4294967293, 0, 0, 42, 0]},
      {"group": 0, "binding": 1, "u32": [12, 1069547520, 0, 42, 0, 0, 0, 0]}]})");
  if (r == "SKIP") GTEST_SKIP() << "Dawn or SwiftShader is not installed";
  EXPECT_EQ(r, "") << t;
}

// A groupshared array atomics reach: every element atomic, the plain store an atomicStore,
// the plain read an atomicLoad.
TEST(WgslAtomics, GroupsharedArrayIsAtomicThroughout) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Hist[4];
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Hist[i] = 0;
  GroupMemoryBarrierWithGroupSync();
  InterlockedAdd(Hist[(i + 1) % 4], i);
  GroupMemoryBarrierWithGroupSync();
  Out[i] = Hist[i];
}
)");
  EXPECT_TRUE(has(t, "var<workgroup> Hist: array<atomic<u32>, 4>;")) << t;
  EXPECT_TRUE(has(t, "atomicStore(&Hist[i], 0u);")) << t;
  EXPECT_TRUE(has(t, "atomicAdd(&Hist[")) << t;
  EXPECT_TRUE(has(t, "atomicLoad(&Hist[i])")) << t;
  EXPECT_TRUE(has(t, "Out: array<u32>;")) << t;
}

// Refusals (passes::atomicTypes), at the construct's line.
TEST(WgslAtomics, AggregateLoadFromAnAtomicBufferIsOSH5001) {
  expectRefused(R"(struct S { uint a; float b; };
RWStructuredBuffer<S> B : register(u0);
RWStructuredBuffer<float> O : register(u1);
[numthreads(1, 1, 1)]
void main() {
  InterlockedAdd(B[0].a, 1);
  S s = B[1];
  O[0] = s.b;
}
)",
                "a load of an aggregate from a buffer that atomics also access cannot be expressed in WGSL", 7);
}

TEST(WgslAtomics, AggregateStoreToAnAtomicBufferIsOSH5001) {
  expectRefused(R"(struct S { uint a; float b; };
RWStructuredBuffer<S> B : register(u0);
[numthreads(1, 1, 1)]
void main() {
  InterlockedAdd(B[0].a, 1);
  S s;
  s.a = 1;
  s.b = 2;
  B[1] = s;
}
)",
                "a store of an aggregate to a buffer that atomics also access cannot be expressed in WGSL", 9);
}

// WGSL has no atomic vectors, and `&v[1]` is not a pointer WGSL can take (Tint: "cannot
// take the address of a vector component").
TEST(WgslAtomics, AtomicOnAVectorComponentIsOSH5001) {
  expectRefused(R"(RWStructuredBuffer<uint2> V : register(u0);
[numthreads(1, 1, 1)]
void main() {
  InterlockedAdd(V[0][1], 1);
}
)",
                "an atomic operation on a component of a vector or matrix cannot be expressed in WGSL", 4);
}
