// HLSL 2021 template machinery (issue 7, inline-spirv.md section 17), as DXC accepts it:
// non-type template parameters typed by an earlier parameter, variable templates, and
// enable_if in default template arguments as SFINAE. Values are checked with static_assert
// (a wrong value is an error, so `ok` fails) and by hand; the expected results follow C++
// rules (and DXC's CHECK lines in var.template.hlsl / type.type-alias.template.hlsl).
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
ast::CallExpr* callOf(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::ImplicitCast) e = static_cast<ast::ImplicitCastExpr*>(e)->sub;
  return ast::dyn_cast<ast::CallExpr>(e);
}
std::string calleeSig(const Checked& c, const std::string& var) {
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

// 6 lines: a body checked after it starts on line 9.
const std::string kTraits =
    "template <class T, T v> struct integral_constant { static const T value = v; };\n"
    "template <bool B> using bool_constant = integral_constant<bool, B>;\n"
    "template <class A, class B> struct is_same : bool_constant<false> {};\n"
    "template <class A> struct is_same<A, A> : bool_constant<true> {};\n"
    "template <bool B, class T = void> struct enable_if {};\n"
    "template <class T> struct enable_if<true, T> { typedef T type; };\n";
}  // namespace

TEST(SemaTemplate2021, NonTypeParameterTypedByAnEarlierParameter) {
  auto c = checkBody(
      "static_assert(integral_constant<int, -5>::value == -5, \"int\");"
      " static_assert(integral_constant<uint, 7u>::value == 7u, \"uint\");"
      " static_assert(bool_constant<true>::value, \"true\");"
      " static_assert(!is_same<int, uint>::value && is_same<int2, int2>::value, \"is_same\");"
      " bool t = bool_constant<true>::value; uint u = integral_constant<uint, 7u>::value;"
      " integral_constant<uint, 9u> nine; uint w = unwrap(nine); integral_constant<int, -2> m2; int n = unwrap(m2);",
      kTraits + "template <class T, T v> T unwrap(integral_constant<T, v> c) { return v + c.value; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("nine"), "integral_constant<uint, 9>");
  // T and v deduced from the instance: T = uint, v = 9.
  EXPECT_EQ(calleeSig(*c, "w"), "unwrap(integral_constant<uint, 9>)");
  EXPECT_EQ(calleeSig(*c, "n"), "unwrap(integral_constant<int, -2>)");
  // Each instance has its own value type: bool and uint, not the first one's.
  EXPECT_EQ(c->init("t"), "value:bool");
  EXPECT_EQ(c->init("u"), "value:uint");
}

TEST(SemaTemplate2021, NonTypeParameterOfAFloatTypeIsRefused) {
  // T = float makes `T v` a float non-type parameter: OSH0004 at the parameter's type `T`
  // (column 20 of the prelude's first line), as for `template <float F>` (C++ before C++20).
  auto c = checkBody("float f = integral_constant<float, 1>::value;", kTraits);
  EXPECT_FALSE(c->ok);
  ASSERT_FALSE(c->codes().empty());
  EXPECT_EQ(c->codes()[0], "OSH0004@1:20") << c->allDiags();
}

TEST(SemaTemplate2021, VariableTemplates) {
  const std::string prelude = kTraits +
                              "template <typename T> static const T kPi = T(3.14159);\n"
                              "template <class A, class B> static const bool is_same_v = false;\n"
                              "template <class A> static const bool is_same_v<A, A> = true;\n"
                              "template <class T> static const uint width = 0;\n"
                              "template <> static const uint width<float> = 32;\n"
                              "namespace ns { template <class T> static const T two = T(2); }\n"
                              "template <class T> static const T table[3] = { T(1), T(2), T(3) };\n"
                              "template <class T> T area(T r) { return kPi<T> * r * r; }\n";
  auto c = checkBody(
      "static_assert(kPi<int> == 3, \"kPi<int>\"); static_assert(!is_same_v<int, bool>, \"different\");"
      " static_assert(is_same_v<int, int>, \"same\"); static_assert(width<float> == 32 && width<int> == 0, \"w\");"
      " static_assert(ns::two<uint> == 2u, \"two\");"
      " int arr[kPi<int>]; float f = kPi<float>; int t = table<int>[2]; int a = area(2);",
      prelude);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("arr"), "int[3]");  // a constant: an array size
  EXPECT_EQ(c->init("f"), "kPi:float");
  EXPECT_EQ(calleeSig(*c, "a"), "area(int)");
  // A wrong expectation fails (the checks above can fail).
  auto d = checkBody("static_assert(is_same_v<int, bool>, \"x\");", prelude);
  EXPECT_FALSE(d->ok);
}

