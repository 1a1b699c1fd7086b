// The readable-output passes (src/passes/readable.hpp). Expected dumps are written by hand
// from the rules in readable.hpp and rewrite.hpp; ir::validate runs after each pass.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/readable.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

bool run(Module& m, passes::PassFn pass) {
  DiagEngine d;
  passes::PassContext ctx{d};
  return pass(m, ctx);
}

// fn f(id: vec3<u32>, n: u32) -> u32 {
//   var id_1: vec3<u32>; var n_1: u32;
//   id_1 = id; n_1 = n;
//   [written] n_1 = n_1 + id_1.y;   (only when `writeN`)
//   return id_1.x + n_1;
// }
// id_1.y is a load of the member's pointer, id_1.x a member of the loaded vector: the two
// shapes lowering makes.
void buildCopies(Module& m, bool writeN) {
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto uvec3 = mb.types().vector(Scalar::u32(), 3);
  auto f = mb.function("f", {{"id", uvec3, {}}, {"n", u32, {}}}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  uint32_t id1 = b.addLocal("id_1", uvec3), n1 = b.addLocal("n_1", u32);
  b.store(b.local(id1), b.arg(0));
  b.store(b.local(n1), b.arg(1));
  if (writeN)
    b.store(b.local(n1), b.binary(BinaryOp::Add, b.load(b.local(n1)), b.load(b.accessIndex(b.local(id1), 1))));
  auto x = b.accessIndex(b.load(b.local(id1)), 0);
  b.ret(b.binary(BinaryOp::Add, x, b.load(b.local(n1))));
  b.finish();
}
}  // namespace

// Both copies go: `id_1.x` reads the argument's member, `n_1` the argument.
TEST(ForwardParameters, CopiesThatAreOnlyReadBecomeTheArguments) {
  Module m;
  buildCopies(m, false);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  ASSERT_TRUE(run(m, passes::forwardParameters));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), R"(type t0 = u32
type t1 = vec3<u32>
type t2 = ptr<function, vec3<u32>>
type t3 = ptr<function, u32>
fn f0 f(id: vec3<u32>, n: u32) -> u32 {
  expressions:
    %0: vec3<u32> = arg 0
    %1: u32 = access %0.0
    %2: u32 = arg 1
    %3: u32 = add %1, %2
  body:
    emit %1..%4
    return %3
}
)");
}

// A parameter written in the body keeps its local (n_1); the other is still forwarded,
// its member load (id_1.y) reading the argument's member. (Emit ranges print their end
// exclusive; every use of a local is its own `local` expression, copied where first used.)
TEST(ForwardParameters, AWrittenCopyStays) {
  Module m;
  buildCopies(m, true);
  std::string why;
  ASSERT_TRUE(run(m, passes::forwardParameters));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), R"(type t0 = u32
type t1 = vec3<u32>
type t2 = ptr<function, vec3<u32>>
type t3 = ptr<function, u32>
fn f0 f(id: vec3<u32>, n: u32) -> u32 {
  local l0 n_1: u32
  expressions:
    %0: ptr<function, u32> = local l0
    %1: u32 = arg 1
    %2: vec3<u32> = arg 0
    %3: u32 = access %2.1
    %4: ptr<function, u32> = local l0
    %5: u32 = load %4
    %6: u32 = add %5, %3
    %7: ptr<function, u32> = local l0
    %8: u32 = access %2.0
    %9: ptr<function, u32> = local l0
    %10: u32 = load %9
    %11: u32 = add %8, %10
  body:
    store %0, %1
    emit %3..%7
    store %7, %6
    emit %8..%12
    return %11
}
)");
}

// A local whose address is passed to a function (an out argument) is not a copy.
TEST(ForwardParameters, AnAddressTakenCopyStays) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto pu32 = mb.types().pointer(u32, AddressSpace::Function);
  auto g = mb.function("g", {{"p", pu32, {}}});
  {
    FunctionBuilder b = mb.build(g);
    b.store(b.arg(0), b.u32(1));
    b.finish();
  }
  auto f = mb.function("f", {{"n", u32, {}}}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  uint32_t n1 = b.addLocal("n_1", u32);
  b.store(b.local(n1), b.arg(0));
  b.call(g, {b.local(n1)});
  b.ret(b.load(b.local(n1)));
  b.finish();
  std::string before = print(m), why;
  ASSERT_TRUE(run(m, passes::forwardParameters));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), before);
}

// A copy after a statement that is not an evaluation (here a store to another local) is
// not known to come first; it stays.
TEST(ForwardParameters, ACopyAfterOtherStatementsStays) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto f = mb.function("f", {{"n", u32, {}}}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  uint32_t t = b.addLocal("t", u32), n1 = b.addLocal("n_1", u32);
  b.store(b.local(t), b.u32(3));
  b.store(b.local(n1), b.arg(0));
  b.ret(b.binary(BinaryOp::Add, b.load(b.local(n1)), b.load(b.local(t))));
  b.finish();
  std::string before = print(m), why;
  ASSERT_TRUE(run(m, passes::forwardParameters));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), before);
}

