// SPIR-V backend: CSSum, control flow, every wave/quad family, env rules, determinism,
// and a comparison of wave-op shapes with glslang.
#include "../spirv_decode.hpp"
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <fstream>
#include <set>
#include <spirv/unified1/spirv.hpp11>

#include "../ir/cssum_module.hpp"
#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;
using namespace oneshader::spirv;

namespace {

using oneshader::spvtest::decode;
using oneshader::spvtest::Inst;

std::vector<Inst> find(const std::vector<Inst>& is, spv::Op op) {
  std::vector<Inst> r;
  for (const Inst& i : is)
    if (i.op == op) r.push_back(i);
  return r;
}

std::set<uint32_t> capabilities(const std::vector<Inst>& is) {
  std::set<uint32_t> r;
  for (const Inst& i : find(is, spv::Op::OpCapability)) r.insert(i.operands[0]);
  return r;
}

std::string allMessages(const DiagEngine& d) {
  std::string s;
  for (const Diagnostic& x : d.diagnostics()) s += diagCodeString(x.id) + ": " + x.message + "\n";
  return s;
}

SpirvOptions env(VulkanEnv e) {
  SpirvOptions o;
  o.env = e;
  return o;
}

}  // namespace

class CSSumEnv : public ::testing::TestWithParam<VulkanEnv> {};

TEST_P(CSSumEnv, ValidWithExactlyTheNeededCapabilities) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = compileSpirv(m, "CSSum", env(GetParam()), d);
  ASSERT_TRUE(r) << allMessages(d);
  EXPECT_EQ(r->words[1], spirvVersionFor(GetParam()));
  auto is = decode(r->words);
  std::set<uint32_t> expectCaps{uint32_t(spv::Capability::Shader), uint32_t(spv::Capability::GroupNonUniform),
                                uint32_t(spv::Capability::GroupNonUniformArithmetic)};
  EXPECT_EQ(capabilities(is), expectCaps);
  EXPECT_EQ(r->capabilities, (std::vector<std::string>{"Shader", "GroupNonUniform", "GroupNonUniformArithmetic"}));
  EXPECT_TRUE(r->extensions.empty());
  EXPECT_EQ(r->subgroupFeatures, 0x5u);  // Basic | Arithmetic, as the seed's reflection says

  auto adds = find(is, spv::Op::OpGroupNonUniformIAdd);
  ASSERT_EQ(adds.size(), 1u);
  EXPECT_EQ(adds[0].operands[3], uint32_t(spv::GroupOperation::Reduce));
  EXPECT_EQ(find(is, spv::Op::OpGroupNonUniformElect).size(), 1u);
  auto atomics = find(is, spv::Op::OpAtomicIAdd);
  ASSERT_EQ(atomics.size(), 1u);

  // Buffers are StorageBuffer variables at set 0, bindings 0 and 1.
  int storageVars = 0;
  for (const Inst& v : find(is, spv::Op::OpVariable))
    if (v.operands[2] == uint32_t(spv::StorageClass::StorageBuffer)) ++storageVars;
  EXPECT_EQ(storageVars, 2);
  std::multiset<uint32_t> sets, bindings;
  for (const Inst& dd : find(is, spv::Op::OpDecorate)) {
    if (dd.operands[1] == uint32_t(spv::Decoration::DescriptorSet)) sets.insert(dd.operands[2]);
    if (dd.operands[1] == uint32_t(spv::Decoration::Binding)) bindings.insert(dd.operands[2]);
  }
  EXPECT_EQ(sets, (std::multiset<uint32_t>{0, 0}));
  EXPECT_EQ(bindings, (std::multiset<uint32_t>{0, 1}));
  // LocalSize 64 1 1.
  auto modes = find(is, spv::Op::OpExecutionMode);
  ASSERT_EQ(modes.size(), 1u);
  EXPECT_EQ(modes[0].operands,
            (std::vector<uint32_t>{modes[0].operands[0], uint32_t(spv::ExecutionMode::LocalSize), 64, 1, 1}));
}

