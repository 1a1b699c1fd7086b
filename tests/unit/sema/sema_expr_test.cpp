// Expression typing: literal typing, implicit casts, arithmetic conversions, swizzles.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
const char* kDecls = R"(
static int i; static uint u; static float f; static double d; static bool b;
static int64_t i64; static uint64_t u64;
static float2 v2; static float3 v3; static float4 v4; static int3 iv3; static uint3 uv3; static bool3 bv3;
static float4x4 m44; static float3x3 m33; static float2x3 m23;
)";
}

TEST(SemaLiterals, UntypedIntIsIntAndTakesTheDestinationIntegerType) {
  auto c = checkBody("int a = 1; uint b2 = 1; int64_t c2 = 1; uint g = -1;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a"), "1:int");
  EXPECT_EQ(c->init("b2"), "1:uint");
  EXPECT_EQ(c->init("c2"), "1:int64_t");
  EXPECT_EQ(c->init("g"), "4294967295:uint");  // -1 folded, then converted to uint
}

// An int literal converted to a float type is folded into a float literal of that type
// (DXC folds the conversion of a constant).
TEST(SemaLiterals, IntLiteralToFloatIsFoldedIntoAFloatLiteral) {
  auto c = checkBody("float a = 1; double e = 2; float h = 1.5; double k = 1.5; half hh = 0.5;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a"), "1:float");
  EXPECT_EQ(c->init("e"), "2:double");
  EXPECT_EQ(c->init("h"), "1.5:float");
  EXPECT_EQ(c->init("k"), "1.5:double");
  // Without -enable-16bit-types `half` is a 32-bit float spelled half.
  EXPECT_EQ(c->init("hh"), "0.5:half");
  EXPECT_EQ(c->var("hh")->type->scalarKind(), sema::ScalarKind::Float);
}

TEST(SemaLiterals, SuffixesGiveConcreteTypes) {
  auto c = checkBody("uint64_t a = 1; let_me_fail;", kDecls);
  EXPECT_FALSE(c->ok);
  auto c2 = checkBody("float a = 1.0f; double e = 1.0l; uint x = 5u; int64_t y = 5l; uint64_t z = 5ull;", kDecls);
  EXPECT_TRUE(c2->ok) << c2->allDiags();
  EXPECT_EQ(c2->init("a"), "1:float");
  EXPECT_EQ(c2->init("e"), "1:double");
  EXPECT_EQ(c2->init("x"), "5:uint");
  // HLSL 2021's `long` is 32 bits (DXC: `1l` is int32_t): 5l is an int, converted.
  EXPECT_EQ(c2->init("y"), "(IntegralCast:int64_t 5:int)");
  EXPECT_EQ(c2->init("z"), "5:uint64_t");
}

TEST(SemaLiterals, LiteralsAdoptTheOtherOperandsType) {
  auto c = checkBody(
      "uint r1 = u + 1; float r2 = f * 2; double r3 = d * 1.5; float r4 = f * 0.5; int r5 = i * 2;"
      "int r6 = 1 + 2; float r7 = 1 + 2.5; int r8 = i * 0.5;",
      kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("r1"), "(+:uint u:uint 1:uint)");
  EXPECT_EQ(c->init("r2"), "(*:float f:float 2:float)");
  EXPECT_EQ(c->init("r3"), "(*:double d:double 1.5:double)");
  EXPECT_EQ(c->init("r4"), "(*:float f:float 0.5:float)");
  EXPECT_EQ(c->init("r5"), "(*:int i:int 2:int)");
  // Literal-only arithmetic is folded at 64 bits and converted once to the destination.
  EXPECT_EQ(c->init("r6"), "3:int");
  EXPECT_EQ(c->init("r7"), "3.5:float");
  // A literal float with an int acts as float.
  EXPECT_EQ(c->init("r8"), "(FloatToInt:int (*:float (IntToFloat:float i:int) 0.5:float))");
}

