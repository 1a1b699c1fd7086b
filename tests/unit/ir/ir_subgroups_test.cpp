// The subgroup operation table (ir/subgroups.def): every back end spells an ir::SubgroupOp
// from it. Expected values written out by hand from the SPIR-V 1.6 specification (3.52.24
// Non-Uniform Instructions: opcode numbers), the Metal Shading Language 2.4 specification
// (6.9.2 SIMD-group functions, 6.9.3 quad-group functions), the WGSL specification
// (subgroup and quad built-in functions) and DXC's intrinsic names.
#include <gtest/gtest.h>

#include <string>

#include "ir/subgroups.hpp"

using namespace oneshader::ir;

TEST(IrSubgroups, SpirvOpcodesFollowTheSpecification) {
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Elect, ScalarKind::Uint), 333u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::All, ScalarKind::Bool), 334u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::AllEqual, ScalarKind::Float), 336u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Broadcast, ScalarKind::Uint), 337u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::BroadcastFirst, ScalarKind::Uint), 338u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Ballot, ScalarKind::Bool), 339u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::BallotBitCount, ScalarKind::Uint), 342u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Shuffle, ScalarKind::Float), 345u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::ShuffleDown, ScalarKind::Uint), 348u);
  // Arithmetic by operand kind: IAdd / FAdd, SMin / UMin / FMin, Bitwise / Logical.
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Add, ScalarKind::Sint), 349u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Add, ScalarKind::Float), 350u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Mul, ScalarKind::Uint), 351u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Min, ScalarKind::Sint), 353u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Min, ScalarKind::Uint), 354u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Min, ScalarKind::Float), 355u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Max, ScalarKind::Uint), 357u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::And, ScalarKind::Uint), 359u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::And, ScalarKind::Bool), 362u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Xor, ScalarKind::Bool), 364u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::QuadBroadcast, ScalarKind::Float), 365u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::QuadSwapY, ScalarKind::Float), 366u);
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::Partition, ScalarKind::Uint), 5296u);  // OpGroupNonUniformPartitionNV
  EXPECT_EQ(subgroupSpirvOp(SubgroupOp::PartitionedMul, ScalarKind::Float), 352u);
}

TEST(IrSubgroups, TextTargetSpellings) {
  auto msl = [](SubgroupOp op, CollectiveOp c) { return std::string(subgroupMsl(op, c)); };
  auto wgsl = [](SubgroupOp op, CollectiveOp c) { return std::string(subgroupWgsl(op, c)); };
  const CollectiveOp R = CollectiveOp::Reduce, X = CollectiveOp::ExclusiveScan, N = CollectiveOp::None;
  EXPECT_EQ(msl(SubgroupOp::Elect, N), "simd_is_first");
  EXPECT_EQ(msl(SubgroupOp::Add, R), "simd_sum");
  EXPECT_EQ(msl(SubgroupOp::Add, X), "simd_prefix_exclusive_sum");
  EXPECT_EQ(msl(SubgroupOp::Mul, CollectiveOp::InclusiveScan), "simd_prefix_inclusive_product");
  EXPECT_EQ(msl(SubgroupOp::Min, X), "");  // Metal has no prefix minimum
  EXPECT_EQ(msl(SubgroupOp::ShuffleXor, N), "simd_shuffle_xor");
  EXPECT_EQ(msl(SubgroupOp::QuadBroadcast, N), "quad_shuffle");
  EXPECT_EQ(msl(SubgroupOp::QuadSwapDiagonal, N), "quad_shuffle_xor");
  EXPECT_EQ(msl(SubgroupOp::Partition, N), "");
  EXPECT_EQ(wgsl(SubgroupOp::Elect, N), "subgroupElect");
  EXPECT_EQ(wgsl(SubgroupOp::Add, X), "subgroupExclusiveAdd");
  EXPECT_EQ(wgsl(SubgroupOp::BallotBitCount, R), "subgroupAdd");  // counts the ballot's condition
  EXPECT_EQ(wgsl(SubgroupOp::Xor, R), "subgroupXor");
  EXPECT_EQ(wgsl(SubgroupOp::Xor, X), "");
  EXPECT_EQ(wgsl(SubgroupOp::QuadSwapX, N), "quadSwapX");
  EXPECT_EQ(wgsl(SubgroupOp::BroadcastFirst, N), "subgroupBroadcastFirst");
}

TEST(IrSubgroups, NamesAndFeatures) {
  EXPECT_EQ(std::string(subgroupOpName(SubgroupOp::QuadSwapDiagonal)), "quad_swap_diagonal");
  EXPECT_EQ(std::string(subgroupHlslName(SubgroupOp::Add, CollectiveOp::ExclusiveScan)), "WavePrefixSum");
  EXPECT_EQ(std::string(subgroupHlslName(SubgroupOp::Add, CollectiveOp::Reduce)), "WaveActiveSum");
  EXPECT_EQ(std::string(subgroupHlslName(SubgroupOp::BallotBitCount, CollectiveOp::ExclusiveScan)),
            "WavePrefixCountBits");
  EXPECT_EQ(std::string(subgroupHlslName(SubgroupOp::PartitionedXor, CollectiveOp::ExclusiveScan)),
            "WaveMultiPrefixBitXor");
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Elect), uint32_t(vk::SubgroupBasic));
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::AllEqual), uint32_t(vk::SubgroupVote));
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Broadcast), uint32_t(vk::SubgroupBallot));
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::ShuffleUp), uint32_t(vk::SubgroupShuffleRelative));
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::QuadSwapX), uint32_t(vk::SubgroupQuad));
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Partition), uint32_t(vk::SubgroupPartitionedNV));
}