// fn f(x: u32) -> u32 {
//   return (0u >> 2u) + (3u + 4u) * 2u + 1u / 0u + (1u << 32u) + select(x, 7u, -1 < 0);
// }
// Folded: 0u >> 2u = 0, (3 + 4) * 2 = 14, then 0 + 14 = 14 (folds reach through folded
// operands), -1 < 0 (signed) = true so the select is x. Left as written: a division by
// zero and a shift by the width (the target's rules decide them).
TEST(FoldConstants, IntegerAndBoolOperationsOnLiteralsFold) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto f = mb.function("f", {{"x", u32, {}}}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(f);
  auto a = b.binary(BinaryOp::ShiftRight, b.u32(0), b.u32(2));
  auto c = b.binary(BinaryOp::Multiply, b.binary(BinaryOp::Add, b.u32(3), b.u32(4)), b.u32(2));
  auto d = b.binary(BinaryOp::Divide, b.u32(1), b.u32(0));
  auto e = b.binary(BinaryOp::ShiftLeft, b.u32(1), b.u32(32));
  auto s = b.select(b.binary(BinaryOp::Less, b.i32(-1), b.i32(0)), b.arg(0), b.u32(7));
  auto sum =
      b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, a, c), d), e), s);
  b.ret(sum);
  b.finish();
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  ASSERT_TRUE(run(m, passes::foldConstants));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), R"(type t0 = u32
type t1 = i32
type t2 = bool
fn f0 f(x: u32) -> u32 {
  expressions:
    %0: u32 = literal 0u32
    %1: u32 = literal 2u32
    %2: u32 = literal 0u32
    %3: u32 = literal 3u32
    %4: u32 = literal 4u32
    %5: u32 = literal 7u32
    %6: u32 = literal 2u32
    %7: u32 = literal 14u32
    %8: u32 = literal 1u32
    %9: u32 = literal 0u32
    %10: u32 = div %8, %9
    %11: u32 = literal 1u32
    %12: u32 = literal 32u32
    %13: u32 = shl %11, %12
    %14: i32 = literal -1i32
    %15: i32 = literal 0i32
    %16: bool = literal true
    %17: u32 = arg 0
    %18: u32 = literal 14u32
    %19: u32 = add %18, %10
    %20: u32 = add %19, %13
    %21: u32 = add %20, %17
  body:
    emit %10..%22
    return %21
}
)");
}

// Signed operations fold with the operand's sign: -7 / 2 = -3 (truncating), -7 % 2 = -1
// (the dividend's sign, HLSL), -8 >> 1 = -4 (arithmetic); i32 min / -1 stays.
TEST(FoldConstants, SignedDivisionRemainderAndShift) {
  Module m;
  ModuleBuilder mb(m);
  auto i32 = mb.types().scalar(Scalar::i32());
  auto f = mb.function("f", {}, FunctionResult{i32, {}});
  FunctionBuilder b = mb.build(f);
  auto q = b.binary(BinaryOp::Divide, b.i32(-7), b.i32(2));
  auto r = b.binary(BinaryOp::Modulo, b.i32(-7), b.i32(2));
  auto sh = b.binary(BinaryOp::ShiftRight, b.i32(-8), b.i32(1));
  auto keep = b.binary(BinaryOp::Divide, b.i32(INT32_MIN), b.i32(-1));
  b.ret(b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, q, r), sh), keep));
  b.finish();
  std::string why;
  ASSERT_TRUE(run(m, passes::foldConstants));
  ASSERT_TRUE(valid(m, &why)) << why;
  std::string t = print(m);
  // -3 + -1 = -4, then + -4 = -8; the i32 min division is kept and added last.
  EXPECT_NE(t.find("= literal -8i32\n"), std::string::npos) << t;
  EXPECT_NE(t.find("= div "), std::string::npos) << t;
  EXPECT_EQ(t.find("= mod "), std::string::npos) << t;
  EXPECT_EQ(t.find("= shr "), std::string::npos) << t;
}

namespace {
// fn src.main(id: vec3<u32>) { var t: u32; t = id.x; return; }
// fn main(in_var_ID: vec3<u32> @builtin(global_invocation_id)) { src.main(in_var_ID); return; }
// `callTwice`: the wrapper calls it twice (then it is not a plain forward).
void buildWrapper(Module& m, bool callTwice) {
  ModuleBuilder mb(m);
  auto uvec3 = mb.types().vector(Scalar::u32(), 3);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto src = mb.function("src.main", {{"id", uvec3, {}}});
  {
    FunctionBuilder b = mb.build(src);
    uint32_t t = b.addLocal("t", u32);
    auto x = b.accessIndex(b.arg(0), 0);
    b.store(b.local(t), x);
    b.ret();
    b.finish();
  }
  auto e = mb.function("main", {{"in_var_ID", uvec3, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  FunctionBuilder b = mb.build(e);
  b.call(src, {b.arg(0)});
  if (callTwice) b.call(src, {b.arg(0)});
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, e, {1, 1, 1});
}
}  // namespace

// The entry point's function becomes src.main's body with src.main's parameter name and
// the wrapper's binding; src.main, called nowhere now, leaves the module (the entry point
// is f0; the types are interned again in the order the entry point uses them).
TEST(InlineEntryWrapper, AForwardingWrapperTakesTheBody) {
  Module m;
  buildWrapper(m, false);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  ASSERT_TRUE(run(m, passes::inlineEntryWrapper));
  ASSERT_TRUE(valid(m, &why)) << why;
  const char* body = R"(  local l0 t: u32
  expressions:
    %0: vec3<u32> = arg 0
    %1: u32 = access %0.0
    %2: ptr<function, u32> = local l0
  body:
    emit %1..%2
    store %2, %1
    return
}
)";
  EXPECT_EQ(print(m), std::string(R"(type t0 = vec3<u32>
type t1 = u32
type t2 = ptr<function, u32>
fn f0 main(id: vec3<u32> @builtin(global_invocation_id)) {
)") + body + "entry_point main compute f0 workgroup_size(1, 1, 1)\n");
}

// A wrapper that does more than forward once keeps its body.
TEST(InlineEntryWrapper, AnythingElseStays) {
  Module m;
  buildWrapper(m, true);
  std::string before = print(m), why;
  ASSERT_TRUE(run(m, passes::inlineEntryWrapper));
  ASSERT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), before);
}
