// Regression: static member functions called through a type that is not spelled as the
// struct's own name: a template type parameter (`template <typename Op> ... Op::combine()`,
// the generic-reduce pattern of tests/corpus) and a typedef / using alias. Before the fix the
// parser took `Op::combine(` for a functional cast of a dependent type (OSH0002 "unknown type
// name 'combine'") and Sema did not look into a typedef's struct (OSH0001 "undeclared
// identifier 'Op'"). DXC (HLSL 2021) accepts all of these.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
ast::CallExpr* callOf(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::ImplicitCast) e = static_cast<ast::ImplicitCastExpr*>(e)->sub;
  return ast::dyn_cast<ast::CallExpr>(e);
}
std::string calleeOf(const Checked& c, const std::string& var) {
  ast::VarDecl* v = c.var(var);
  if (!v || !v->init) return "NO VAR";
  auto* call = callOf(v->init);
  if (!call || !call->callee) return "NO CALLEE";
  std::string s(call->callee->name.str());
  s += "(";
  for (size_t i = 0; i < call->callee->params.size(); ++i)
    s += (i ? "," : "") + call->callee->params[i]->type->toString();
  return s + ")";
}
}  // namespace

TEST(SemaStaticMembers, ThroughTemplateTypeParameter) {
  auto c = checkBody("uint r = Reduce2<uint, SumOp<uint> >(1u, 2u); float f = Reduce2<float, MaxOp>(1.0f, 2.0f);",
                     "template <typename T> struct SumOp { static T combine(T a, T b) { return a + b; } };\n"
                     "struct MaxOp { static float combine(float a, float b) { return max(a, b); } };\n"
                     "template <typename T, typename Op> T Reduce2(T a, T b) { return Op::combine(a, b); }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{}) << c->allDiags();
}

TEST(SemaStaticMembers, ThroughTypedefAndUsing) {
  auto c =
      checkBody("uint a = Alias::combine(1u, 2u); uint b = Other::combine(3u, 4u); uint d = SumOp::combine(5u, 6u);",
                "struct SumOp { static uint combine(uint a, uint b) { return a + b; } };\n"
                "typedef SumOp Alias;\nusing Other = SumOp;\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(calleeOf(*c, "a"), "combine(uint,uint)");
  EXPECT_EQ(calleeOf(*c, "b"), "combine(uint,uint)");
  EXPECT_EQ(calleeOf(*c, "d"), "combine(uint,uint)");
}

TEST(SemaStaticMembers, UnknownMemberThroughAliasIsStillAnError) {
  auto c = checkBody("uint a = Alias::nothere(1u);",
                     "struct SumOp { static uint combine(uint a, uint b) { return a + b; } };\ntypedef SumOp Alias;\n");
  EXPECT_FALSE(c->ok);
  ASSERT_FALSE(c->codes().empty());
  EXPECT_EQ(c->codes()[0].substr(0, 7), "OSH0001") << c->allDiags();
}

TEST(SemaStaticMembers, DependentTypeMemberStillParsesAsAType) {
  // `typename`-less dependent member types in declarations keep working.
  auto c = check(
      "struct Traits { typedef float value_type; };\n"
      "template <typename T> float First(T t) { T::value_type v = 1.0f; return v; }\n"
      "[numthreads(1,1,1)] void main() { Traits t; float x = First(t); }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
}

// Static data members (DXC's oo.struct.static.member): read and written through the type
// (`T::M`) and through an object (`t.M`, the object is not evaluated), defined out of line
// (`float4 T::M = ...;`), a `static const` one read in a method before its definition.
TEST(SemaStaticMembers, DataMembersThroughTypeAndObject) {
  auto c = check(
      "struct S { float a; float4 b; };\n"
      "struct T { static float4 M; static S N; static const uint K; uint val;\n"
      "  uint getK() { return K; } };\n"
      "float4 T::M = float4(1, 2, 3, 4);\n"
      "S T::N = {5.0, 1., 2., 3., 4.};\n"
      "static const uint T::K = 3;\n"
      "[numthreads(1,1,1)] void main() { T t; T::M = 1; t.M = 2; t.N.b = t.M; T::N.a = 1.0;\n"
      "  float4 r = T::M + t.M + t.N.b; uint k = t.getK() + t.K + T::K; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{}) << c->allDiags();
}

TEST(SemaStaticMembers, OutOfLineDefinitionErrors) {
  // A second definition, a type other than the declaration's, an unknown member, and a
  // `static const` member read but never given a value.
  auto c = check(
      "struct T { static float M; static int N; static const uint K; };\n"
      "float T::M = 1;\nfloat T::M = 2;\n"
      "uint T::N = 3;\n"
      "float T::Q = 4;\n"
      "[numthreads(1,1,1)] void main() { uint k = T::K; }\n");
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0003@3:7", "OSH0004@4:1", "OSH0012@5:7", "OSH0067@6:44"}))
      << c->allDiags();
}
