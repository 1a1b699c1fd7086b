// Lowering end to end: HLSL source -> Preprocessor -> Parser -> Sema -> lowerProgram,
// checking key facts of the IR text, and that the SPIR-V backend's output validates.
#include "lower_fixture.hpp"
#include <gtest/gtest.h>

#include <map>

#include "backend/spirv/spirv.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;

namespace {

using lowertest::Compiled;

std::unique_ptr<Compiled> compile(const std::string& src, lower::LowerOptions lo = {}) {
  return lowertest::lowerSource(src, sema::SemaOptions{}, lo);
}

bool spirvValidates(Compiled& c, const std::string& entry, std::string* dis = nullptr) {
  std::string d = lowertest::validatedSpirv(c, entry);
  if (dis) *dis = d;
  return !d.empty();
}

const char* kSeed = R"(
StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);

[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
)";

}  // namespace

TEST(LowerProgram, SeedCSSum) {
  auto c = compile(kSeed);
  ASSERT_TRUE(c->module) << c->messages();
  ASSERT_EQ(c->module->entryPoints.size(), 1u);
  const ir::EntryPoint& ep = c->module->entryPoints[0];
  EXPECT_EQ(ep.name, "CSSum");
  EXPECT_EQ(ep.stage, ir::Stage::Compute);
  EXPECT_EQ(ep.workgroupSize[0], 64u);
  EXPECT_EQ(ep.workgroupSize[1], 1u);
  // Bindings from the registers.
  bool sawValues = false, sawTotal = false;
  for (const ir::GlobalVariable& g : c->module->globals) {
    if (g.name == "Values") {
      sawValues = true;
      EXPECT_EQ(g.space, ir::AddressSpace::Storage);
      EXPECT_EQ(g.access, ir::StorageAccess::Load);
      ASSERT_TRUE(g.binding);
      EXPECT_EQ(g.binding->group, 0u);
      EXPECT_EQ(g.binding->binding, 0u);
    }
    if (g.name == "Total") {
      sawTotal = true;
      EXPECT_EQ(g.access, ir::StorageAccess::LoadStore);
      ASSERT_TRUE(g.binding);
      EXPECT_EQ(g.binding->binding, 1u);
    }
  }
  EXPECT_TRUE(sawValues && sawTotal);
  // The wrapper takes GlobalInvocationId.
  const ir::Function& w = c->module->functions[ep.function];
  ASSERT_EQ(w.arguments.size(), 1u);
  EXPECT_EQ(w.arguments[0].binding.builtin, ir::BuiltIn::GlobalInvocationId);
  std::string dis;
  EXPECT_TRUE(spirvValidates(*c, "CSSum", &dis)) << c->ir;
  EXPECT_NE(dis.find("OpGroupNonUniformIAdd"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformElect"), std::string::npos);
  EXPECT_NE(dis.find("OpAtomicIAdd"), std::string::npos);
}

namespace {

// Lowers, checks there are no diagnostics, and validates the SPIR-V of `entry`.
void expectValid(const std::string& src, const std::string& entry, std::string* ir = nullptr,
                 std::string* dis = nullptr) {
  auto c = compile(src);
  ASSERT_TRUE(c->module) << c->messages();
  EXPECT_TRUE(spirvValidates(*c, entry, dis)) << c->ir;
  if (ir) *ir = c->ir;
}

}  // namespace

TEST(LowerProgram, ArithmeticControlFlowAndLocals) {
  std::string dis;
  expectValid(R"(
RWStructuredBuffer<int> Out : register(u0);
groupshared uint Shared[64];
static float Scale = 2.0;

int helper(int a, inout int b, out float c) {
  b += a;
  c = a * 0.5;
  return a % 3 + b / 2;
}

[shader("compute")]
[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  int acc = 0;
  for (int i = 0; i < 4; ++i) {
    if (i == 2) continue;
    acc += i * (int)tid.x;
  }
  int k = 0;
  while (k < 3) { k++; if (acc > 100) break; }
  do { k--; } while (k > 0);
  switch (acc & 3) {
    case 0: acc += 1;
    case 1: acc += 2; break;
    default: acc -= 1; break;
  }
  float f;
  int j = 5;
  acc += helper(acc, j, f);
  bool both = acc > 0 && j > 0;
  acc = both ? acc : -acc;
  acc += (int)(f * Scale);
  Shared[gi] = (uint)acc;
  GroupMemoryBarrierWithGroupSync();
  uint orig;
  InterlockedAdd(Shared[0], 1u, orig);
  Out[tid.x] = acc + (int)orig + (int)(acc << 33);
}
)",
              "main", nullptr, &dis);
  EXPECT_NE(dis.find("OpControlBarrier"), std::string::npos);
  EXPECT_NE(dis.find("OpAtomicIAdd"), std::string::npos);
  EXPECT_EQ(dis.find("OpSRem"), std::string::npos);  // a % 3: a - (a / 3) * 3 (signed remainder)
  EXPECT_NE(dis.find("OpSDiv"), std::string::npos);
  EXPECT_NE(dis.find("OpLoopMerge"), std::string::npos);
  EXPECT_NE(dis.find("OpSwitch"), std::string::npos);
}

TEST(LowerProgram, VectorsSwizzlesAndConstructors) {
  expectValid(R"(
RWStructuredBuffer<float4> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float4 v = float4(1, 2, 3, 4);
  float2 a = v.xy;
  v.zw = a * 2;
  v.x += 1;
  float3 w = float3(a, v.w);
  v.yzx = w;
  bool4 lt = v < float4(w, 1);
  v = select(lt, v, -v);
  uint2 u = uint2(tid.xy);
  v += float4(u, u) / 3.0;
  Out[tid.x] = v + float4(normalize(w), dot(a, a));
}
)",
              "main");
}