INSTANTIATE_TEST_SUITE_P(Envs, CSSumEnv,
                         ::testing::Values(VulkanEnv::Vulkan1_1, VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3));

TEST(SpirvAtomics, RelaxedDeviceScopeOnBuffers) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = compileSpirv(m, "CSSum", {}, d);
  ASSERT_TRUE(r) << allMessages(d);
  auto is = decode(r->words);
  // Map constant ids to values.
  std::map<uint32_t, uint32_t> consts;
  for (const Inst& c : find(is, spv::Op::OpConstant)) consts[c.operands[1]] = c.operands[2];
  auto at = find(is, spv::Op::OpAtomicIAdd)[0];
  EXPECT_EQ(consts[at.operands[3]], uint32_t(spv::Scope::Device));
  EXPECT_EQ(consts[at.operands[4]], 0u);  // relaxed
}

TEST(SpirvEnv, WaveOpUnderVulkan10IsOSH3002) {
  Module m;
  fixtures::buildCSSum(m);
  // Give the wave op a source range to check that the diagnostic points at it.
  Function& f = m.functions[Handle<Function>(0)];
  SourceRange rr{SourceLoc{100}, SourceLoc{120}};
  for (uint32_t i = 0; i < f.statements.size(); ++i)
    if (f.statements.raw()[i].kind == StmtKind::Subgroup) f.stmtRanges[i] = rr;
  DiagEngine d;
  auto r = compileSpirv(m, "CSSum", env(VulkanEnv::Vulkan1_0), d);
  EXPECT_FALSE(r);
  ASSERT_GE(d.diagnostics().size(), 1u);
  EXPECT_EQ(diagCodeString(d.diagnostics()[0].id), "OSH3002");
  EXPECT_NE(d.diagnostics()[0].message.find("Vulkan 1.1 is required for wave operation 'WaveActiveSum'"),
            std::string::npos)
      << d.diagnostics()[0].message;
  EXPECT_EQ(d.diagnostics()[0].range.begin.raw, 100u);
}

