// Sema for modf(x, out ip) and frexp(x, out exp). HLSL docs: "ret frexp(x, out exp)": x
// float scalar/vector/matrix, exp "same as input x", component type float; ret the same.
// modf: x float-like, ip the same type; DXC also accepts integers for modf (its
// CodeGenSPIRV intrinsics.modf test converts uint/int4 through float) but frexp only
// floats ("frexp can only operate on float").
#include <gtest/gtest.h>

#include "intrinsics/intrinsics.hpp"
#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
ast::CallExpr* callOf(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::ImplicitCast) e = static_cast<ast::ImplicitCastExpr*>(e)->sub;
  return ast::dyn_cast<ast::CallExpr>(e);
}
}  // namespace

TEST(SemaModfFrexp, TypesAndIntrinsicIds) {
  auto c = checkBody(R"(
  float ip; float3 e3; int k; int kip; half h; half he; float2 ip2;
  float a = modf(2.75, ip);
  float3 b = frexp(float3(8, -0.75, 0), e3);
  int kf = modf(k, kip);
  half hm = frexp(h, he);
  float2 f2 = modf(float2(1.5, -1.5), ip2);
)",
                     "", {});
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("a"), "float");
  EXPECT_EQ(c->typeOf("b"), "float3");
  EXPECT_EQ(c->typeOf("kf"), "int");
  EXPECT_EQ(c->typeOf("hm"), "half");
  EXPECT_EQ(c->typeOf("f2"), "float2");
  ASSERT_NE(callOf(c->var("a")->init), nullptr);
  EXPECT_EQ(callOf(c->var("a")->init)->intrinsic, uint32_t(IntrinsicId::Modf));
  EXPECT_EQ(callOf(c->var("b")->init)->intrinsic, uint32_t(IntrinsicId::Frexp));
  // The call itself has x's type, with no conversion around it (int modf gives int).
  EXPECT_EQ(c->var("kf")->init->kind, ast::ExprKind::Call);
  EXPECT_EQ(c->var("hm")->init->kind, ast::ExprKind::Call);
}

TEST(SemaModfFrexp, Errors) {
  auto c = checkBody(R"(
  int ie; float fe; float2 f2; float2x2 m; float2x2 mo; bool bo;
  float a = frexp(3, ie);
  float b = modf(1.5f, f2);
  float c = frexp(1.5f, 2.0f);
  float2x2 d = modf(m, mo);
  float e = modf(true, bo);
  float g = frexp(ie, fe);
  float h = frexp(4, fe);
)",
                     "", {});
  EXPECT_FALSE(c->ok);
  // frexp of an int (with an int exponent) has no overload (OSH0005 at the name); the out
  // argument must have x's shape (OSH0004 at it) and be an l-value (OSH0029); a matrix is
  // fine (per column); bool modf and integer frexp have no overload (OSH0005).
  // A literal x takes the out argument's type: frexp(4, fe) is fine.
  EXPECT_EQ(c->codes(),
            (std::vector<std::string>{"OSH0005@5:13", "OSH0004@6:24", "OSH0029@7:25", "OSH0005@9:13", "OSH0005@10:13"}))
      << c->allDiags();
}
