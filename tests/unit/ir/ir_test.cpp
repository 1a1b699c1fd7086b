// IR: interning, builder (automatic Emit), printer, validator.
#include <gtest/gtest.h>

#include "cssum_module.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "ir/ir.hpp"

using namespace oneshader;
using namespace oneshader::ir;

TEST(IrTypes, InterningGivesOneHandlePerType) {
  TypeArena t;
  auto a = t.vector(Scalar::f32(), 4);
  auto b = t.vector(Scalar::f32(), 4);
  auto c = t.vector(Scalar::f32(), 3);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(t.pointer(a, AddressSpace::Function), t.pointer(b, AddressSpace::Function));
  EXPECT_NE(t.pointer(a, AddressSpace::Function), t.pointer(a, AddressSpace::Private));
  // Strides are part of an array's identity (explicit layout vs none).
  EXPECT_NE(t.array(a, 4, 16), t.array(a, 4, 0));
  // Many types: interning keeps working across rehashes.
  std::vector<Handle<Type>> hs;
  for (uint32_t i = 1; i < 300; ++i) hs.push_back(t.array(a, i));
  for (uint32_t i = 1; i < 300; ++i) EXPECT_EQ(t.array(a, i), hs[i - 1]);
}

TEST(IrBuilder, InsertsEmitBeforeStatements) {
  Module m;
  fixtures::buildCSSum(m);
  const Function& f = m.functions[Handle<Function>(0)];
  const Block& body = f.blocks[f.body];
  ASSERT_FALSE(body.stmts.empty());
  // First statement: an Emit covering the access chain and load.
  const Statement& s0 = f.statements[body.stmts[0]];
  EXPECT_EQ(s0.kind, StmtKind::Emit);
  EXPECT_GE(s0.range.count, 3u);
  // Then the two subgroup statements, the if, the return.
  std::vector<StmtKind> kinds;
  for (auto h : body.stmts) kinds.push_back(f.statements[h].kind);
  std::vector<StmtKind> expect{StmtKind::Emit, StmtKind::Subgroup, StmtKind::Subgroup, StmtKind::If, StmtKind::Return};
  EXPECT_EQ(kinds, expect);
  // Types inferred by the builder.
  EXPECT_EQ(f.expressions[f.statements[body.stmts[1]].result].type, m.types.scalar(Scalar::u32()));
  EXPECT_EQ(f.expressions[f.statements[body.stmts[2]].result].type, m.types.scalar(Scalar::boolean()));
}

TEST(IrValidator, AcceptsCSSum) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  EXPECT_TRUE(validate(m, d)) << (d.diagnostics().empty() ? "" : d.diagnostics()[0].message);
  EXPECT_EQ(d.errorCount(), 0u);
}