TEST(SemaConversions, UsualArithmeticConversionsByRank) {
  auto c = checkBody(
      "uint a1 = i + u; float a2 = i + f; double a3 = f + d; int64_t a4 = i + i64; uint64_t a5 = i64 + u64;"
      "int a6 = b + b; float a7 = u * f;",
      kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a1"), "(+:uint (IntegralCast:uint i:int) u:uint)");
  EXPECT_EQ(c->init("a2"), "(+:float (IntToFloat:float i:int) f:float)");
  EXPECT_EQ(c->init("a3"), "(+:double (FloatingCast:double f:float) d:double)");
  EXPECT_EQ(c->init("a4"), "(+:int64_t (IntegralCast:int64_t i:int) i64:int64_t)");
  EXPECT_EQ(c->init("a5"), "(+:uint64_t (IntegralCast:uint64_t i64:int64_t) u64:uint64_t)");
  EXPECT_EQ(c->init("a6"), "(+:int (BoolToInt:int b:bool) (BoolToInt:int b:bool))");
  EXPECT_EQ(c->init("a7"), "(*:float (IntToFloat:float u:uint) f:float)");
}

TEST(SemaConversions, DoubleToFloatWarnsAboutNarrowing) {
  auto c = checkBody("float x = d;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  ASSERT_EQ(c->codes().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->codes()[0], "OSH0009@8:11");
}

TEST(SemaConversions, ScalarToVectorSplatsAfterElementConversion) {
  auto c = checkBody("float3 s1 = 1; float3 s2 = i; float4 s3 = f; int3 s4 = iv3 * 2;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("s1"), "(VectorSplat:float3 1:float)");
  EXPECT_EQ(c->init("s2"), "(VectorSplat:float3 (IntToFloat:float i:int))");
  EXPECT_EQ(c->init("s3"), "(VectorSplat:float4 f:float)");
  EXPECT_EQ(c->init("s4"), "(*:int3 iv3:int3 (VectorSplat:int3 2:int))");
}

TEST(SemaConversions, VectorTruncationWarnsWithOSH0008) {
  auto c = checkBody("float3 t1 = v4;\nfloat t2 = v3;\nfloat3 t3 = v4 + v3;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("t1"), "(VectorTruncate:float3 v4:float4)");
  EXPECT_EQ(c->init("t2"), "(VectorToScalar:float v3:float3)");
  EXPECT_EQ(c->init("t3"), "(+:float3 (VectorTruncate:float3 v4:float4) v3:float3)");
  std::vector<std::string> want = {"OSH0008@8:13", "OSH0008@9:12", "OSH0008@10:13"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}

TEST(SemaConversions, ComponentWiseConversionOfVectors) {
  auto c = checkBody("float3 c1 = iv3; uint3 c2 = iv3; bool3 c3 = v3; float3 c4 = uv3 + v3;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("c1"), "(IntToFloat:float3 iv3:int3)");
  EXPECT_EQ(c->init("c2"), "(IntegralCast:uint3 iv3:int3)");
  EXPECT_EQ(c->init("c3"), "(ToBool:bool3 v3:float3)");
  EXPECT_EQ(c->init("c4"), "(+:float3 (IntToFloat:float3 uv3:uint3) v3:float3)");
}

TEST(SemaConversions, VectorWideningIsAnError) {
  auto c = checkBody("float4 w = v3;", kDecls);
  EXPECT_FALSE(c->ok);
  ASSERT_EQ(c->diagList().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0004@8:12 cannot convert from 'float3' to 'float4'");
}

TEST(SemaConversions, ComparisonsGiveBoolOfTheOperandShape) {
  auto c = checkBody("bool k1 = i < f; bool3 k2 = v3 == 1; bool k3 = i && f;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("k1"), "(<:bool (IntToFloat:float i:int) f:float)");
  EXPECT_EQ(c->init("k2"), "(==:bool3 v3:float3 (VectorSplat:float3 1:float))");
  EXPECT_EQ(c->init("k3"), "(&&:bool (ToBool:bool i:int) (ToBool:bool f:float))");
}

TEST(SemaConversions, CompoundAssignmentComputesInTheCommonType) {
  auto c = checkBody("int n = 0;\nn += 1.5;\nn += 2;\nv3 *= 2;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  auto* f = c->function("test_fn");
  ASSERT_NE(f, nullptr);
  auto* s1 = ast::cast<ast::ExprStmt>(f->body->body[1]);
  auto* b1 = ast::cast<ast::BinaryExpr>(s1->expr);
  EXPECT_EQ(sema::dumpTypedExpr(b1), "(+=:int n:int 1.5:float)");
  EXPECT_EQ(c->sema->compoundComputationType(b1)->toString(), "float");
  auto* b2 = ast::cast<ast::BinaryExpr>(ast::cast<ast::ExprStmt>(f->body->body[2])->expr);
  EXPECT_EQ(sema::dumpTypedExpr(b2), "(+=:int n:int 2:int)");
  EXPECT_EQ(c->sema->compoundComputationType(b2)->toString(), "int");
  auto* b3 = ast::cast<ast::BinaryExpr>(ast::cast<ast::ExprStmt>(f->body->body[3])->expr);
  EXPECT_EQ(sema::dumpTypedExpr(b3), "(*=:float3 v3:float3 (VectorSplat:float3 2:float))");
}

TEST(SemaSwizzles, VectorAndScalarSwizzles) {
  auto c = checkBody("float2 w1 = v4.xy; float3 w2 = v4.bgr; float w3 = v4.w; float3 w4 = f.xxx; v4.zw = v2;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("w1"), "(.xy:float2 v4:float4)");
  EXPECT_EQ(c->init("w2"), "(.bgr:float3 v4:float4)");
  auto* m = ast::cast<ast::MemberExpr>(c->var("w2")->init);
  EXPECT_EQ(m->swizzleLen, 3);
  EXPECT_EQ(m->swizzle[0], 2);
  EXPECT_EQ(m->swizzle[1], 1);
  EXPECT_EQ(m->swizzle[2], 0);
  EXPECT_EQ(c->init("w3"), "(.w:float v4:float4)");
  EXPECT_EQ(c->init("w4"), "(.xxx:float3 f:float)");
}

TEST(SemaSwizzles, MatrixSwizzles) {
  auto c = checkBody("float2 z1 = m44._m00_m11; float z2 = m33._33; float3 z3 = m44[1].xyz;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  auto* m = ast::cast<ast::MemberExpr>(c->var("z1")->init);
  EXPECT_TRUE(m->isMatrixSwizzle);
  EXPECT_EQ(m->swizzle[0], 0);
  EXPECT_EQ(m->swizzle[1], 5);
  auto* m2 = ast::cast<ast::MemberExpr>(c->var("z2")->init);
  EXPECT_EQ(m2->swizzle[0], 2 * 4 + 2);
  EXPECT_EQ(c->init("z2"), "(._33:float m33:float3x3)");
  EXPECT_EQ(c->init("z3"), "(.xyz:float3 ([]:float4 m44:float4x4 1:int))");
}

TEST(SemaSwizzles, InvalidSwizzlesAndDuplicateLValues) {
  auto c = checkBody("float a = v2.z;\nfloat b2 = v4.xg;\nv4.xx = v2;\nfloat c2 = m23._m22;", kDecls);
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {"OSH0011@8:14", "OSH0011@9:15", "OSH0010@10:1", "OSH0011@11:16"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0011@8:14 invalid swizzle 'z' on type 'float2'");
}

TEST(SemaExprs, ConditionalAndConstructors) {
  auto c = checkBody(
      "float q1 = b ? 1 : f; float4 q2 = float4(v2, 0, 1); float4 q3 = float4(iv3, i); float q4 = (float)i;", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("q1"), "(?:float b:bool 1:float f:float)");
  EXPECT_EQ(c->init("q2"), "(ctor:float4 v2:float2 0:float 1:float)");
  EXPECT_EQ(c->init("q3"), "(ctor:float4 (IntToFloat:float3 iv3:int3) (IntToFloat:float i:int))");
  EXPECT_EQ(c->init("q4"), "(cast:float (IntToFloat:float i:int))");
}

TEST(SemaExprs, ConstructorComponentCountMustMatch) {
  auto c = checkBody("float4 bad = float4(v2, 1);", kDecls);
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0015@8:14"}) << c->allDiags();
}

TEST(SemaExprs, InitializerLists) {
  auto c =
      checkBody("float4 l1 = {1, 2, 3, 4}; int l2[3] = {1, 2, 3}; float4 l3 = {v2, v2}; int l4[] = {5, 6};", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("l1"), "({}:float4 1:float 2:float 3:float 4:float)");
  EXPECT_EQ(c->init("l2"), "({}:int[3] 1:int 2:int 3:int)");
  EXPECT_EQ(c->init("l3"), "({}:float4 v2:float2 v2:float2)");
  EXPECT_EQ(c->typeOf("l4"), "int[2]");
}

TEST(SemaExprs, ConditionMustBeScalar) {
  auto c = checkBody("if (v3) {}\nwhile (b) { break; }\nfor (int k = 0; k < 4; ++k) { if (k) continue; }", kDecls);
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0017@8:5 condition must be a scalar, not 'float3'"});
  auto c2 = checkBody("if (i) {}", kDecls);
  EXPECT_TRUE(c2->ok) << c2->allDiags();
  auto* s = ast::cast<ast::IfStmt>(c2->function("test_fn")->body->body[0]);
  EXPECT_EQ(sema::dumpTypedExpr(s->cond), "(ToBool:bool i:int)");
}

TEST(SemaExprs, MinPrecisionTypesFollowDxcMapping) {
  auto c = checkBody("min16float a = 1; min16uint b2 = 2; min16float2 c2 = 0;");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const sema::Type* t = c->var("a")->type;
  EXPECT_EQ(t->toString(), "min16float");
  EXPECT_EQ(t->scalarKind(), sema::ScalarKind::Float);
  EXPECT_TRUE(t->relaxedPrecision());
  EXPECT_EQ(c->var("b2")->type->scalarKind(), sema::ScalarKind::Uint);
  EXPECT_EQ(c->typeOf("c2"), "min16float2");
  sema::SemaOptions o;
  o.enable16BitTypes = true;
  auto c16 = checkBody("min16float a = 1; half h = 1; float16_t g = 2; int16_t s = 3;", "", o);
  EXPECT_TRUE(c16->ok) << c16->allDiags();
  EXPECT_EQ(c16->var("a")->type->scalarKind(), sema::ScalarKind::Half);
  EXPECT_FALSE(c16->var("a")->type->relaxedPrecision());
  EXPECT_EQ(c16->var("h")->type->scalarKind(), sema::ScalarKind::Half);
  EXPECT_EQ(c16->init("s"), "3:int16_t");
}

TEST(SemaExprs, SixteenBitTypesNeedTheOption) {
  auto c = checkBody("float16_t a = 1;\nint16_t b = 2;\nuint16_t3 v;");
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {"OSH0027@3:1", "OSH0027@4:1", "OSH0027@5:1"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0027@3:1 'float16_t' requires -enable-16bit-types");
}

TEST(SemaExprs, LogicalOperatorsOnVectorsDependOnTheHlslVersion) {
  auto c = checkBody("bool3 r = bv3 && bv3;", kDecls);
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0013@8:15"}) << c->allDiags();
  sema::SemaOptions o;
  o.hlslVersion = 2018;
  auto c2 = checkBody("bool3 r = bv3 && v3;", kDecls, o);
  EXPECT_TRUE(c2->ok) << c2->allDiags();
  EXPECT_EQ(c2->init("r"), "(&&:bool3 bv3:bool3 (ToBool:bool3 v3:float3))");
}

TEST(SemaExprs, VectorConditionSelectsPerComponentBeforeHlsl2021) {
  // HLSL 2021: a vector condition is an error (select() is the spelling).
  auto c = checkBody("float3 r = bv3 ? v3 : 1;", kDecls);
  EXPECT_FALSE(c->ok);
  sema::SemaOptions o;
  o.hlslVersion = 2018;
  // Before: per component; a scalar branch is splat to the condition's width, an int
  // condition is converted to bool, and int/float branches meet at float.
  auto c2 = checkBody("float3 r = iv3 ? v3 : 1;\nfloat3 s = bv3 ? i : f;", kDecls, o);
  EXPECT_TRUE(c2->ok) << c2->allDiags();
  EXPECT_EQ(c2->var("r")->init->type->componentCount(), 3u);
  EXPECT_EQ(c2->var("s")->init->type->componentCount(), 3u);
  // Two untyped literals: float3 (DXC's literal.constant-composite).
  auto c4 = checkBody("float3 t = (v3 * f) > 0 ? 0.5 : 0;", kDecls, o);
  EXPECT_TRUE(c4->ok) << c4->allDiags();
  EXPECT_EQ(c4->var("t")->init->type->componentCount(), 3u);
  EXPECT_TRUE(c4->var("t")->init->type->isFloating());
  EXPECT_EQ(
      c4->init("t"),
      "(?:float3 (>:bool3 (():float3 (*:float3 v3:float3 (VectorSplat:float3 f:float))) (VectorSplat:float3 0:float)) "
      "(VectorSplat:float3 0.5:float) (VectorSplat:float3 0:float))");
  auto c3 = checkBody("float3 r = bv3 ? v2 : v3;", kDecls, o);
  EXPECT_FALSE(c3->ok);
}

TEST(SemaExprs, IntegerDivisionByConstantZeroWarns) {
  auto c = checkBody("int q = i / 0;\nfloat r = f / 0;\nswitch (i) { case 1 - 1: break; }", kDecls);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0032@8:11"}) << c->allDiags();
}

TEST(SemaExprs, SizeofOfNumericTypesAndArrays) {
  auto c = checkBody(
      "uint s1 = sizeof(float4); uint s2 = sizeof(double2x2); uint s3 = sizeof(bool); float arr[3];\n"
      "uint s4 = sizeof(arr); static_assert(sizeof(int3) == 12, \"int3 is 12 bytes\");");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->sema->constValue(c->var("s1")->init).asInt(), 16);
  EXPECT_EQ(c->sema->constValue(c->var("s2")->init).asInt(), 32);
  EXPECT_EQ(c->sema->constValue(c->var("s3")->init).asInt(), 4);
  EXPECT_EQ(c->sema->constValue(c->var("s4")->init).asInt(), 12);
  auto c2 = checkBody("static_assert(sizeof(float) == 8, \"float is 8 bytes\");");
  EXPECT_EQ(c2->diagList(), std::vector<std::string>{"OSH0036@3:15 static assertion failed: float is 8 bytes"});
}

// DXC gives sizeof of a struct from clang's C layout: each member at a multiple of its
// alignment (a scalar's size; a vector's or matrix's component size), the struct's size
// rounded up to its largest member alignment, an empty struct 0 bytes.
TEST(SemaExprs, SizeofOfStructsIsTheCLayoutSize) {
  const char* decls =
      "struct Empty {};\n"
      "struct Foo { uint64_t a; int b; };\n"       // 8 + 4, rounded to 8: 16
      "struct Bar { Foo foo; int c; };\n"          // 16 + 4, rounded to 8: 24
      "struct Baz { Foo foo[3]; uint64_t c; };\n"  // 48 + 8: 56
      "struct A { float3 one; float3 two; };\n"    // 12 + 12: 24 (float3 aligned to 4)
      "struct B { bool b; double2 d; int e; };\n"  // 4, pad to 8, 16, 4 -> 28, rounded: 32
      "struct C { Empty e; int2x2 m; };\n"         // 0 + 16: 16
      "enum E : uint64_t { v };\n"
      "struct D { E e; uint f; };\n"  // 8 + 4, rounded to 8: 16
      "struct R { Texture2D t; };\n";
  auto c = checkBody(
      "uint s1 = sizeof(Empty); uint s2 = sizeof(Empty[2]); uint s3 = sizeof(Foo);\n"
      "uint s4 = sizeof(Bar); uint s5 = sizeof(Baz); uint s6 = sizeof(A); uint s7 = sizeof(B);\n"
      "uint s8 = sizeof(C); uint s9 = sizeof(D); uint s10 = sizeof(Bar[2]);",
      decls);
  ASSERT_TRUE(c->ok) << c->allDiags();
  const std::pair<const char*, int64_t> want[] = {{"s1", 0},  {"s2", 0},  {"s3", 16}, {"s4", 24}, {"s5", 56},
                                                  {"s6", 24}, {"s7", 32}, {"s8", 16}, {"s9", 16}, {"s10", 48}};
  for (auto [name, bytes] : want) EXPECT_EQ(c->sema->constValue(c->var(name)->init).asInt(), bytes) << name;
  auto bad = checkBody("uint r = sizeof(R);", decls);
  EXPECT_EQ(bad->codes(), std::vector<std::string>{"OSH0007@13:10"}) << bad->allDiags();
}
