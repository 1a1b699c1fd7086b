// Literal typing and folding as DXC does it (issue 12): unsuffixed literals are `literal
// float` (double precision in clang's constant evaluator) and `literal int` (64 bits); an
// expression made only of literals is evaluated at that precision and converted ONCE, to
// the type it meets. Every expected value below is worked out by hand (hex patterns
// checked with Python's struct module), never taken from the compiler's output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
const char* kDecls = "static float f; static bool b; static int i;\n";

const ast::FloatLiteralExpr* floatLit(const ast::Expr* e) { return ast::dyn_cast<ast::FloatLiteralExpr>(e); }

// The binary32 pattern of a float literal that Sema typed float (its value must already
// be that float: Sema rounds once, the backends only narrow exactly).
uint32_t bitsOf(const ast::Expr* e) {
  auto* l = floatLit(e);
  if (!l) return 0xdeadbeef;
  float x = float(l->value);
  EXPECT_EQ(double(x), l->value) << "the folded value is not a float";
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
const ast::Expr* lhsOf(const ast::Expr* e) {
  auto* b = ast::dyn_cast<ast::BinaryExpr>(e);
  return b ? b->lhs : nullptr;
}
const ast::Expr* rhsOf(const ast::Expr* e) {
  auto* b = ast::dyn_cast<ast::BinaryExpr>(e);
  return b ? b->rhs : nullptr;
}
}  // namespace

