// The IR rewrite facility (src/passes/rewrite.hpp) and the pass runner. Expected dumps
// are written by hand from the rules in rewrite.hpp: an Emit's expressions are rebuilt
// in order, a non-emitted expression (literal, global, argument) when it is first used.
#include <gtest/gtest.h>

#include "../ir/cssum_module.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/pass.hpp"
#include "passes/rewrite.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

bool valid(const Module& m, std::string* why = nullptr) {
  DiagEngine d;
  bool ok = validate(m, d);
  if (why && !d.diagnostics().empty()) *why = d.diagnostics()[0].message;
  return ok;
}

const char* kCSSumTypes = R"(type t0 = u32
type t1 = array<u32, stride 4>
type t2 = struct type.StructuredBuffer { data: array<u32, stride 4> @offset(0); }
type t3 = struct type.RWByteAddressBuffer { data: array<u32, stride 4> @offset(0); }
type t4 = vec3<u32>
type t5 = ptr<storage, struct type.StructuredBuffer>
type t6 = ptr<storage, array<u32, stride 4>>
type t7 = ptr<storage, u32>
type t8 = bool
type t9 = ptr<storage, struct type.RWByteAddressBuffer>
global g0 Values: storage(read) struct type.StructuredBuffer @group(0) @binding(0) StructuredBuffer register(t0, space0)
global g1 Total: storage(read_write) struct type.RWByteAddressBuffer @group(0) @binding(1) RWByteAddressBuffer register(u1, space0)
)";

}  // namespace

// Copying every statement gives the same function; only the two literals of `0 >> 2`
// change places: the shift is rebuilt first and asks for its left operand (0) first.
TEST(Rewriter, CopyKeepsTheFunction) {
  Module m;
  fixtures::buildCSSum(m);
  passes::Rewriter copy(m, Handle<Function>(0));
  ASSERT_TRUE(copy.run());
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  std::string expect = std::string(kCSSumTypes) + R"(fn f0 CSSum(id: vec3<u32> @builtin(global_invocation_id)) {
  expressions:
    %0: vec3<u32> = arg 0
    %1: u32 = access %0.0
    %2: ptr<storage, struct type.StructuredBuffer> = global g0
    %3: ptr<storage, array<u32, stride 4>> = access %2.0
    %4: ptr<storage, u32> = access %3[%1]
    %5: u32 = load %4
    %6: u32 = subgroup_result
    %7: bool = subgroup_result
    %8: u32 = literal 0u32
    %9: u32 = literal 2u32
    %10: u32 = shr %8, %9
    %11: ptr<storage, struct type.RWByteAddressBuffer> = global g1
    %12: ptr<storage, array<u32, stride 4>> = access %11.0
    %13: ptr<storage, u32> = access %12[%10]
    %14: u32 = atomic_result
  body:
    emit %1..%6
    %6 = subgroup_add reduce %5
    %7 = subgroup_elect
    if %7 {
      emit %10..%14
      %14 = atomic_add %13, %6
    }
    return
}
entry_point CSSum compute f0 workgroup_size(64, 1, 1)
)";
  EXPECT_EQ(print(m), expect);
}

namespace {
// Folds a shift of two u32 literals into one literal (a test pass).
class FoldShifts : public passes::Rewriter {
 public:
  using Rewriter::Rewriter;

 protected:
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    if (x.kind == ExprKind::Binary && BinaryOp(x.op) == BinaryOp::ShiftRight &&
        source().expr(x.a).kind == ExprKind::Literal && source().expr(x.b).kind == ExprKind::Literal)
      return b().u32(uint32_t(source().expr(x.a).literal.u >> source().expr(x.b).literal.u));
    return Rewriter::expression(old);
  }
};
}  // namespace

// The folded literal takes the shift's place; the unused literals are never copied.
TEST(Rewriter, ReplacesAnExpression) {
  Module m;
  fixtures::buildCSSum(m);
  ASSERT_TRUE(FoldShifts(m, Handle<Function>(0)).run());
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  std::string expect = std::string(kCSSumTypes) + R"(fn f0 CSSum(id: vec3<u32> @builtin(global_invocation_id)) {
  expressions:
    %0: vec3<u32> = arg 0
    %1: u32 = access %0.0
    %2: ptr<storage, struct type.StructuredBuffer> = global g0
    %3: ptr<storage, array<u32, stride 4>> = access %2.0
    %4: ptr<storage, u32> = access %3[%1]
    %5: u32 = load %4
    %6: u32 = subgroup_result
    %7: bool = subgroup_result
    %8: u32 = literal 0u32
    %9: ptr<storage, struct type.RWByteAddressBuffer> = global g1
    %10: ptr<storage, array<u32, stride 4>> = access %9.0
    %11: ptr<storage, u32> = access %10[%8]
    %12: u32 = atomic_result
  body:
    emit %1..%6
    %6 = subgroup_add reduce %5
    %7 = subgroup_elect
    if %7 {
      emit %10..%12
      %12 = atomic_add %11, %6
    }
    return
}
entry_point CSSum compute f0 workgroup_size(64, 1, 1)
)";
  EXPECT_EQ(print(m), expect);
}