TEST(IrPrinter, PrintsReadableText) {
  Module m;
  fixtures::buildCSSum(m);
  std::string text = print(m);
  EXPECT_NE(text.find("global g0 Values: storage(read) struct type.StructuredBuffer @group(0) @binding(0) "
                      "StructuredBuffer register(t0, space0)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("subgroup_add reduce"), std::string::npos) << text;
  EXPECT_NE(text.find("subgroup_elect"), std::string::npos);
  EXPECT_NE(text.find("atomic_add"), std::string::npos);
  EXPECT_NE(text.find("entry_point CSSum compute f0 workgroup_size(64, 1, 1)"), std::string::npos) << text;
  EXPECT_EQ(text, print(m));  // deterministic
}

static std::string firstMessage(const DiagEngine& d) {
  return d.diagnostics().empty() ? std::string() : d.diagnostics()[0].message;
}

TEST(IrValidator, CatchesUseBeforeEmit) {
  Module m;
  fixtures::buildCSSum(m);
  Function& f = m.functions[Handle<Function>(0)];
  // Drop the first Emit: the subgroup statement now uses an unevaluated load.
  Block& body = f.blocks[f.body];
  body.stmts.erase(body.stmts.begin());
  DiagEngine d;
  EXPECT_FALSE(validate(m, d));
  ASSERT_GE(d.errorCount(), 1u);
  EXPECT_EQ(diagCodeString(d.diagnostics()[0].id), "OSH9999");
  EXPECT_NE(firstMessage(d).find("before it is emitted"), std::string::npos) << firstMessage(d);
  EXPECT_NE(firstMessage(d).find("function 'CSSum'"), std::string::npos);
}

TEST(IrValidator, CatchesStoreToValueAndBreakOutsideLoop) {
  Module m;
  ModuleBuilder mb(m);
  auto f = mb.function("f");
  FunctionBuilder b = mb.build(f);
  auto one = b.u32(1);
  b.store(one, one);  // not a pointer
  b.brk();            // not in a loop
  b.finish();
  DiagEngine d;
  EXPECT_FALSE(validate(m, d));
  bool sawStore = false, sawBreak = false;
  for (const Diagnostic& dg : d.diagnostics()) {
    sawStore |= dg.message.find("store to a non-pointer") != std::string::npos;
    sawBreak |= dg.message.find("break outside a loop") != std::string::npos;
  }
  EXPECT_TRUE(sawStore);
  EXPECT_TRUE(sawBreak);
}

TEST(IrValidator, CatchesOutOfRangeHandlesAndTypeMismatch) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto f32 = mb.types().scalar(Scalar::f32());
  auto f = mb.function("g", {}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  auto x = b.binary(BinaryOp::Add, b.u32(1), b.f32(2.0f));  // mismatched operands
  b.ret(x);
  b.finish();
  (void)f32;
  // A dangling operand handle.
  Expression bad;
  bad.kind = ExprKind::Load;
  bad.type = u32;
  bad.a = Handle<Expression>(1000);
  m.functions[f].expressions.append(bad);
  DiagEngine d;
  EXPECT_FALSE(validate(m, d));
  bool sawAgree = false, sawPrecede = false;
  for (const Diagnostic& dg : d.diagnostics()) {
    sawAgree |= dg.message.find("do not agree") != std::string::npos;
    sawPrecede |= dg.message.find("does not precede it") != std::string::npos;
  }
  EXPECT_TRUE(sawAgree);
  EXPECT_TRUE(sawPrecede);
}

TEST(IrValidator, ScopesEmitsToTheirBlock) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto f = mb.function("h", {}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  b.ifBegin(b.boolean(true));
  auto inner = b.binary(BinaryOp::Add, b.u32(1), b.u32(2));
  b.ifEnd();
  b.ret(inner);  // emitted inside the if: not visible here
  b.finish();
  DiagEngine d;
  EXPECT_FALSE(validate(m, d));
  EXPECT_NE(firstMessage(d).find("before it is emitted"), std::string::npos) << firstMessage(d);
}

TEST(IrBarrier, HlslBarriersFollowDxc) {
  auto g = hlslBarrier(HlslBarrier::GroupMemoryBarrierWithGroupSync);
  EXPECT_TRUE(g.control);
  EXPECT_EQ(g.execScope, MemoryScope::Workgroup);
  EXPECT_EQ(g.memScope, MemoryScope::Workgroup);
  EXPECT_EQ(g.memory, BarrierWorkgroup);
  auto a = hlslBarrier(HlslBarrier::AllMemoryBarrierWithGroupSync);
  EXPECT_EQ(a.memScope, MemoryScope::Device);
  EXPECT_EQ(a.memory, BarrierWorkgroup | BarrierUniform | BarrierImage);
  auto dm = hlslBarrier(HlslBarrier::DeviceMemoryBarrier);
  EXPECT_FALSE(dm.control);
  EXPECT_EQ(dm.memory, BarrierUniform | BarrierImage);
}

TEST(IrSubgroup, FeatureBitsMatchTheSeedTable) {
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Elect), 0x1u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::AllEqual), 0x2u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Add), 0x4u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::BallotBitCount), 0x8u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::BroadcastFirst), 0x8u);  // Ballot, not Basic
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Shuffle), 0x10u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::QuadSwapX), 0x80u);
}

TEST(IrSubgroup, PartitionedOpsArePartitionedNV) {
  // WaveMatch / WaveMultiPrefix* are "PartitionedNV 0x100" in the seed table.
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::Partition), 0x100u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::PartitionedAdd), 0x100u);
  EXPECT_EQ(subgroupFeatureOf(SubgroupOp::PartitionedXor), 0x100u);
  EXPECT_STREQ(subgroupOpName(SubgroupOp::PartitionedMul), "partitioned_mul");
}
