// Sema for constructs DXC accepts: local function declarations, out-of-line definitions
// of class-template static data members, operators declared by structs, integer -> enum
// conversions, brace elision in struct initializer lists, float switch selectors. Each
// test checks the exit status and the exact diagnostic codes.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaLangDecls, LocalFunctionDeclarationReachesTheLaterDefinition) {
  auto c = check(
      "struct foo { float m() { float MulBy3(float f); return MulBy3(.25); } };\n"
      "float use() { float MulBy2(float f); foo x; return MulBy2(.25) + x.m(); }\n"
      "float MulBy2(float f) { return f * 2; }\n"
      "float MulBy3(float f) { return f * 3; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{}) << c->allDiags();
}

TEST(SemaLangDecls, LocalFunctionDeclarationIsScopedToItsBlock) {
  // Outside the block that declares it, a function defined later is not yet visible.
  auto c = check("float g() { { float H(float f); } return H(1.0); }\nfloat H(float f) { return f; }\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0001@1:42"}) << c->allDiags();
}

TEST(SemaLangDecls, LocalFunctionDefinitionIsRefused) {
  auto c = checkBody("int k() { return 1; }");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0007@3:1"}) << c->allDiags();
}

TEST(SemaLangDecls, TemplateStaticMemberDefinedOutOfLine) {
  auto c = checkBody("int t = MyClass<int>::array[1]; float u = MyClass<float>::array[0];",
                     "template<typename T> struct MyClass { const static T array[2]; };\n"
                     "template<typename T> const static T MyClass<T>::array[2] = { 1, 2 };\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{}) << c->allDiags();
}

TEST(SemaLangDecls, TemplateStaticMemberForASpecializationIsNotSupported) {
  auto c = check(
      "template<typename T> struct MyClass { const static T array[2]; };\n"
      "template<> const static int MyClass<int>::array[2] = { 1, 2 };\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0007@2:36"}) << c->allDiags();
}

TEST(SemaLangDecls, TemplateStaticMemberAfterInstantiationIsNotSupported) {
  auto c = check(
      "template<typename T> struct MyClass { const static T array[2]; };\n"
      "static MyClass<int> early;\n"
      "template<typename T> const static T MyClass<T>::array[2] = { 1, 2 };\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0007@3:1"}) << c->allDiags();
}

TEST(SemaLangDecls, TemplateStaticMemberThatDoesNotExist) {
  auto c = check(
      "template<typename T> struct MyClass { const static T array[2]; };\n"
      "template<typename T> const static T MyClass<T>::other[2] = { 1, 2 };\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0012@2:37"}) << c->allDiags();
}

TEST(SemaLangDecls, StructOperatorsAreMethodCalls) {
  auto c = checkBody("Num a, b; int p = a * b; Num s = a + b; int i = a[2]; int k = a(1, 2); a += b;",
                     "struct Num { int n;\n"
                     "  int operator*(Num o) { return n * o.n; }\n"
                     "  Num operator+(Num o) { Num r; r.n = n + o.n; return r; }\n"
                     "  void operator+=(Num o) { n += o.n; }\n"
                     "  int operator[](uint i) { return n + i; }\n"
                     "  int operator()(int x, int y);\n"
                     "};\n"
                     "int Num::operator()(int x, int y) { return n * x + y; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{}) << c->allDiags();
}

TEST(SemaLangDecls, OperatorNotDeclaredStaysAnError) {
  auto c = checkBody("Num a, b; int p = a - b; int q = a[0]; int r = a(1);",
                     "struct Num { int n; int operator*(Num o) { return n * o.n; } };\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0013@4:21", "OSH0013@4:34", "OSH0034@4:48"})) << c->allDiags();
}