TEST(SpirvEnv, Vulkan10BuffersUseTheStorageBufferExtension) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto uvec3 = mb.types().vector(Scalar::u32(), 3);
  auto f = mb.function("main", {{"id", uvec3, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  auto b = mb.build(f);
  auto x = b.accessIndex(b.arg(0), 0);
  b.store(b.access(b.accessIndex(b.global(out), 0), x), x);
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {8, 1, 1});
  DiagEngine d;
  auto r = compileSpirv(m, "main", env(VulkanEnv::Vulkan1_0), d);
  ASSERT_TRUE(r) << allMessages(d);
  EXPECT_EQ(r->words[1], 0x00010000u);
  EXPECT_EQ(r->extensions, (std::vector<std::string>{"SPV_KHR_storage_buffer_storage_class"}));
  EXPECT_EQ(r->subgroupFeatures, 0u);
}

// Loops (with continuing and break_if), if/else, switch with fallthrough and default.
TEST(SpirvControlFlow, LoopsIfsAndSwitchValidate) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto i32 = mb.types().scalar(Scalar::i32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto uvec3 = mb.types().vector(Scalar::u32(), 3);
  // helper: uint twice(uint v) { return v * 2; }
  auto twice = mb.function("twice", {{"v", u32, {}}}, FunctionResult{u32, {}});
  {
    auto b = mb.build(twice);
    b.ret(b.binary(BinaryOp::Multiply, b.arg(0), b.u32(2)));
    b.finish();
  }
  auto f = mb.function("main", {{"id", u32, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  auto b = mb.build(f);
  uint32_t acc = b.addLocal("acc", u32);
  uint32_t i = b.addLocal("i", u32);
  b.store(b.local(acc), b.u32(0));
  b.store(b.local(i), b.u32(0));
  // for (i = 0; i < 10; ++i) { if (i == 3) continue; if (i > 7) break; acc += i; }
  b.loopBegin();
  {
    auto iv = b.load(b.local(i));
    b.ifBegin(b.binary(BinaryOp::GreaterEqual, iv, b.u32(10)));
    b.brk();
    b.ifEnd();
    b.ifBegin(b.binary(BinaryOp::Equal, iv, b.u32(3)));
    b.cont();
    b.ifElse();
    b.store(b.local(acc), b.binary(BinaryOp::Add, b.load(b.local(acc)), iv));
    b.ifEnd();
  }
  b.loopContinuing();
  b.store(b.local(i), b.binary(BinaryOp::Add, b.load(b.local(i)), b.u32(1)));
  b.loopEnd(b.binary(BinaryOp::Greater, b.load(b.local(i)), b.u32(100)));
  // switch (int(id % 4)) { case 0: acc += 1; (fallthrough) case 1: acc = twice(acc); break; default: acc = 0; }
  auto sel = b.convert(b.binary(BinaryOp::Modulo, b.arg(0), b.u32(4)), Scalar::i32());
  (void)i32;
  b.switchBegin(sel);
  b.switchCase(0, /*fallThrough=*/true);
  b.store(b.local(acc), b.binary(BinaryOp::Add, b.load(b.local(acc)), b.u32(1)));
  b.switchCase(1);
  {
    auto r = b.call(twice, {b.load(b.local(acc))});
    b.store(b.local(acc), r);
    b.brk();
  }
  b.switchDefault();
  b.store(b.local(acc), b.u32(0));
  b.switchEnd();
  b.store(b.access(b.accessIndex(b.global(out), 0), b.arg(0)), b.load(b.local(acc)));
  b.barrier(HlslBarrier::GroupMemoryBarrierWithGroupSync);
  b.ret();
  ASSERT_TRUE(b.finish());
  mb.entryPoint("main", Stage::Compute, f, {4, 1, 1});
  (void)uvec3;

  DiagEngine vd;
  ASSERT_TRUE(validate(m, vd)) << allMessages(vd);
  for (auto e : {VulkanEnv::Vulkan1_0, VulkanEnv::Vulkan1_1, VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    DiagEngine d;
    auto r = compileSpirv(m, "main", env(e), d);
    ASSERT_TRUE(r) << allMessages(d);
    auto is = decode(r->words);
    EXPECT_EQ(find(is, spv::Op::OpLoopMerge).size(), 1u);
    EXPECT_EQ(find(is, spv::Op::OpSwitch).size(), 1u);
    EXPECT_EQ(find(is, spv::Op::OpFunctionCall).size(), 1u);
    EXPECT_EQ(find(is, spv::Op::OpFunction).size(), 2u);
    // GroupMemoryBarrierWithGroupSync = OpControlBarrier Workgroup Workgroup AcquireRelease|WorkgroupMemory (264)
    std::map<uint32_t, uint32_t> consts;
    for (const Inst& c : find(is, spv::Op::OpConstant)) consts[c.operands[1]] = c.operands[2];
    auto cb = find(is, spv::Op::OpControlBarrier);
    ASSERT_EQ(cb.size(), 1u);
    EXPECT_EQ(consts[cb[0].operands[0]], 2u);
    EXPECT_EQ(consts[cb[0].operands[1]], 2u);
    EXPECT_EQ(consts[cb[0].operands[2]], 264u);
  }
}

// One module per wave/quad family: expected opcode, capability and Vulkan feature bit.
struct WaveCase {
  const char* name;
  SubgroupOp op;
  CollectiveOp coll;
  Scalar scalar;
  spv::Op expectOp;
  spv::Capability expectCap;
  uint32_t feature;
  int groupOperation;  // -1: none
};

class WaveFamily : public ::testing::TestWithParam<WaveCase> {};

TEST_P(WaveFamily, EmitsTheSeedTablesInstruction) {
  const WaveCase& c = GetParam();
  Module m;
  ModuleBuilder mb(m);
  auto st = mb.types().scalar(c.scalar);
  auto boolT = mb.types().scalar(Scalar::boolean());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, mb.types().vector(Scalar::u32(), 4), 16, 0, 0);
  auto f = mb.function("main",
                       {{"id", mb.types().scalar(Scalar::u32()), Binding::builtinOf(BuiltIn::LocalInvocationIndex)}});
  auto b = mb.build(f);
  Handle<Expression> arg, lane;
  bool predicate = c.op == SubgroupOp::All || c.op == SubgroupOp::Any || c.op == SubgroupOp::Ballot;
  if (predicate)
    arg = b.binary(BinaryOp::Equal, b.arg(0), b.u32(3));
  else if (c.op == SubgroupOp::BallotBitCount)
    arg = b.subgroup(SubgroupOp::Ballot, CollectiveOp::None, b.boolean(true));
  else if (c.op != SubgroupOp::Elect)
    arg = c.scalar.kind == ScalarKind::Float ? b.convert(b.arg(0), c.scalar) : b.convert(b.arg(0), c.scalar);
  if (c.op == SubgroupOp::Shuffle || c.op == SubgroupOp::QuadBroadcast || c.op == SubgroupOp::Broadcast ||
      c.op == SubgroupOp::ShuffleXor || c.op == SubgroupOp::ShuffleUp || c.op == SubgroupOp::ShuffleDown)
    lane = b.u32(1);
  auto r = b.subgroup(c.op, c.coll, arg, lane);
  // Store something derived from the result so it is used.
  Handle<Expression> word;
  auto rt = m.functions[f].expressions[r].type;
  if (rt == boolT)
    word = b.convert(r, Scalar::u32());
  else if (rt == st)
    word = b.convert(r, Scalar::u32());
  else
    word = b.accessIndex(r, 0);
  auto vec = b.splat(mb.types().vector(Scalar::u32(), 4), word);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.arg(0)), vec);
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {32, 1, 1});

  DiagEngine vd;
  ASSERT_TRUE(validate(m, vd)) << allMessages(vd);
  DiagEngine d;
  auto res = compileSpirv(m, "main", env(VulkanEnv::Vulkan1_2), d);
  ASSERT_TRUE(res) << c.name << ": " << allMessages(d);
  auto is = decode(res->words);
  auto hits = find(is, c.expectOp);
  ASSERT_EQ(hits.size(), 1u) << c.name;
  if (c.groupOperation >= 0) EXPECT_EQ(hits[0].operands[3], uint32_t(c.groupOperation)) << c.name;
  EXPECT_TRUE(capabilities(is).count(uint32_t(c.expectCap))) << c.name;
  // Every subgroup instruction uses the Subgroup scope.
  std::map<uint32_t, uint32_t> consts;
  for (const Inst& k : find(is, spv::Op::OpConstant)) consts[k.operands[1]] = k.operands[2];
  EXPECT_EQ(consts[hits[0].operands[2]], uint32_t(spv::Scope::Subgroup)) << c.name;
  EXPECT_EQ(res->subgroupFeatures & c.feature, c.feature) << c.name;
}

static const WaveCase kWaveCases[] = {
    {"WaveIsFirstLane", SubgroupOp::Elect, CollectiveOp::None, Scalar::u32(), spv::Op::OpGroupNonUniformElect,
     spv::Capability::GroupNonUniform, 0x1, -1},
    {"WaveActiveAnyTrue", SubgroupOp::Any, CollectiveOp::None, Scalar::boolean(), spv::Op::OpGroupNonUniformAny,
     spv::Capability::GroupNonUniformVote, 0x2, -1},
    {"WaveActiveAllTrue", SubgroupOp::All, CollectiveOp::None, Scalar::boolean(), spv::Op::OpGroupNonUniformAll,
     spv::Capability::GroupNonUniformVote, 0x2, -1},
    {"WaveActiveAllEqual", SubgroupOp::AllEqual, CollectiveOp::None, Scalar::f32(), spv::Op::OpGroupNonUniformAllEqual,
     spv::Capability::GroupNonUniformVote, 0x2, -1},
    {"WaveActiveBallot", SubgroupOp::Ballot, CollectiveOp::None, Scalar::boolean(), spv::Op::OpGroupNonUniformBallot,
     spv::Capability::GroupNonUniformBallot, 0x8, -1},
    {"WaveActiveCountBits", SubgroupOp::BallotBitCount, CollectiveOp::Reduce, Scalar::u32(),
     spv::Op::OpGroupNonUniformBallotBitCount, spv::Capability::GroupNonUniformBallot, 0x8,
     int(spv::GroupOperation::Reduce)},
    {"WavePrefixCountBits", SubgroupOp::BallotBitCount, CollectiveOp::ExclusiveScan, Scalar::u32(),
     spv::Op::OpGroupNonUniformBallotBitCount, spv::Capability::GroupNonUniformBallot, 0x8,
     int(spv::GroupOperation::ExclusiveScan)},
    {"WaveActiveSumF", SubgroupOp::Add, CollectiveOp::Reduce, Scalar::f32(), spv::Op::OpGroupNonUniformFAdd,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WavePrefixSum", SubgroupOp::Add, CollectiveOp::ExclusiveScan, Scalar::u32(), spv::Op::OpGroupNonUniformIAdd,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::ExclusiveScan)},
    {"WaveActiveProduct", SubgroupOp::Mul, CollectiveOp::Reduce, Scalar::i32(), spv::Op::OpGroupNonUniformIMul,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WavePrefixProductF", SubgroupOp::Mul, CollectiveOp::ExclusiveScan, Scalar::f32(), spv::Op::OpGroupNonUniformFMul,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::ExclusiveScan)},
    {"WaveActiveMinS", SubgroupOp::Min, CollectiveOp::Reduce, Scalar::i32(), spv::Op::OpGroupNonUniformSMin,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveActiveMinU", SubgroupOp::Min, CollectiveOp::Reduce, Scalar::u32(), spv::Op::OpGroupNonUniformUMin,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveActiveMaxF", SubgroupOp::Max, CollectiveOp::Reduce, Scalar::f32(), spv::Op::OpGroupNonUniformFMax,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveActiveBitAnd", SubgroupOp::And, CollectiveOp::Reduce, Scalar::u32(), spv::Op::OpGroupNonUniformBitwiseAnd,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveActiveBitOr", SubgroupOp::Or, CollectiveOp::Reduce, Scalar::u32(), spv::Op::OpGroupNonUniformBitwiseOr,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveActiveBitXor", SubgroupOp::Xor, CollectiveOp::Reduce, Scalar::u32(), spv::Op::OpGroupNonUniformBitwiseXor,
     spv::Capability::GroupNonUniformArithmetic, 0x4, int(spv::GroupOperation::Reduce)},
    {"WaveReadLaneAt", SubgroupOp::Shuffle, CollectiveOp::None, Scalar::f32(), spv::Op::OpGroupNonUniformShuffle,
     spv::Capability::GroupNonUniformShuffle, 0x10, -1},
    {"WaveReadLaneFirst", SubgroupOp::BroadcastFirst, CollectiveOp::None, Scalar::u32(),
     spv::Op::OpGroupNonUniformBroadcastFirst, spv::Capability::GroupNonUniformBallot, 0x8, -1},
    {"ShuffleDown", SubgroupOp::ShuffleDown, CollectiveOp::None, Scalar::u32(), spv::Op::OpGroupNonUniformShuffleDown,
     spv::Capability::GroupNonUniformShuffleRelative, 0x20, -1},
    {"QuadReadLaneAt", SubgroupOp::QuadBroadcast, CollectiveOp::None, Scalar::f32(),
     spv::Op::OpGroupNonUniformQuadBroadcast, spv::Capability::GroupNonUniformQuad, 0x80, -1},
    {"QuadReadAcrossX", SubgroupOp::QuadSwapX, CollectiveOp::None, Scalar::f32(), spv::Op::OpGroupNonUniformQuadSwap,
     spv::Capability::GroupNonUniformQuad, 0x80, -1},
    {"QuadReadAcrossDiagonal", SubgroupOp::QuadSwapDiagonal, CollectiveOp::None, Scalar::u32(),
     spv::Op::OpGroupNonUniformQuadSwap, spv::Capability::GroupNonUniformQuad, 0x80, -1},
};

INSTANTIATE_TEST_SUITE_P(Seed, WaveFamily, ::testing::ValuesIn(kWaveCases),
                         [](const ::testing::TestParamInfo<WaveCase>& i) { return std::string(i.param.name); });

TEST(SpirvLanes, WaveGetLaneCountAndIndexUseBuiltins) {
  Module m;
  ModuleBuilder mb(m);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, mb.types().scalar(Scalar::u32()), 4, 0, 0);
  auto f = mb.function("main");
  auto b = mb.build(f);
  auto idx = b.builtin(BuiltIn::SubgroupLocalInvocationId);
  b.store(b.access(b.accessIndex(b.global(out), 0), idx), b.builtin(BuiltIn::SubgroupSize));
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {32, 1, 1});
  DiagEngine d;
  auto r = compileSpirv(m, "main", {}, d);
  ASSERT_TRUE(r) << allMessages(d);
  auto is = decode(r->words);
  std::set<uint32_t> builtins;
  for (const Inst& dd : find(is, spv::Op::OpDecorate))
    if (dd.operands[1] == uint32_t(spv::Decoration::BuiltIn)) builtins.insert(dd.operands[2]);
  EXPECT_TRUE(builtins.count(uint32_t(spv::BuiltIn::SubgroupSize)));
  EXPECT_TRUE(builtins.count(uint32_t(spv::BuiltIn::SubgroupLocalInvocationId)));
  EXPECT_EQ(r->subgroupFeatures, 0x1u);
  // Under Vulkan 1.0 this is OSH3002 too.
  DiagEngine d0;
  EXPECT_FALSE(compileSpirv(m, "main", env(VulkanEnv::Vulkan1_0), d0));
  ASSERT_FALSE(d0.diagnostics().empty());
  EXPECT_EQ(diagCodeString(d0.diagnostics()[0].id), "OSH3002");
}

TEST(SpirvValidation, InvalidModuleIsOSH3001WithTheValidatorsMessage) {
  // discard in a compute shader: structurally fine IR, but OpKill needs the Fragment model.
  Module m;
  ModuleBuilder mb(m);
  auto f = mb.function("main");
  auto b = mb.build(f);
  b.setRange(SourceRange{SourceLoc{42}, SourceLoc{49}});
  b.kill();
  b.finish();
  m.functions[f].range = SourceRange{SourceLoc{42}, SourceLoc{49}};  // the validator names the function
  mb.entryPoint("main", Stage::Compute, f, {1, 1, 1});
  DiagEngine d;
  EXPECT_FALSE(compileSpirv(m, "main", {}, d));
  ASSERT_FALSE(d.diagnostics().empty());
  EXPECT_EQ(diagCodeString(d.diagnostics()[0].id), "OSH3001");
  EXPECT_NE(d.diagnostics()[0].message.find("OpKill"), std::string::npos) << d.diagnostics()[0].message;
  // The valid path validates without friendly names; a failure is validated again with them.
  EXPECT_NE(d.diagnostics()[0].message.find("[%main]"), std::string::npos) << d.diagnostics()[0].message;
  EXPECT_EQ(d.diagnostics()[0].range.begin.raw, 42u);  // mapped back from the failing instruction
  // With validation off the module is produced.
  SpirvOptions o;
  o.validate = false;
  DiagEngine d2;
  EXPECT_TRUE(compileSpirv(m, "main", o, d2));
}

TEST(SpirvDeterminism, SameInputSameBytes) {
  Module a, b;
  fixtures::buildCSSum(a);
  fixtures::buildCSSum(b);
  DiagEngine d;
  auto r1 = emitSpirv(a, "CSSum", {}, d);
  auto r2 = emitSpirv(a, "CSSum", {}, d);
  auto r3 = emitSpirv(b, "CSSum", {}, d);
  ASSERT_TRUE(r1 && r2 && r3) << allMessages(d);
  EXPECT_EQ(*r1, *r2);
  EXPECT_EQ(*r1, *r3);
}

TEST(SpirvOptimize, PerformancePassesKeepTheModuleValid) {
  Module m;
  fixtures::buildCSSum(m);
  SpirvOptions o;
  o.optLevel = 3;
  DiagEngine d;
  auto r = emitSpirv(m, "CSSum", o, d);
  ASSERT_TRUE(r) << allMessages(d);
  std::string err;
  EXPECT_TRUE(validateSpirv(*r, VulkanEnv::Vulkan1_2, &err)) << err;
  auto is = decode(*r);
  EXPECT_EQ(find(is, spv::Op::OpGroupNonUniformIAdd).size(), 1u);
}

TEST(SpirvDisassemble, FriendlyNames) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = emitSpirv(m, "CSSum", {}, d);
  ASSERT_TRUE(r);
  std::string text = disassembleSpirv(*r);
  EXPECT_NE(text.find("OpGroupNonUniformIAdd %uint %uint_3 Reduce"), std::string::npos) << text;
  EXPECT_NE(text.find("OpGroupNonUniformElect %bool %uint_3"), std::string::npos);
  EXPECT_NE(text.find("OpEntryPoint GLCompute %CSSum \"CSSum\""), std::string::npos);
}