TEST(SemaLiteralFold, LiteralFloatArithmeticIsDoubleRoundedOnce) {
  auto c = checkBody(
      "float a = 0.1 * 0.05 * f; float m = f * 0.1 * 0.05; float g = (1.0 / 2.2) * f; float p = 0.7 * 0.3 + f;"
      "float s = 0.1 + 0.2;",
      kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // 0.1 (double 0x3FB999999999999A) * 0.05 (0x3FA999999999999A) = 0.005000000000000001
  // (0x3F747AE147AE147C) -> float 0x3BA3D70A = 0.004999999888241291. Rounding each operand
  // first, 0.1f (0x3DCCCCCD) * 0.05f (0x3D4CCCCD) is 0x3BA3D70B = 0.005000000353902578.
  EXPECT_EQ(c->init("a"), "(*:float 0.005:float f:float)");
  EXPECT_EQ(bitsOf(lhsOf(c->var("a")->init)), 0x3BA3D70Au);
  ASSERT_NE(floatLit(lhsOf(c->var("a")->init)), nullptr);
  EXPECT_NE(floatLit(lhsOf(c->var("a")->init))->foldedFrom, nullptr);  // remembers `0.1 * 0.05`
  // (f * 0.1) * 0.05: each literal meets a float and is converted alone.
  EXPECT_EQ(c->init("m"), "(*:float (*:float f:float 0.1:float) 0.05:float)");
  EXPECT_EQ(bitsOf(rhsOf(lhsOf(c->var("m")->init))), 0x3DCCCCCDu);
  EXPECT_EQ(bitsOf(rhsOf(c->var("m")->init)), 0x3D4CCCCDu);
  // 1.0 / 2.2 = 0.45454545454545453 (0x3FDD1745D1745D17) -> 0x3EE8BA2F; 1.0f / 2.2f (2.2f =
  // 0x400CCCCD) would be 0x3EE8BA2E. The parentheses stay in the tree around the literal.
  auto* g = lhsOf(c->var("g")->init);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(bitsOf(g), 0x3EE8BA2Fu);
  // 0.7 * 0.3 = 0.21 (0x3FCAE147AE147AE1) -> 0x3E570A3D; 0.7f * 0.3f would be 0x3E570A3E.
  EXPECT_EQ(bitsOf(lhsOf(c->var("p")->init)), 0x3E570A3Du);
  // 0.1 + 0.2 = 0.30000000000000004 -> 0x3E99999A (the same as 0.1f + 0.2f: no difference).
  EXPECT_EQ(bitsOf(c->var("s")->init), 0x3E99999Au);
}

TEST(SemaLiteralFold, LiteralComparisonsAndBoolConversionsAt64Bits) {
  auto c = checkBody("bool e = 0.1 + 0.2 == 0.3; bool t = 1e-50; bool n = !1e-50; bool w = 4294967296;", kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // 0.30000000000000004 != 0.29999999999999999 in double (as floats both are 0x3E99999A).
  EXPECT_EQ(c->init("e"), "false:bool");
  // 1e-50 is not zero as a double (as a float it would underflow to 0).
  EXPECT_EQ(c->init("t"), "true:bool");
  EXPECT_EQ(c->init("n"), "(!:bool true:bool)");
  // 2^32 is not zero as a 64-bit literal int (as an int it would wrap to 0).
  EXPECT_EQ(c->init("w"), "true:bool");
}

TEST(SemaLiteralFold, LiteralIntsAre64Bit) {
  auto c = checkBody(
      "int q = (0x7fffffff + 1) / 2; int s = (1 << 32) >> 31; int64_t big = 1 << 40; float fb = 1 << 40;"
      "int n = -7; uint g = -1; int m = (-7) / 2; int r = -7 % 2; int64_t z = 1 << 64; int sn = 8 << -1;",
      kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // 0x7fffffff + 1 = 2147483648 (no wrap at 64 bits), / 2 = 1073741824; in 32-bit ints the
  // sum is INT_MIN and the quotient -1073741824.
  EXPECT_EQ(c->init("q"), "1073741824:int");
  // 1 << 32 = 4294967296, >> 31 = 2; with 32-bit ints HLSL masks the amount: (1 << 0) >> 31 = 0.
  EXPECT_EQ(c->init("s"), "2:int");
  EXPECT_EQ(c->init("big"), "1099511627776:int64_t");  // 2^40
  ASSERT_NE(floatLit(c->var("fb")->init), nullptr);
  EXPECT_EQ(floatLit(c->var("fb")->init)->value, 1099511627776.0);  // 2^40 is exact in float
  EXPECT_EQ(c->init("n"), "-7:int");
  EXPECT_EQ(c->init("g"), "4294967295:uint");  // -1 mod 2^32
  EXPECT_EQ(c->init("m"), "-3:int");           // truncating division
  EXPECT_EQ(c->init("r"), "-1:int");           // the remainder has the dividend's sign
  // Shifts of literal ints as clang's constant evaluator does them (ExprConstant.cpp,
  // handleIntIntBinOp): an amount past the width is limited to 63, so 1 << 64 is 1 << 63 =
  // -9223372036854775808; a negative amount shifts the other way, 8 << -1 = 8 >> 1 = 4.
  EXPECT_EQ(c->init("z"), "-9223372036854775808:int64_t");
  EXPECT_EQ(c->init("sn"), "4:int");
}

TEST(SemaLiteralFold, IntegerToFloatRoundsOnceFromTheInteger) {
  auto c = checkBody("float r = 1152921573326323713; double d = 9007199254740993 * 1.0; float e = 16777217;", kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  // 1152921573326323713 = 2^60 + 2^36 + 1. Floats near 2^60 are 2^37 apart, and 2^36 + 1 is
  // just over half of that: nearest is 2^60 + 2^37 = 1152921642045800448. Through a double
  // first, 2^36 + 1 rounds to 2^36 (doubles there are 2^8 apart), an exact tie that goes to
  // the even 2^60: DXC converts the 64-bit integer to float directly.
  ASSERT_NE(floatLit(c->var("r")->init), nullptr);
  EXPECT_EQ(floatLit(c->var("r")->init)->value, 1152921642045800448.0);
  // 2^53 + 1 converted to literal float (a double) is a tie between 2^53 and 2^53 + 2:
  // even, 2^53 = 9007199254740992.
  ASSERT_NE(floatLit(c->var("d")->init), nullptr);
  EXPECT_EQ(floatLit(c->var("d")->init)->value, 9007199254740992.0);
  // 2^24 + 1 to float: a tie, even, 2^24.
  EXPECT_EQ(floatLit(c->var("e")->init)->value, 16777216.0);
}

TEST(SemaLiteralFold, SuffixesAsDxcTypesThemInHlsl2021) {
  auto c = checkBody(
      "int a = 1l; uint b2 = 1ul; int64_t c2 = 1ll; uint64_t d2 = 1ull; uint e = 1u; int64_t w = 1l;"
      "double g = 1.0l; float h = 1.0f;",
      kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // DXC, SemaHLSL/v202x/conforming-literals/valid-literals.hlsl under -HV 2021: `1l` is
  // int32_t, `1ul` uint32_t (long is 32 bits), `1ll` int64_t, `1ull` uint64_t.
  EXPECT_EQ(c->init("a"), "1:int");
  EXPECT_EQ(c->init("b2"), "1:uint");
  EXPECT_EQ(c->init("c2"), "1:int64_t");
  EXPECT_EQ(c->init("d2"), "1:uint64_t");
  EXPECT_EQ(c->init("e"), "1:uint");
  EXPECT_EQ(c->init("w"), "(IntegralCast:int64_t 1:int)");
  EXPECT_EQ(c->init("g"), "1:double");
  EXPECT_EQ(c->init("h"), "1:float");
}

TEST(SemaLiteralFold, MinPrecisionConstantsFoldAtSixteenBitsAsInDxc) {
  // DXC's AST gives min16float/min10float half semantics and min16int/min16uint 16 bits, so
  // its constant evaluator folds into them at that precision (the SPIR-V type is 32-bit).
  auto c = checkBody(
      "min16float m = 0.1; min16int mi = 70000; min16uint mu = 65535; min16float mh = 1.0004882812509095;", kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  // 0.1 to half: 0x2E66 = 1638 / 16384 = 0.0999755859375.
  ASSERT_NE(floatLit(c->var("m")->init), nullptr);
  EXPECT_EQ(floatLit(c->var("m")->init)->value, 0.0999755859375);
  // 70000 = 0x11170: the low 16 bits 0x1170 = 4464 (DXC: "changes value from 70000 to 4464").
  EXPECT_EQ(c->init("mi"), "4464:min16int");
  EXPECT_EQ(c->init("mu"), "65535:min16uint");
  // 1.0004882812509095 is 1 + 2^-11 + about 2^-40: above the halfway point between 1 and
  // 1 + 2^-10, so half rounds it up to 1.0009765625. Rounded to float first, the 2^-40 is
  // lost and the exact tie would go to the even 1.0.
  EXPECT_EQ(floatLit(c->var("mh")->init)->value, 1.0009765625);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0051@4:35"});
}

TEST(SemaLiteralFold, HalfWithSixteenBitTypesRoundsFromTheDouble) {
  sema::SemaOptions o;
  o.enable16BitTypes = true;
  auto c = checkBody("half h = 1.0004882812509095; half q = 0.1 * 0.05;", kDecls, o);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(floatLit(c->var("h")->init)->value, 1.0009765625);  // as mh above
  // 0.005000000000000001 to half: 0x1D1F = 1311 * 2^-18 = 0.005001068115234375.
  EXPECT_EQ(floatLit(c->var("q")->init)->value, 0.005001068115234375);
}

TEST(SemaLiteralFold, ConditionalsAndSplats) {
  auto c = checkBody("float t = b ? 0.1 * 0.05 : 1; float u = true ? 0.1 * 0.05 : 1; float3 v = 0.1 * 0.05;", kDecls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // A run-time condition: each arm is folded where it is converted.
  EXPECT_EQ(c->init("t"), "(?:float b:bool 0.005:float 1:float)");
  auto* t = ast::dyn_cast<ast::ConditionalExpr>(c->var("t")->init);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(bitsOf(t->thenExpr), 0x3BA3D70Au);
  // A constant condition: the whole expression is one constant.
  EXPECT_EQ(c->init("u"), "0.005:float");
  EXPECT_EQ(bitsOf(c->var("u")->init), 0x3BA3D70Au);
  EXPECT_EQ(c->init("v"), "(VectorSplat:float3 0.005:float)");
}

TEST(SemaLiteralFold, StaticConstAndArraySizes) {
  auto c = check(
      "static const float C = 0.1 * 0.05;\n"
      "static const int N = (1 << 33) >> 31;\n"
      "static float arr[(1 << 33) >> 31];\n"
      "float g() { return C; }\n");
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(bitsOf(c->var("C")->init), 0x3BA3D70Au);
  // 2^33 >> 31 = 4 at 64 bits (HLSL's 32-bit masked shifts would give (1 << 1) >> 31 = 0).
  EXPECT_EQ(c->init("N"), "4:int");
  EXPECT_EQ(c->typeOf("arr"), "float[4]");
}

TEST(SemaLiteralFold, ConstantConversionWarningsAsDxc) {
  // DXC's expected warnings: SemaHLSL/scalar-assignments.hlsl (changes value) and
  // HLSLFileCheck/hlsl/diagnostics/warnings/constexpr_cast_overflow_{warning,nowarning}.hlsl.
  auto c = check(
      "void f() {\n"
      "  int a = 4294967296;\n"       // 2: 33 bits: changes value to 0
      "  int b = 3000000000;\n"       // 3: 32 bits fit an int's width: no warning
      "  int c = -3000000000;\n"      // 4: 33 bits (min signed width): to 1294967296
      "  uint d = -1;\n"              // 5: 1 bit: no warning
      "  int e = 0.5;\n"              // 6: a float literal that is not an integer
      "  int g = -0.5F;\n"            // 7: also with a suffix and a sign
      "  int h = 2.0;\n"              // 8: exact: no warning
      "  bool i = 0.5;\n"             // 9: true, not reported (see docs)
      "  float j = 3.4e50;\n"         // 10: overflow to infinity
      "  int k = 3.4e20;\n"           // 11: overflow, saturated to 2147483647, and changes value
      "  float l = 3.4e10;\n"         // 12: fits: no warning
      "  min16float m = 65520.0;\n"   // 13: half overflows from 65520 (65504 + half an ulp of 32)
      "  min16float n = 65500.0;\n"   // 14: rounds to 65504: no warning
      "  min16float o = 65520;\n"     // 15: an int too large for half
      "  int p = (int)4294967296;\n"  // 16: explicit: no warning
      "  uint q = -5.0;\n"            // 17: a negative float to uint: 0, overflow and changes value
      "  int3 r = 0.5;\n"             // 18: a vector destination: DXC does not report the change
      "  float3 s = 3.4e50;\n"        // 19: but the overflow, which its constant evaluator reports
      "  int t = int(3.5);\n"         // 20: the functional cast is explicit: no warning
      "}\n");
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(
      c->diagList(),
      (std::vector<std::string>{
          "OSH0051@2:11 implicit conversion from 'literal int' to 'int' changes value from 4294967296 to 0",
          "OSH0051@4:11 implicit conversion from 'literal int' to 'int' changes value from -3000000000 to 1294967296",
          "OSH0051@6:11 implicit conversion from 'literal float' to 'int' changes value from 0.5 to 0",
          "OSH0051@7:11 implicit conversion from 'float' to 'int' changes value from -0.5 to 0",
          "OSH0052@10:13 overflow in the expression when converting to 'float' type",
          "OSH0052@11:11 overflow in the expression when converting to 'int' type",
          "OSH0051@11:11 implicit conversion from 'literal float' to 'int' changes value from 3.4e+20 to 2147483647",
          "OSH0052@13:18 overflow in the expression when converting to 'min16float' type",
          "OSH0052@15:18 overflow in the expression when converting to 'min16float' type",
          "OSH0052@17:12 overflow in the expression when converting to 'uint' type",
          "OSH0051@17:12 implicit conversion from 'literal float' to 'uint' changes value from -5 to 0",
          "OSH0052@19:14 overflow in the expression when converting to 'float' type",
      }));
  EXPECT_EQ(c->init("b"), "-1294967296:int");  // 3000000000 - 2^32
  EXPECT_EQ(c->init("c"), "1294967296:int");   // -3000000000 + 2^32
  EXPECT_EQ(c->init("i"), "true:bool");
  EXPECT_EQ(c->init("k"), "2147483647:int");
  EXPECT_TRUE(std::isinf(floatLit(c->var("j")->init)->value));
  EXPECT_EQ(floatLit(c->var("n")->init)->value, 65504.0);
  EXPECT_EQ(c->init("p"), "(cast:int 0:int)");
}