TEST(LowerProgram, CBufferStructsAndMatrices) {
  std::string ir;
  expectValid(R"(
struct Light { float3 dir; float intensity; };
cbuffer Params : register(b0) {
  float4x4 World;
  float3 Tint;
  float Gain;
  Light Lights[2];
};
struct Item { float2 p; uint flags; };
StructuredBuffer<Item> Items : register(t1);
RWStructuredBuffer<float4> Out : register(u2);
[shader("compute")]
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  Item it = Items[tid.x];
  float4 p = mul(float4(it.p, 0, 1), World);
  float3 c = Tint * Gain * Lights[1].intensity;
  if ((it.flags & 1) != 0) c += Lights[0].dir;
  Out[tid.x] = p + float4(c, 0) + World[1];
}
)",
              "main", &ir);
  EXPECT_NE(ir.find("Params"), std::string::npos);
}

TEST(LowerProgram, EveryWaveAndQuadOpOfTheSeedTable) {
  std::string dis;
  expectValid(R"(
RWStructuredBuffer<uint> O : register(u0);
RWStructuredBuffer<float> F : register(u1);
[shader("compute")]
[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint x = tid.x;
  float y = (float)x;
  uint r = WaveGetLaneCount() + WaveGetLaneIndex();
  r += WaveIsFirstLane() ? 1 : 0;
  r += WaveActiveAnyTrue(x > 3) ? 1 : 0;
  r += WaveActiveAllTrue(x < 100) ? 1 : 0;
  r += WaveActiveAllEqual(x) ? 1 : 0;
  r += WaveActiveBallot(x > 5).x;
  r += WaveActiveCountBits(x > 7);
  r += WaveActiveSum(x) + WaveActiveProduct(x) + WaveActiveMin(x) + WaveActiveMax(x);
  r += WaveActiveBitAnd(x) + WaveActiveBitOr(x) + WaveActiveBitXor(x);
  r += WavePrefixSum(x) + WavePrefixProduct(x) + WavePrefixCountBits(x > 1);
  r += WaveReadLaneAt(x, 3) + WaveReadLaneFirst(x);
  r += QuadReadAcrossX(x) + QuadReadAcrossY(x) + QuadReadAcrossDiagonal(x) + QuadReadLaneAt(x, 1);
  F[x] = WaveActiveSum(y) + WavePrefixSum(y) + WaveActiveMax(y);
  O[x] = r;
}
)",
              "main", nullptr, &dis);
  for (const char* op : {"OpGroupNonUniformElect",
                         "OpGroupNonUniformAny",
                         "OpGroupNonUniformAll",
                         "OpGroupNonUniformAllEqual",
                         "OpGroupNonUniformBallot",
                         "OpGroupNonUniformBallotBitCount",
                         "OpGroupNonUniformIAdd",
                         "OpGroupNonUniformIMul",
                         "OpGroupNonUniformUMin",
                         "OpGroupNonUniformUMax",
                         "OpGroupNonUniformBitwiseAnd",
                         "OpGroupNonUniformBitwiseOr",
                         "OpGroupNonUniformBitwiseXor",
                         "OpGroupNonUniformShuffle",
                         "OpGroupNonUniformBroadcastFirst",
                         "OpGroupNonUniformQuadSwap",
                         "OpGroupNonUniformQuadBroadcast",
                         "OpGroupNonUniformFAdd",
                         "OpGroupNonUniformFMax",
                         "ExclusiveScan",
                         "SubgroupSize",
                         "SubgroupLocalInvocationId"})
    EXPECT_NE(dis.find(op), std::string::npos) << op;
}

