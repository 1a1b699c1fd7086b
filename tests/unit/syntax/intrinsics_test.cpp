#include <gtest/gtest.h>

#include "intrinsics/intrinsics.hpp"

using namespace oneshader;

// Expectations from the seed article's mapping table (shared/seeds/002_...): feature bits.
TEST(Intrinsics, SeedTableFeatureBits) {
  struct Row {
    const char* name;
    uint32_t feature;
  } rows[] = {
      {"WaveGetLaneCount", 0x1},  {"WaveGetLaneIndex", 0x1},        {"WaveIsFirstLane", 0x1},
      {"WaveActiveAnyTrue", 0x2}, {"WaveActiveAllTrue", 0x2},       {"WaveActiveAllEqual", 0x2},
      {"WaveActiveBallot", 0x8},  {"WaveActiveCountBits", 0x8},     {"WaveActiveSum", 0x4},
      {"WaveActiveProduct", 0x4}, {"WaveActiveMin", 0x4},           {"WaveActiveMax", 0x4},
      {"WaveActiveBitAnd", 0x4},  {"WaveActiveBitOr", 0x4},         {"WaveActiveBitXor", 0x4},
      {"WavePrefixSum", 0x4},     {"WavePrefixProduct", 0x4},       {"WavePrefixCountBits", 0x8},
      {"WaveReadLaneAt", 0x10},   {"WaveReadLaneFirst", 0x8},       {"QuadReadAcrossX", 0x80},
      {"QuadReadAcrossY", 0x80},  {"QuadReadAcrossDiagonal", 0x80}, {"QuadReadLaneAt", 0x80},
  };
  for (const auto& r : rows) {
    IntrinsicId id = lookupIntrinsic(r.name);
    ASSERT_NE(id, IntrinsicId::None) << r.name;
    EXPECT_EQ(intrinsicInfo(id).subgroupFeature, r.feature) << r.name;
    EXPECT_TRUE(isWaveOrQuad(id)) << r.name;
  }
}

TEST(Intrinsics, LookupDistinguishesMethodsAndFunctions) {
  EXPECT_EQ(lookupIntrinsic("lerp"), IntrinsicId::Lerp);
  EXPECT_EQ(lookupIntrinsic("Load4"), IntrinsicId::None);
  EXPECT_EQ(lookupMethodIntrinsic("Load4"), IntrinsicId::BabLoad4);
  EXPECT_EQ(lookupMethodIntrinsic("InterlockedAdd"), IntrinsicId::InterlockedAdd);
  EXPECT_EQ(lookupIntrinsic("InterlockedAdd"), IntrinsicId::InterlockedAdd);
  EXPECT_EQ(lookupIntrinsic("notAnIntrinsic"), IntrinsicId::None);
  EXPECT_EQ(intrinsicInfo(IntrinsicId::WavePrefixSum).groupOp, IntrinsicGroupOp::ExclusiveScan);
}