TEST(SpirvEntryPoint, UnknownEntryPointIsReported) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  EXPECT_FALSE(emitSpirv(m, "Nope", {}, d));
  ASSERT_FALSE(d.diagnostics().empty());
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::EntryPointNotFound);
}

// Peer check: glslang compiles the same HLSL; the wave ops must use the same opcodes and
// group operations (byte equality is not expected: glslang uses Uniform+BufferBlock).
TEST(SpirvPeer, WaveOpShapesMatchGlslang) {
  if (std::system("command -v glslangValidator >/dev/null 2>&1") != 0) GTEST_SKIP() << "glslangValidator not found";
  std::string dir = ::testing::TempDir();
  std::string src = dir + "/cssum_peer.hlsl", spv = dir + "/cssum_peer.spv";
  {
    std::ofstream o(src);
    o << "StructuredBuffer<uint> Values : register(t0);\n"
         "RWByteAddressBuffer Total : register(u1);\n"
         "[numthreads(64, 1, 1)]\n"
         "void CSSum(uint3 id : SV_DispatchThreadID) {\n"
         "  uint waveTotal = WaveActiveSum(Values[id.x]);\n"
         "  if (WaveIsFirstLane()) Total.InterlockedAdd(0, waveTotal);\n"
         "}\n";
  }
  std::string cmd =
      "glslangValidator -D -V --target-env vulkan1.1 -e CSSum -S comp " + src + " -o " + spv + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream in(spv, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<uint32_t> peer(bytes.size() / 4);
  std::memcpy(peer.data(), bytes.data(), peer.size() * 4);
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto ours = emitSpirv(m, "CSSum", env(VulkanEnv::Vulkan1_1), d);
  ASSERT_TRUE(ours);
  auto pi = decode(peer), oi = decode(*ours);
  for (spv::Op op : {spv::Op::OpGroupNonUniformIAdd, spv::Op::OpGroupNonUniformElect, spv::Op::OpAtomicIAdd})
    EXPECT_EQ(find(pi, op).size(), find(oi, op).size()) << int(op);
  EXPECT_EQ(find(pi, spv::Op::OpGroupNonUniformIAdd)[0].operands[3],
            find(oi, spv::Op::OpGroupNonUniformIAdd)[0].operands[3]);
  EXPECT_EQ(capabilities(pi), capabilities(oi));
  EXPECT_EQ(peer[1], (*ours)[1]);  // both SPIR-V 1.3 for vulkan1.1
}

// The seed's PSSlope: Texture2D + SamplerState, QuadReadAcrossX/Y, SV_Position and TEXCOORD0 in,
// SV_Target out. Reflection expects Quad = 0x80 only.
TEST(SpirvPixel, PSSlopeValidatesWithQuadOnly) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto f32 = t.scalar(Scalar::f32());
  auto v2 = t.vector(Scalar::f32(), 2), v4 = t.vector(Scalar::f32(), 4);
  GlobalVariable tex;
  tex.name = "Height";
  tex.space = AddressSpace::Handle;
  tex.type = t.image(ImageInfo{});
  tex.binding = ir::ResourceBinding{0, 2};
  tex.resource = ResourceKind::Texture2D;
  auto texG = mb.global(tex);
  GlobalVariable smp;
  smp.name = "Linear";
  smp.space = AddressSpace::Handle;
  smp.type = t.sampler();
  smp.binding = ir::ResourceBinding{0, 3};
  smp.resource = ResourceKind::Sampler;
  auto smpG = mb.global(smp);
  auto f =
      mb.function("PSSlope", {{"pos", v4, Binding::builtinOf(BuiltIn::Position)}, {"uv", v2, Binding::locationOf(0)}},
                  FunctionResult{v4, Binding::locationOf(0)});
  auto b = mb.build(f);
  auto h = b.swizzle(b.imageSample(b.global(texG), b.global(smpG), b.arg(1)), {0});
  auto dx = b.binary(BinaryOp::Subtract, b.subgroup(SubgroupOp::QuadSwapX, CollectiveOp::None, h), h);
  auto dy = b.binary(BinaryOp::Subtract, b.subgroup(SubgroupOp::QuadSwapY, CollectiveOp::None, h), h);
  b.ret(b.compose(v4, {b.math(MathFunction::Abs, dx), b.math(MathFunction::Abs, dy), h, b.f32(1.0f)}));
  b.finish();
  (void)f32;
  mb.entryPoint("PSSlope", Stage::Pixel, f);
  DiagEngine vd;
  ASSERT_TRUE(validate(m, vd)) << allMessages(vd);
  for (auto e : {VulkanEnv::Vulkan1_1, VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    DiagEngine d;
    auto r = compileSpirv(m, "PSSlope", env(e), d);
    ASSERT_TRUE(r) << allMessages(d);
    EXPECT_EQ(r->subgroupFeatures, 0x80u);
    auto is = decode(r->words);
    auto swaps = find(is, spv::Op::OpGroupNonUniformQuadSwap);
    ASSERT_EQ(swaps.size(), 2u);
    std::map<uint32_t, uint32_t> consts;
    for (const Inst& k : find(is, spv::Op::OpConstant)) consts[k.operands[1]] = k.operands[2];
    EXPECT_EQ(consts[swaps[0].operands[4]], 0u);  // direction X
    EXPECT_EQ(consts[swaps[1].operands[4]], 1u);  // direction Y
    EXPECT_EQ(find(is, spv::Op::OpImageSampleImplicitLod).size(), 1u);
  }
}
