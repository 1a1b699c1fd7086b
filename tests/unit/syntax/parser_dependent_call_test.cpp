// Regression: `Op::combine(a, b)` where Op is a type whose members the parser cannot see
// (a template type parameter or a typedef) is a call of a static member function, not a
// functional cast to a dependent type `Op::combine`. Found by tests/corpus (a generic
// reduce over an operation type); the parser used to produce a cast and Sema reported
// "unknown type name 'combine'".
#include <gtest/gtest.h>

#include <string>

#include "parser_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(ParserDependentNames, QualifiedCallThroughTemplateParameterIsACall) {
  auto p = parseSource("template <typename T, typename Op> T R(T a, T b) { return Op::combine(a, b); }\n");
  EXPECT_TRUE(p->diagList().empty());
  std::string d = p->dump();
  EXPECT_NE(d.find("ReturnStmt (call Op::combine a b)"), std::string::npos) << d;
}

TEST(ParserDependentNames, QualifiedCallThroughTypedefIsACall) {
  auto p = parseSource(
      "struct S { static int f(int x) { return x; } };\ntypedef S A;\n"
      "int g() { return A::f(1); }\n");
  EXPECT_TRUE(p->diagList().empty());
  std::string d = p->dump();
  EXPECT_NE(d.find("ReturnStmt (call A::f 1)"), std::string::npos) << d;
}

TEST(ParserDependentNames, DependentMemberTypeInADeclarationIsStillAType) {
  auto p = parseSource("template <typename T> float F(T t) { T::value_type v = 1; return v; }\n");
  EXPECT_TRUE(p->diagList().empty());
  std::string d = p->dump();
  EXPECT_NE(d.find("value_type"), std::string::npos) << d;
  EXPECT_NE(d.find("Var"), std::string::npos) << d;
}