TEST(LowerProgram, ByteAddressBufferMethods) {
  std::string dis;
  expectValid(R"(
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint a = In.Load(tid.x * 4);
  uint2 b = In.Load2(8);
  uint4 d = In.Load4(16);
  uint len;
  Out.GetDimensions(len);
  Out.Store(0, a + len);
  Out.Store2(8, b);
  Out.Store4(16, d);
  uint old;
  Out.InterlockedMax(32, a, old);
  Out.InterlockedCompareStore(36, 0, old);
}
)",
              "main", nullptr, &dis);
  EXPECT_NE(dis.find("OpArrayLength"), std::string::npos);
  EXPECT_NE(dis.find("OpAtomicUMax"), std::string::npos);
  EXPECT_NE(dis.find("OpAtomicCompareExchange"), std::string::npos);
}

TEST(LowerProgram, LayoutOptionChangesOffsets) {
  const char* src = R"(
cbuffer C : register(b0) { float a; float3 b; float c[2]; float d; };
RWStructuredBuffer<float> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() { Out[0] = a + b.x + c[1] + d; }
)";
  auto offsetsOf = [&](lower::LayoutOption rules) {
    lower::LowerOptions lo;
    lo.layout = rules;
    auto c = compile(src, lo);
    std::vector<uint32_t> offs;
    if (!c->module) {
      ADD_FAILURE() << c->messages();
      return offs;
    }
    for (const ir::GlobalVariable& g : c->module->globals)
      if (g.name == "C")
        for (const ir::StructMember& m : c->module->types[g.type].members) offs.push_back(m.offset);
    return offs;
  };
  // Default (vector-relaxed std140): c is 16-aligned with stride 16 -> d at 48.
  EXPECT_EQ(offsetsOf(lower::LayoutOption::Default), (std::vector<uint32_t>{0, 4, 16, 48}));
  // DX: the last array element is not padded -> d at 16 + 16 + 4 = 36.
  EXPECT_EQ(offsetsOf(lower::LayoutOption::DirectX), (std::vector<uint32_t>{0, 4, 16, 36}));
  // Scalar: c at 16 with stride 4 -> d at 24.
  EXPECT_EQ(offsetsOf(lower::LayoutOption::Scalar), (std::vector<uint32_t>{0, 4, 16, 24}));
}

TEST(LowerProgram, BindingCollisionIsReported) {
  auto c = compile(R"(
RWStructuredBuffer<uint> A : register(u0);
[[vk::binding(0)]] RWStructuredBuffer<uint> B;
[shader("compute")]
[numthreads(1, 1, 1)]
void main() { A[0] = B[0]; }
)");
  // A warning (DXC also accepts aliased bindings): the module is still produced.
  EXPECT_TRUE(c->module) << c->messages();
  EXPECT_TRUE(c->hasCode("OSH0040")) << c->messages();
}

TEST(LowerProgram, ImplicitBindingsFollowExplicitOnes) {
  auto c = compile(R"(
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> B : register(u0);
RWStructuredBuffer<uint> C;
[shader("compute")]
[numthreads(1, 1, 1)]
void main() { A[0] = B[0] + C[0]; }
)");
  ASSERT_TRUE(c->module) << c->messages();
  std::map<std::string, uint32_t> b;
  for (const ir::GlobalVariable& g : c->module->globals)
    if (g.binding) b[g.name] = g.binding->binding;
  EXPECT_EQ(b["B"], 0u);
  EXPECT_EQ(b["A"], 1u);
  EXPECT_EQ(b["C"], 2u);
}

TEST(LowerProgram, UnsupportedConstructIsOSH0007) {
  // Sized and runtime-sized arrays of resources are supported now
  // (lower_resource_arrays_test.cpp, bindless_test.cpp); a multi-dimensional one is still not.
  auto c = compile(R"(
RWStructuredBuffer<uint> A[2][2] : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() { A[1][0][0] = 1; }
)");
  EXPECT_FALSE(c->module);
  EXPECT_TRUE(c->hasCode("OSH0007")) << c->messages();
}