namespace {
// A loop with a continuing block and break_if, a switch with a nested switch, and a call
// with a result: everything the default statement copy rebuilds.
void buildControlFlow(Module& m) {
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto twice = mb.function("twice", {{"x", u32, {}}}, FunctionResult{u32, {}});
  {
    FunctionBuilder b = mb.build(twice);
    b.ret(b.binary(BinaryOp::Add, b.arg(0), b.arg(0)));
    b.finish();
  }
  auto f = mb.function("main", {{"i", u32, Binding::builtinOf(BuiltIn::LocalInvocationIndex)}});
  FunctionBuilder b = mb.build(f);
  uint32_t n = b.addLocal("n", u32);
  b.store(b.local(n), b.u32(0));
  b.loopBegin(ControlHint::Unroll);
  b.switchBegin(b.arg(0));
  b.switchCase(1);
  b.switchBegin(b.load(b.local(n)));
  b.switchCase(0, true);
  b.switchDefault();
  b.brk();
  b.switchEnd();
  b.brk();
  b.switchDefault();
  b.switchEnd();
  b.loopContinuing();
  auto t = b.call(twice, {b.load(b.local(n))});
  b.store(b.local(n), t);
  b.loopEnd(b.binary(BinaryOp::GreaterEqual, b.load(b.local(n)), b.u32(8)));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.arg(0)), b.load(b.local(n)));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {4, 1, 1});
}
}  // namespace

TEST(Rewriter, CopiesControlFlowHintsCasesAndCalls) {
  Module m;
  buildControlFlow(m);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) ASSERT_TRUE(passes::Rewriter(m, Handle<Function>(fi)).run());
  EXPECT_TRUE(valid(m, &why)) << why;
  std::string text = print(m);
  // The builder's function, statement by statement; the non-emitted expressions (local,
  // literal, arg, global) come where they are first used: `n = 0` stores %0 (local) with
  // %1 (literal) where the builder made the literal first, and so on.
  std::string expect = R"(fn f1 main(i: u32 @builtin(local_invocation_index)) {
  local l0 n: u32
  expressions:
    %0: ptr<function, u32> = local l0
    %1: u32 = literal 0u32
    %2: u32 = arg 0
    %3: ptr<function, u32> = local l0
    %4: u32 = load %3
    %5: ptr<function, u32> = local l0
    %6: u32 = load %5
    %7: u32 = call_result f0
    %8: ptr<function, u32> = local l0
    %9: ptr<function, u32> = local l0
    %10: u32 = load %9
    %11: u32 = literal 8u32
    %12: bool = ge %10, %11
    %13: ptr<function, u32> = local l0
    %14: u32 = load %13
    %15: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %16: ptr<storage, array<u32, stride 4>> = access %15.0
    %17: u32 = arg 0
    %18: ptr<storage, u32> = access %16[%17]
  body:
    store %0, %1
    [unroll] loop {
      switch %2 {
        case 1:
          emit %4..%5
          switch %4 {
            case 0 (fallthrough):
            default:
              break
          }
          break
        default:
      }
    } continuing {
      emit %6..%7
      %7 = call f0(%6)
      store %8, %7
      emit %10..%13
      break_if %12
    }
    emit %14..%19
    store %18, %14
    return
}
)";
  size_t at = text.find("fn f1 main");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_EQ(text.substr(at, text.find("entry_point") - at), expect) << text;
}

namespace {
bool breakTypes(Module& m, passes::PassContext&) {
  m.functions[Handle<Function>(0)].expressions.raw()[1].type = m.types.scalar(Scalar::f32());
  return true;
}
bool nothing(Module&, passes::PassContext&) { return true; }
}  // namespace

TEST(PassRunner, ValidatesAfterEachPassAndNamesTheBadOne) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  passes::PassContext ctx{d, true};
  const passes::Pass list[] = {{"nothing", nothing}, {"break-types", breakTypes}, {"never", nullptr}};
  EXPECT_FALSE(passes::runPasses(m, list, ctx));
  ASSERT_EQ(d.errorCount(), 1u);
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::InternalError);
  EXPECT_NE(d.diagnostics()[0].message.find("after pass 'break-types'"), std::string::npos)
      << d.diagnostics()[0].message;
}
