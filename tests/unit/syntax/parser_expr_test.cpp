// Expression parsing: precedence and associativity (expected trees written by hand from
// the C/HLSL precedence table), casts vs parentheses, constructors, literals.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"

using namespace oneshader;
using oneshader::testing::parseExpr;

TEST(ParserExpr, MultiplicationBindsTighterThanAddition) {
  EXPECT_EQ(parseExpr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(parseExpr("a * b + c"), "(+ (* a b) c)");
  EXPECT_EQ(parseExpr("a - b - c"), "(- (- a b) c)");  // left associative
  EXPECT_EQ(parseExpr("a / b % c * d"), "(* (% (/ a b) c) d)");
}

TEST(ParserExpr, AssignmentIsRightAssociative) {
  EXPECT_EQ(parseExpr("a = b = c"), "(= a (= b c))");
  EXPECT_EQ(parseExpr("x += y -= 2"), "(+= x (-= y 2))");
  EXPECT_EQ(parseExpr("x <<= y >>= 1"), "(<<= x (>>= y 1))");
}

TEST(ParserExpr, ConditionalNestsToTheRight) {
  EXPECT_EQ(parseExpr("a ? b : c ? d : e"), "(? a b (? c d e))");
  EXPECT_EQ(parseExpr("a ? b ? c : d : e"), "(? a (? b c d) e)");
  EXPECT_EQ(parseExpr("a || b ? c : d"), "(? (|| a b) c d)");
}

TEST(ParserExpr, ShiftIsBelowAdditive) {
  EXPECT_EQ(parseExpr("x << 1 + 2"), "(<< x (+ 1 2))");
  EXPECT_EQ(parseExpr("x >> 1 < 2"), "(< (>> x 1) 2)");
}

TEST(ParserExpr, BitwiseAndLogicalLevels) {
  EXPECT_EQ(parseExpr("a & b == c"), "(& a (== b c))");
  EXPECT_EQ(parseExpr("a | b ^ c & d"), "(| a (^ b (& c d)))");
  EXPECT_EQ(parseExpr("a || b && c"), "(|| a (&& b c))");
  EXPECT_EQ(parseExpr("a < b == c > d"), "(== (< a b) (> c d))");
}

TEST(ParserExpr, UnaryAndPostfix) {
  EXPECT_EQ(parseExpr("-a.b[c]++"), "(- (post++ ([] (. a b) c)))");
  EXPECT_EQ(parseExpr("!~-x"), "(! (~ (- x)))");
  EXPECT_EQ(parseExpr("a-- - --b"), "(- (post-- a) (pre-- b))");
  EXPECT_EQ(parseExpr("++a[i].x"), "(pre++ (. ([] a i) x))");
  EXPECT_EQ(parseExpr("v.xyz.x"), "(. (. v xyz) x)");
  EXPECT_EQ(parseExpr("m._m00_m11"), "(. m _m00_m11)");
}

TEST(ParserExpr, CommaOperatorInParens) { EXPECT_EQ(parseExpr("(a, b = 1)"), "(paren (, a (= b 1)))"); }

TEST(ParserExpr, CastVersusParenthesizedExpression) {
  EXPECT_EQ(parseExpr("(float3)x"), "(cast float3 x)");
  EXPECT_EQ(parseExpr("(float)-b"), "(cast float (- b))");
  EXPECT_EQ(parseExpr("(a) - b"), "(- (paren a) b)");
  EXPECT_EQ(parseExpr("(uint)(a) >> 2"), "(>> (cast uint (paren a)) 2)");
  EXPECT_EQ(parseExpr("(float2x2)m * 2"), "(* (cast float2x2 m) 2)");
  // A struct and a typedef declared earlier are types; a variable is not.
  EXPECT_EQ(parseExpr("(S)0", "struct S { float a; };"), "(cast S 0)");
  EXPECT_EQ(parseExpr("(Real)-x", "typedef float Real;"), "(cast Real (- x))");
  EXPECT_EQ(parseExpr("(v) - x", "static const float v = 1;"), "(- (paren v) x)");
  EXPECT_EQ(parseExpr("(vector<float, 2>)x"), "(cast vector<float, 2> x)");
  EXPECT_EQ(parseExpr("(const float)x"), "(cast const float x)");
}

TEST(ParserExpr, ConstructorsAndCalls) {
  EXPECT_EQ(parseExpr("float4(a, b, 0, 1)"), "(construct float4 a b 0 1)");
  EXPECT_EQ(parseExpr("vector<float, 4>(1, 2, 3, 4)"), "(construct vector<float, 4> 1 2 3 4)");
  EXPECT_EQ(parseExpr("matrix<float, 2, 2>(1, 0, 0, 1)._m00"), "(. (construct matrix<float, 2, 2> 1 0 0 1) _m00)");
  EXPECT_EQ(parseExpr("f(a, g(b))"), "(call f a (call g b))");
  EXPECT_EQ(parseExpr("buf.Load(i)"), "(call buf.Load i)");
  EXPECT_EQ(parseExpr("buf.Load<float4>(i * 16)"), "(call buf.Load<float4> (* i 16))");
  EXPECT_EQ(parseExpr("ns::f(1)"), "(call ns::f 1)");
  EXPECT_EQ(parseExpr("float3(1, 2, 3).zyx"), "(. (construct float3 1 2 3) zyx)");
}

TEST(ParserExpr, TemplateVersusComparison) {
  // `a` is not a template: '<' and '>' are comparisons.
  EXPECT_EQ(parseExpr("a < b > c"), "(> (< a b) c)");
  // A declared function template takes explicit arguments.
  EXPECT_EQ(parseExpr("id<int>(3)", "template<typename T> T id(T x) { return x; }"), "(call id<int> 3)");
  // Nested template arguments closed by '>>'.
  EXPECT_EQ(parseExpr("(vector<vector<float, 2>, 2>)x"), "(cast vector<vector<float, 2>, 2> x)");
  // A parenthesized '>' inside template arguments is an operator.
  EXPECT_EQ(parseExpr("vector<float, (3 > 2) + 1>(0)"), "(construct vector<float, (+ (paren (> 3 2)) 1)> 0)");
}

TEST(ParserExpr, Literals) {
  EXPECT_EQ(parseExpr("0x10 + 010 + 10u + 7ul + 3ll"), "(+ (+ (+ (+ 16 8) 10u) 7ul) 3ll)");
  EXPECT_EQ(parseExpr("1.5f + 2.0h + 0.25 + 3.0l"), "(+ (+ (+ 1.5f 2.0h) 0.25) 3.0l)");
  EXPECT_EQ(parseExpr("1e3"), "1000.0");
  EXPECT_EQ(parseExpr("true && !false"), "(&& true (! false))");
  EXPECT_EQ(parseExpr("sizeof(float4) + sizeof x"), "(+ (sizeof float4) (sizeof x))");
}

TEST(ParserExpr, InitializerLists) { EXPECT_EQ(parseExpr("{1, 2, {3, 4},}"), "(init 1 2 (init 3 4))"); }

TEST(ParserExpr, SoftKeywordsAsNames) {
  EXPECT_EQ(parseExpr("line + sample * vertices"), "(+ line (* sample vertices))");
}

TEST(ParserExpr, CharLiteralsAndStringConcatenation) {
  EXPECT_EQ(parseExpr("'A' + 1"), "(+ 65 1)");
  auto p = oneshader::testing::parseSource("[shader(\"com\" \"pute\")] void f() {}");
  EXPECT_NE(p->dump().find("[shader(\"compute\")]"), std::string::npos) << p->dump();
}

TEST(ParserExpr, ScalarSwizzleOnLiterals) {
  // The lexer ends a number before a swizzle: `1.xxx` is `1` `.` `xxx`.
  EXPECT_EQ(parseExpr("1.xxx"), "(. 1 xxx)");
  EXPECT_EQ(parseExpr("0.5f.xx"), "(. 0.5f xx)");
}