TEST(SemaLangDecls, IntegerToUnscopedEnumIsImplicit) {
  auto c = checkBody("Number d = First; d = First + Second; d = 2; int i = d;",
                     "enum Number { First, Second, Third = 3 };\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  auto s = checkBody("E e = 1;", "enum class E { A, B };\n");
  EXPECT_FALSE(s->ok);
  EXPECT_EQ(s->codes(), std::vector<std::string>{"OSH0004@4:7"}) << s->allDiags();
  auto f = checkBody("Number d = 1.5f;", "enum Number { First, Second };\n");
  EXPECT_FALSE(f->ok);
  EXPECT_EQ(f->codes(), std::vector<std::string>{"OSH0004@4:12"}) << f->allDiags();
}

TEST(SemaLangDecls, BraceElisionForANestedStruct) {
  auto c = checkBody("P p = {1, 2.}; P q = {{1}, 2.}; R r = {1, 2, 3};",
                     "struct O { int x; };\nstruct P { O y; float z; };\nstruct R { int a[2]; int b; };\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  auto bad = checkBody("P p = {1, 2., 3};", "struct O { int x; };\nstruct P { O y; float z; };\n");
  EXPECT_FALSE(bad->ok);
  EXPECT_EQ(bad->codes(), std::vector<std::string>{"OSH0015@5:7"}) << bad->allDiags();
}

TEST(SemaLangDecls, FloatSwitchSelectorConvertsToInt) {
  auto c = checkBody("float f = 1.5; switch (f) { case 0: break; case 1: break; }");
  EXPECT_TRUE(c->ok) << c->allDiags();
  auto v = checkBody("float2 f = 1.5; switch (f) { case 0: break; }");
  EXPECT_FALSE(v->ok);
  EXPECT_EQ(v->codes(), std::vector<std::string>{"OSH0004@3:25"}) << v->allDiags();
}

namespace {
sema::SemaOptions hv202x() {
  sema::SemaOptions o;
  o.hlslVersion = 2029;
  return o;
}
std::string typeOf(const Checked& c, const std::string& name) {
  ast::VarDecl* v = c.var(name);
  return v && v->type ? v->type->toString() : "NO VAR";
}
}  // namespace

TEST(SemaLangDecls, Hv202xConformingLiteralsAndAuto) {
  // DXC's HLSL 202x literal types: decimal int then int64_t; hex/octal int, uint, int64_t,
  // uint64_t; `l` is int64_t; an unsuffixed float literal is float.
  auto c = checkBody(
      "auto a = 1; auto b = 2.0; auto c = 2147483648; auto d = 0xF0000000; auto e = 1l;"
      " auto f = 0x7000000000000000; auto g = 0xF000000000000000; auto h = 5u; auto i = 1.0l;"
      " auto j = a + b; auto k = Make(b);",
      "float2 Make(float x) { return float2(x, x); }\n", hv202x());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(typeOf(*c, "a"), "int");
  EXPECT_EQ(typeOf(*c, "b"), "float");
  EXPECT_EQ(typeOf(*c, "c"), "int64_t");
  EXPECT_EQ(typeOf(*c, "d"), "uint");
  EXPECT_EQ(typeOf(*c, "e"), "int64_t");
  EXPECT_EQ(typeOf(*c, "f"), "int64_t");
  EXPECT_EQ(typeOf(*c, "g"), "uint64_t");
  EXPECT_EQ(typeOf(*c, "h"), "uint");
  EXPECT_EQ(typeOf(*c, "i"), "double");
  EXPECT_EQ(typeOf(*c, "j"), "float");
  EXPECT_EQ(typeOf(*c, "k"), "float2");
}

TEST(SemaLangDecls, AutoErrors) {
  auto hv2021 = checkBody("auto a = 1;");
  EXPECT_FALSE(hv2021->ok);
  EXPECT_EQ(hv2021->codes(), std::vector<std::string>{"OSH0002@3:1"}) << hv2021->allDiags();
  auto noInit = checkBody("auto a;", "", hv202x());
  EXPECT_FALSE(noInit->ok);
  EXPECT_EQ(noInit->codes(), std::vector<std::string>{"OSH0039@3:6"}) << noInit->allDiags();
  auto list = checkBody("auto a = {1, 2};", "", hv202x());
  EXPECT_FALSE(list->ok);
  EXPECT_EQ(list->codes(), std::vector<std::string>{"OSH0039@3:6"}) << list->allDiags();
  auto ret = check("auto f() { return 1; }\n", hv202x());
  EXPECT_FALSE(ret->ok);
  EXPECT_EQ(ret->codes(), std::vector<std::string>{"OSH0007@1:1"}) << ret->allDiags();
}

TEST(SemaLangDecls, EffectAnnotationsAreIgnoredWithAWarning) {
  auto c = check(
      "string g < string arg1 = \"WIREFRAME\"; int n = 2 + 1; > = \"\";\n"
      "float4 main() : SV_Target { return 1; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0044@1:10"}) << c->allDiags();
}
