// The readable-output passes (src/passes/readable.hpp). Expected dumps are written by hand
// from the rules in readable.hpp and rewrite.hpp; ir::validate runs after each pass.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/readable.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
bool valid(const Module& m, std::string* why) {
  DiagEngine d;
  bool ok = validate(m, d);
  if (!d.diagnostics().empty()) *why = d.diagnostics()[0].message;
  return ok;
}

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
  if (writeN) b.store(b.local(n1), b.binary(BinaryOp::Add, b.load(b.local(n1)), b.load(b.accessIndex(b.local(id1), 1))));
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