TEST(SemaTemplate2021, VariableTemplateErrorsAreCoded) {
  const std::string prelude = "template <typename T> static const T kPi = T(3);\n";
  // Body on line 4: the name without arguments is OSH2001 at the name.
  auto c = checkBody("int x = kPi;", prelude);
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH2001@4:9 expected template arguments after variable template 'kPi'"});
  // Not static, or a member template of a struct: not supported yet, at the declaration
  // (which starts at `template`).
  auto d = check("template <typename T> const T g = T(1);\n");
  EXPECT_EQ(d->diagList(),
            std::vector<std::string>{"OSH0007@1:1 a variable template that is not 'static' is not supported yet"});
  auto e = check("struct S {\n  template <typename T> static const T m = T(1);\n};\n");
  EXPECT_EQ(e->diagList(), std::vector<std::string>{"OSH0007@2:3 a static data member template is not supported yet"});
}

TEST(SemaTemplate2021, EnableIfInDefaultTemplateArgumentsIsSfinae) {
  const std::string prelude =
      kTraits +
      "template <typename T, typename = typename enable_if<is_same<T, int>::value>::type> int f(T x) { return 1; }\n"
      "template <typename T, typename = typename enable_if<is_same<T, float>::value>::type, typename = void>\n"
      "uint f(T x) { return 2; }\n"
      "template <typename T, typename enable_if<is_same<T, uint>::value, int>::type = 0> int g(T x) { return 3; }\n"
      "template <typename T, typename enable_if<is_same<T, bool>::value, int>::type = 0> uint g(T x) { return 4; }\n"
      "template <class T, class = void> struct Sel { static const int value = 1; };\n"
      "template <class T> struct Sel<T, typename enable_if<is_same<T, int>::value>::type> {\n"
      "  static const int value = 2;\n"
      "};\n";
  auto c = checkBody(
      "int a = f(1); uint b = f(1.0f); int c = g(1u); uint d = g(true); int e = f<int>(7);"
      " static_assert(Sel<int>::value == 2 && Sel<float>::value == 1, \"Sel\");",
      prelude);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  // The candidate whose default argument fails is dropped, so each call has one: the
  // templates returning int are the int / uint ones, those returning uint the float / bool.
  EXPECT_EQ(c->init("a"), "(call f:int 1:int)");
  EXPECT_EQ(c->init("b"), "(call f:uint 1:float)");
  EXPECT_EQ(c->init("c"), "(call g:int 1:uint)");
  EXPECT_EQ(c->init("d"), "(call g:uint true:bool)");
  EXPECT_EQ(calleeSig(*c, "c"), "g(uint)");
  EXPECT_EQ(calleeSig(*c, "d"), "g(bool)");
  EXPECT_EQ(calleeSig(*c, "e"), "f(int)");
  // No candidate left (a float argument for g): no matching function, OSH0005 at the name;
  // body on line 18 (15 prelude lines).
  auto d = checkBody("int z = g(2.5f);", prelude);
  EXPECT_FALSE(d->ok);
  EXPECT_EQ(d->codes(), std::vector<std::string>{"OSH0005@18:9"}) << d->allDiags();
}
