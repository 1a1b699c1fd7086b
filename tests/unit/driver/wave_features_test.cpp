// Reflection's subgroup feature bits for every SM 6.0 wave and quad intrinsic, end to end
// (source -> reflection), against the seed article's table ("SPIR-V and the Vulkan
// feature"), copied here by hand rather than read from intrinsics.def.
#include <gtest/gtest.h>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

struct Row {
  const char* intrinsic;
  const char* expr;  // a uint-valued use of the intrinsic; x is uint, b is bool
  uint32_t feature;
};

const Row kSeedTable[] = {
    {"WaveGetLaneCount", "WaveGetLaneCount()", SubgroupBasic},
    {"WaveGetLaneIndex", "WaveGetLaneIndex()", SubgroupBasic},
    {"WaveIsFirstLane", "uint(WaveIsFirstLane())", SubgroupBasic},
    {"WaveActiveAnyTrue", "uint(WaveActiveAnyTrue(b))", SubgroupVote},
    {"WaveActiveAllTrue", "uint(WaveActiveAllTrue(b))", SubgroupVote},
    {"WaveActiveAllEqual", "uint(WaveActiveAllEqual(x))", SubgroupVote},
    {"WaveActiveBallot", "WaveActiveBallot(b).x", SubgroupBallot},
    {"WaveActiveCountBits", "WaveActiveCountBits(b)", SubgroupBallot},
    {"WaveActiveSum", "WaveActiveSum(x)", SubgroupArithmetic},
    {"WaveActiveProduct", "WaveActiveProduct(x)", SubgroupArithmetic},
    {"WaveActiveMin", "WaveActiveMin(x)", SubgroupArithmetic},
    {"WaveActiveMax", "WaveActiveMax(x)", SubgroupArithmetic},
    {"WaveActiveBitAnd", "WaveActiveBitAnd(x)", SubgroupArithmetic},
    {"WaveActiveBitOr", "WaveActiveBitOr(x)", SubgroupArithmetic},
    {"WaveActiveBitXor", "WaveActiveBitXor(x)", SubgroupArithmetic},
    {"WavePrefixSum", "WavePrefixSum(x)", SubgroupArithmetic},
    {"WavePrefixProduct", "WavePrefixProduct(x)", SubgroupArithmetic},
    {"WavePrefixCountBits", "WavePrefixCountBits(b)", SubgroupBallot},
    {"WaveReadLaneAt", "WaveReadLaneAt(x, 1)", SubgroupShuffle},
    {"WaveReadLaneFirst", "WaveReadLaneFirst(x)", SubgroupBallot},
    {"QuadReadAcrossX", "QuadReadAcrossX(x)", SubgroupQuad},
    {"QuadReadAcrossY", "QuadReadAcrossY(x)", SubgroupQuad},
    {"QuadReadAcrossDiagonal", "QuadReadAcrossDiagonal(x)", SubgroupQuad},
    {"QuadReadLaneAt", "QuadReadLaneAt(x, 2)", SubgroupQuad},
};

}  // namespace

TEST(WaveFeatures, EverySeedRowEndToEnd) {
  for (const Row& row : kSeedTable) {
    SCOPED_TRACE(row.intrinsic);
    std::string src = std::string(
                          "RWStructuredBuffer<uint> Out : register(u0);\n"
                          "[shader(\"compute\")]\n"
                          "[numthreads(32, 1, 1)]\n"
                          "void main(uint3 id : SV_DispatchThreadID) {\n"
                          "  uint x = id.x;\n"
                          "  bool b = x > 3;\n"
                          "  Out[id.x] = ") +
                      row.expr + ";\n}\n";
    CompileResult r = CompileSource(src, std::string(row.intrinsic) + ".hlsl");
    ASSERT_TRUE(r.success) << r.renderedDiagnostics();
    ASSERT_EQ(r.reflection->entryPoints.size(), 1u);
    EXPECT_EQ(r.reflection->entryPoints[0].subgroupOperations, row.feature)
        << SummaryLine(r.reflection->entryPoints[0]);
    ASSERT_EQ(r.outputs.size(), 1u);
  }
}

// A helper called from one entry point only: its features belong to that entry point.
TEST(WaveFeatures, UnionOverReachableFunctionsOnly) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "uint votes(uint x) { return uint(WaveActiveAnyTrue(x > 2)); }\n"
      "uint shuffles(uint x) { return WaveReadLaneAt(x, 0); }\n"
      "[shader(\"compute\")]\n"
      "[numthreads(32, 1, 1)]\n"
      "void A(uint3 id : SV_DispatchThreadID) { Out[id.x] = votes(id.x) + WavePrefixSum(id.x); }\n"
      "[shader(\"compute\")]\n"
      "[numthreads(32, 1, 1)]\n"
      "void B(uint3 id : SV_DispatchThreadID) { Out[id.x] = shuffles(id.x); }\n"
      "[shader(\"compute\")]\n"
      "[numthreads(32, 1, 1)]\n"
      "void C(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x; }\n";
  CompileResult r = CompileSource(src, "union.hlsl");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_EQ(r.reflection->entryPoints.size(), 3u);
  EXPECT_EQ(SummaryLine(r.reflection->entryPoints[0]), "A (Compute): Vote, Arithmetic = 0x6");
  EXPECT_EQ(SummaryLine(r.reflection->entryPoints[1]), "B (Compute): Shuffle = 0x10");
  EXPECT_EQ(SummaryLine(r.reflection->entryPoints[2]), "C (Compute): None = 0x0");
  EXPECT_TRUE(r.reflection->entryPoints[2].webgpuFeatures.empty());
}
