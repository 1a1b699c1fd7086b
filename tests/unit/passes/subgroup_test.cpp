// passes::countBallots (subgroup.hpp): a BallotBitCount of a Ballot's result becomes the
// Subgroup Add of u32(condition) with the same collective; a Ballot whose every use is so
// counted goes. The expected dumps are written by hand from those rules and the rewrite
// rules (rewrite.hpp: non-emitted expressions are copied where first used, what a
// statement is replaced by is built where it was).
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/subgroup.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

std::string run(Module& m) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::countBallots(m, ctx));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}

// groupshared uint G, H; main(): c = WaveGetLaneIndex() == 0; G = WaveActiveCountBits(c)
// + WavePrefixCountBits(c); H = WaveActiveBallot(c).x with its count too when `keep`.
void build(Module& m, bool keep) {
  ModuleBuilder mb(m);
  GlobalVariable g;
  g.name = "G";
  g.space = AddressSpace::WorkGroup;
  g.type = mb.types().scalar(Scalar::u32());
  auto G = mb.global(g);
  g.name = "H";
  auto H = mb.global(g);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto lane = b.builtin(BuiltIn::SubgroupLocalInvocationId);
  auto zero = b.u32(0);
  auto c = b.binary(BinaryOp::Equal, lane, zero);
  auto r = b.subgroup(SubgroupOp::Ballot, CollectiveOp::None, c);
  auto n = b.subgroup(SubgroupOp::BallotBitCount, CollectiveOp::Reduce, r);
  auto p = b.subgroup(SubgroupOp::BallotBitCount, CollectiveOp::ExclusiveScan, r);
  auto sum = b.binary(BinaryOp::Add, n, p);
  b.store(b.global(G), sum);
  if (keep) {
    auto h = b.global(H);
    b.store(h, b.accessIndex(r, 0));
  }
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

const char* const kHead = R"(type t0 = u32
type t1 = bool
type t2 = vec4<u32>
type t3 = ptr<workgroup, u32>
global g0 G: workgroup u32
global g1 H: workgroup u32
fn f0 main() {
  expressions:
    %0: u32 = builtin subgroup_invocation_id
    %1: u32 = literal 0u32
    %2: bool = eq %0, %1
)";

// Both counts read the condition (%3, %5); the ballot, used only by them, is gone.
TEST(CountBallots, CountsTheConditionAndDropsTheBallot) {
  Module m;
  build(m, false);
  EXPECT_EQ(run(m), std::string(kHead) + R"(    %3: u32 = convert %2
    %4: u32 = subgroup_result
    %5: u32 = convert %2
    %6: u32 = subgroup_result
    %7: u32 = add %4, %6
    %8: ptr<workgroup, u32> = global g0
  body:
    emit %2..%4
    %4 = subgroup_add reduce %3
    emit %5..%6
    %6 = subgroup_add exclusive_scan %5
    emit %7..%8
    store %8, %7
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// A ballot also read as a value stays; its counts still read the condition.
TEST(CountBallots, BallotUsedElsewhereStays) {
  Module m;
  build(m, true);
  EXPECT_EQ(run(m), std::string(kHead) + R"(    %3: vec4<u32> = subgroup_result
    %4: u32 = convert %2
    %5: u32 = subgroup_result
    %6: u32 = convert %2
    %7: u32 = subgroup_result
    %8: u32 = add %5, %7
    %9: ptr<workgroup, u32> = global g0
    %10: u32 = access %3.0
    %11: ptr<workgroup, u32> = global g1
  body:
    emit %2..%3
    %3 = subgroup_ballot %2
    emit %4..%5
    %5 = subgroup_add reduce %4
    emit %6..%7
    %7 = subgroup_add exclusive_scan %6
    emit %8..%9
    store %9, %8
    emit %10..%11
    store %11, %10
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// A count of a uint4 that is not a ballot's result is left as it is.
TEST(CountBallots, OtherCountsStay) {
  Module m;
  ModuleBuilder mb(m);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto v = b.compose(mb.types().vector(Scalar::u32(), 4), {b.u32(1), b.u32(2), b.u32(3), b.u32(4)});
  b.subgroup(SubgroupOp::BallotBitCount, CollectiveOp::Reduce, v);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  std::string before = print(m);
  EXPECT_EQ(run(m), before);
}
