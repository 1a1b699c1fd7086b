#include <gtest/gtest.h>

#include <functional>

#include "diag/diag.hpp"
#include "syntax/lexer.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;

namespace {

struct Run {
  SourceManager sm;
  DiagEngine diags{&sm};
  std::unique_ptr<Preprocessor> pp;
  FileId main = 0;
  std::vector<Token> toks;  // including eof

  // Token spellings joined by single spaces (eof excluded).
  std::string text() const {
    std::string s;
    for (const Token& t : toks) {
      if (t.kind == Tok::eof) break;
      if (!s.empty()) s += ' ';
      s.append(t.text);
    }
    return s;
  }
  uint32_t off(SourceLoc l) const { return sm.offsetOf(l); }
  std::vector<std::string> codes() const {
    std::vector<std::string> c;
    for (const auto& d : diags.diagnostics()) c.push_back(diagCodeString(d.id));
    return c;
  }
  const Diagnostic& diag(size_t i) const { return diags.diagnostics().at(i); }
};

std::unique_ptr<Run> pp(std::string src, PPOptions opts = {}, const std::function<void(SourceManager&)>& setup = {},
                        std::string path = "main.hlsl") {
  auto r = std::make_unique<Run>();
  if (setup) setup(r->sm);
  r->main = r->sm.addBuffer(std::move(path), std::move(src));
  r->pp = std::make_unique<Preprocessor>(r->sm, r->diags, opts);
  r->pp->enterMainFile(r->main);
  r->toks = r->pp->tokenizeAll();
  return r;
}

// The expected text, lexed independently (no preprocessing) and joined the same way.
std::string lexed(std::string_view text) {
  SourceManager sm;
  FileId f = sm.addBuffer("want", std::string(text));
  StringPool pool;
  Lexer lx(sm, f, nullptr, &pool);
  std::string s;
  for (Token t = lx.lex(); t.kind != Tok::eof; t = lx.lex()) {
    if (!s.empty()) s += ' ';
    s.append(t.text);
  }
  return s;
}

#define EXPECT_PP(src, want)                                               \
  do {                                                                     \
    auto r_ = pp(src);                                                     \
    EXPECT_EQ(r_->text(), lexed(want)) << src;                             \
    EXPECT_TRUE(r_->diags.diagnostics().empty()) << r_->diags.renderAll(); \
  } while (0)

}  // namespace

// ---------------------------------------------------------------------------------------
// Macros

TEST(Preprocessor, ObjectLikeMacroCarriesExpansionSite) {
  auto r = pp("#define N 4 + 1\nint a[N];");
  EXPECT_EQ(r->text(), "int a [ 4 + 1 ] ;");
  const Token& four = r->toks[3];
  EXPECT_EQ(four.text, "4");
  EXPECT_TRUE(four.flags & Token::FromMacro);
  EXPECT_EQ(r->off(four.loc), 22u);  // where N is used
  EXPECT_EQ(four.length, 1u);
  EXPECT_FALSE(r->toks[0].flags & Token::FromMacro);
  EXPECT_EQ(r->toks.back().kind, Tok::eof);
  EXPECT_EQ(r->pp->next().kind, Tok::eof);  // repeatable
}

TEST(Preprocessor, FunctionLikeNeedsParen) {
  EXPECT_PP("#define f(x) x+1\nf(2) f + f", "2+1 f + f");
  EXPECT_PP("#define f(x) [x]\nf\n(1)", "[1]");    // the '(' may be on the next line
  EXPECT_PP("#define f (x) x\nf(1)", "(x) x(1)");  // space before '(': object-like
}

TEST(Preprocessor, ArgumentsSpanLinesAndNestParens) {
  EXPECT_PP("#define add(a,b) a+b\nadd(1,\n  2)\n", "1+2");
  EXPECT_PP("#define first(a,b) a\nfirst((1,2),3)", "(1,2)");
  EXPECT_PP("#define e() E\n#define one(a) <a>\ne() one() one( )", "E <> <>");
}

TEST(Preprocessor, SelfReferenceDoesNotRecurse) {
  EXPECT_PP("#define foo foo + 1\nfoo", "foo + 1");
  EXPECT_PP("#define a b\n#define b a\na b", "a b");
  EXPECT_PP("#define f(x) x f\nf(1)(2)", "1 f(2)");
  // A painted name stays unexpanded even when it later reaches a context where the
  // macro is enabled again.
  EXPECT_PP("#define g(x) x\n#define h g(h)\nh", "h");
}

// C11 6.10.3.5 EXAMPLE 3 (rescanning), with every line applicable to HLSL tokens.
TEST(Preprocessor, C11Example3Rescanning) {
  const char* src =
      "#define x 3\n"
      "#define f(a) f(x * (a))\n"
      "#undef x\n"
      "#define x 2\n"
      "#define g f\n"
      "#define z z[0]\n"
      "#define h g(~\n"
      "#define m(a) a(w)\n"
      "#define w 0,1\n"
      "#define t(a) a\n"
      "#define p() int\n"
      "#define q(x) x\n"
      "#define r(x,y) x ## y\n"
      "#define str(x) # x\n"
      "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n"
      "g(x+(3,4)-w) | h 5) & m\n"
      "(f)^m(m);\n"
      "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n"
      "char c[2][6] = { str(hello), str() };\n";
  const char* want =
      "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\n"
      "f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\n"
      "int i[] = { 1, 23, 4, 5, };\n"
      "char c[2][6] = { \"hello\", \"\" };\n";
  EXPECT_PP(src, want);
}

// C11 6.10.3.5 EXAMPLE 4 (# and ##); the `@\n` operand is replaced by `ok` because '@' and
// a stray backslash are not HLSL tokens.
TEST(Preprocessor, C11Example4StringifyAndPaste) {
  const char* src =
      "#define str(s) # s\n"
      "#define xstr(s) str(s)\n"
      "#define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", \\\n"
      "  x ## s, x ## t)\n"
      "#define INCFILE(n) vers ## n\n"
      "#define glue(a, b) a ## b\n"
      "#define xglue(a, b) glue(a, b)\n"
      "#define HIGHLOW \"hello\"\n"
      "#define LOW LOW \", world\"\n"
      "debug(1, 2);\n"
      "fputs(str(strncmp(\"abc\\0d\", \"abc\", '\\4') // this goes away\n"
      "  == 0) str(: ok), s);\n"
      "xstr(INCFILE(2).h)\n"
      "glue(HIGH, LOW);\n"
      "xglue(HIGH, LOW)\n";
  auto r = pp(src);
  EXPECT_TRUE(r->diags.diagnostics().empty()) << r->diags.renderAll();
  EXPECT_EQ(r->text(), lexed("printf(\"x\" \"1\" \"= %d, x\" \"2\" \"= %s\", x1, x2);\n"
                             "fputs(\"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\" \": ok\", s);\n"
                             "\"vers2.h\"\n"
                             "\"hello\";\n"
                             "\"hello\" \", world\"\n"));
}

// C11 6.10.3.5 EXAMPLE 5: placemarkers.
TEST(Preprocessor, C11Example5Placemarkers) {
  EXPECT_PP(
      "#define t(x,y,z) x ## y ## z\n"
      "int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n"
      "  t(10,,), t(,11,), t(,,12), t(,,) };\n",
      "int j[] = { 123, 45, 67, 89, 10, 11, 12, };");
}

// C11 6.10.3.5 EXAMPLE 6 style: '##' formed by pasting is not an operator on rescan.
TEST(Preprocessor, HashHashFromPasteIsOrdinary) {
  EXPECT_PP(
      "#define hash_hash # ## #\n"
      "#define mkstr(a) # a\n"
      "#define in_between(a) mkstr(a)\n"
      "#define join(c, d) in_between(c hash_hash d)\n"
      "char p[] = join(x, y);\n",
      "char p[] = \"x ## y\";");
}

// C11 6.10.3.5 EXAMPLE 7: variadic macros.
TEST(Preprocessor, C11Example7Variadic) {
  EXPECT_PP(
      "#define debug(...) fprintf(stderr, __VA_ARGS__)\n"
      "#define showlist(...) puts(#__VA_ARGS__)\n"
      "#define report(test, ...) ((test)?puts(#test):\\\n"
      "  printf(__VA_ARGS__))\n"
      "debug(\"Flag\");\n"
      "debug(\"X = %d\\n\", x);\n"
      "showlist(The first, second, and third items.);\n"
      "report(x>y, \"x is %d but y is %d\", x, y);\n",
      "fprintf(stderr, \"Flag\");\n"
      "fprintf(stderr, \"X = %d\\n\", x);\n"
      "puts(\"The first, second, and third items.\");\n"
      "((x>y)?puts(\"x>y\"): printf(\"x is %d but y is %d\", x, y));\n");
}

TEST(Preprocessor, VariadicExtensions) {
  // GNU comma elision and a named variadic parameter; omitted variadic arguments.
  EXPECT_PP("#define P(fmt, ...) f(fmt, ## __VA_ARGS__)\nP(a) P(a, b, c)", "f(a) f(a, b, c)");
  EXPECT_PP("#define L(args...) g(args)\nL(1, 2)", "g(1, 2)");
  EXPECT_PP("#define V(x, ...) [x|__VA_ARGS__]\nV(1)", "[1|]");
}

TEST(Preprocessor, StringifyEscapesAndSpacing) {
  auto r = pp("#define s(x) #x\ns(  a   +\n b  ) s(\"q\\n\" '\\'') s()");
  ASSERT_EQ(r->toks.size(), 4u);
  EXPECT_EQ(r->toks[0].text, "\"a + b\"");
  EXPECT_EQ(r->toks[1].text, "\"\\\"q\\\\n\\\" '\\\\''\"");
  EXPECT_EQ(r->toks[2].text, "\"\"");
  EXPECT_EQ(r->toks[0].kind, Tok::string_literal);
}

TEST(Preprocessor, PasteFormsTokensAndReexpands) {
  EXPECT_PP("#define cat(a,b) a##b\n#define xy 42\ncat(x,y) cat(+,=) cat(<<,=) cat(1,.5f)", "42 += <<= 1.5f");
  EXPECT_PP("#define cat(a,b) a##b\ncat(float,4) cat(Wave, ActiveSum)", "float4 WaveActiveSum");
}

TEST(Preprocessor, InvalidPasteIsDiagnosedAtUseSite) {
  auto r = pp("#define cat(a,b) a ## b\nx cat(+,-) y cat(/,/) z");
  EXPECT_EQ(r->text(), "x + - y / / z");
  ASSERT_EQ(r->codes(), (std::vector<std::string>{"OSH1011", "OSH1011"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 26u);  // the first 'cat' use
  EXPECT_EQ(r->diag(0).message, "pasting formed '+-', an invalid preprocessing token");
  EXPECT_EQ(r->diag(1).message, "pasting formed '//', an invalid preprocessing token");
}

TEST(Preprocessor, ArgumentCountErrors) {
  auto r = pp("#define two(a,b) a b\ntwo(1) two(1,2,3) two(4,5)\n#define none() N\nnone(1) none()");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1007", "OSH1007", "OSH1007"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 21u);
  EXPECT_EQ(r->diag(0).message, "macro 'two' requires 2 argument(s), but 1 given");
  EXPECT_EQ(r->diag(1).message, "macro 'two' requires 2 argument(s), but 3 given");
  EXPECT_EQ(r->text(), "4 5 N");  // bad invocations are dropped, the rest continues
}

TEST(Preprocessor, UnterminatedArguments) {
  auto r = pp("#define f(x) x\na f(1, (2)\n");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1008"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 17u);
  EXPECT_EQ(r->text(), "a");
}

TEST(Preprocessor, DefinitionErrors) {
  auto r =
      pp("#define 123 x\n"          // OSH1013
         "#define s(x) #y\n"        // OSH1012
         "#define p(a,a) a\n"       // OSH1019 duplicate
         "#define q(a b) a\n"       // OSH1019
         "#define e ## x\n"         // OSH1020
         "#define v __VA_ARGS__\n"  // OSH1021 (warning)
         "#define defined 1\n"      // OSH1023
         "#undef 7\n"               // OSH1013
         "ok s(1) e");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1013", "OSH1012", "OSH1019", "OSH1019", "OSH1020", "OSH1021",
                                                  "OSH1023", "OSH1013"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 8u);         // '123'
  EXPECT_EQ(r->off(r->diag(1).range.begin), 14u + 13u);  // '#' in '#y'
  EXPECT_EQ(r->off(r->diag(2).range.begin), 30u + 12u);  // the second 'a'
  EXPECT_EQ(r->off(r->diag(3).range.begin), 47u + 12u);  // 'b'
  EXPECT_EQ(r->off(r->diag(4).range.begin), 64u + 10u);  // '##'
  EXPECT_EQ(r->off(r->diag(5).range.begin), 79u + 10u);  // '__VA_ARGS__'
  EXPECT_EQ(r->off(r->diag(6).range.begin), 101u + 8u);  // 'defined'
  EXPECT_EQ(r->off(r->diag(7).range.begin), 119u + 7u);  // '7'
  EXPECT_EQ(r->diag(2).message, "invalid macro parameter list: duplicate parameter name");
  EXPECT_EQ(r->diag(6).message, "'defined' cannot be used as a macro name");
  EXPECT_EQ(r->diag(5).severity, Severity::Warning);
  EXPECT_EQ(r->text(), lexed("ok s(1) e"));  // rejected definitions define nothing
}

TEST(Preprocessor, Redefinition) {
  auto r = pp("#define A 1 + 2\n#define A 1 + 2\n#define A 1  +  2\n#define A 1+2\nA");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1006"}));  // only the last differs
  EXPECT_EQ(r->off(r->diag(0).range.begin), 58u);
  EXPECT_EQ(r->diag(0).severity, Severity::Warning);
  ASSERT_EQ(r->diag(0).notes.size(), 1u);
  EXPECT_EQ(r->off(r->diag(0).notes[0].range.begin), 40u);  // previous definition
  EXPECT_EQ(r->text(), lexed("1+2"));
}

TEST(Preprocessor, UndefAndIsDefined) {
  auto r = pp("#define X 1\n#undef X\nX\n#undef NEVER_DEFINED\n");
  EXPECT_EQ(r->text(), "X");
  EXPECT_FALSE(r->pp->isDefined("X"));
  EXPECT_TRUE(r->pp->isDefined("__HLSL_VERSION"));
  EXPECT_TRUE(r->diags.diagnostics().empty());
}

// ---------------------------------------------------------------------------------------
// Builtins, -D/-U, #line, #pragma

TEST(Preprocessor, BuiltinMacros) {
  EXPECT_PP("__HLSL_VERSION", "2021");
  EXPECT_PP("__COUNTER__ __COUNTER__ __COUNTER__", "0 1 2");
  EXPECT_PP("a\n\n__LINE__\n#define L __LINE__\n\nL", "a 3 6");
  auto r = pp("__FILE__", {}, {}, "dir/My \"x\".hlsl");
  EXPECT_EQ(r->text(), "\"dir/My \\\"x\\\".hlsl\"");
}

TEST(Preprocessor, CommandLineDefinesThenUndefines) {
  PPOptions o;
  o.defines = {{"A", std::nullopt},
               {"B", "5"},
               {"F(x)", "x*2"},
               {"C=7", std::nullopt},
               {"__SHADER_TARGET_MAJOR", "6"},
               {"E", ""}};
  o.undefines = {"B"};
  auto r = pp("A B F(3) C __SHADER_TARGET_MAJOR [E]", o);
  EXPECT_EQ(r->text(), "1 B 3 * 2 7 6 [ ]");
  EXPECT_TRUE(r->diags.diagnostics().empty());
}

TEST(Preprocessor, LineDirective) {
  auto r = pp("a\n#line 100 \"b.hlsl\"\n__LINE__ __FILE__\nx\n#define N 7\n#line N\ny __LINE__");
  EXPECT_EQ(r->text(), "a 100 \"b.hlsl\" x y 7");
  const Token& x = r->toks[3];
  PresumedLoc p = r->sm.presumedLoc(x.loc);
  EXPECT_EQ(p.line, 101u);
  EXPECT_EQ(p.file, "b.hlsl");
  EXPECT_EQ(r->sm.presumedLoc(r->toks[4].loc).line, 7u);
  EXPECT_TRUE(r->diags.diagnostics().empty());
}

TEST(Preprocessor, GnuLineMarker) {
  auto r = pp("# 42 \"gen.hlsl\" 1\nz");
  EXPECT_EQ(r->sm.presumedLoc(r->toks[0].loc).line, 42u);
  EXPECT_EQ(r->sm.presumedLoc(r->toks[0].loc).file, "gen.hlsl");
}

TEST(Preprocessor, BadLineDirective) {
  auto r = pp("#line abc\n#line 99999999999\n#line 5 notastring\n#line\nok");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1014", "OSH1014", "OSH1014", "OSH1014"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 6u);
  EXPECT_EQ(r->off(r->diag(1).range.begin), 16u);
  EXPECT_EQ(r->off(r->diag(2).range.begin), 36u);
  EXPECT_EQ(r->off(r->diag(3).range.begin), 48u);  // at 'line'
  EXPECT_EQ(r->text(), "ok");
}

TEST(Preprocessor, PragmasAreRecorded) {
  auto r = pp("#pragma pack_matrix( row_major )\nx\n#pragma once\n  #  pragma warning(disable: 3557)\n");
  ASSERT_EQ(r->pp->pragmas().size(), 2u);
  EXPECT_EQ(r->pp->pragmas()[0].second, "pack_matrix( row_major )");
  EXPECT_EQ(r->off(r->pp->pragmas()[0].first), 8u);
  EXPECT_EQ(r->pp->pragmas()[1].second, "warning(disable: 3557)");
  EXPECT_EQ(r->text(), "x");
}

TEST(Preprocessor, ErrorAndWarningDirectives) {
  auto r = pp("#warning check   this \n#error don't use \"this\"\n  #  error\nafter");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1017", "OSH1002", "OSH1002"}));
  EXPECT_EQ(r->diag(0).message, "#warning check   this");
  EXPECT_EQ(r->off(r->diag(0).range.begin), 0u);
  EXPECT_EQ(r->off(r->diag(0).range.end), 8u);  // "#warning"
  EXPECT_EQ(r->diag(0).severity, Severity::Warning);
  EXPECT_EQ(r->diag(1).message, "#error don't use \"this\"");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 23u);
  EXPECT_EQ(r->off(r->diag(2).range.begin), 49u);
  EXPECT_EQ(r->text(), "after");  // compilation continues
}

TEST(Preprocessor, UnknownDirectiveAndExtraTokens) {
  auto r = pp("#foo bar\n#ifdef A B\n#endif C\n#  \nok");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1005", "OSH1015", "OSH1015"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 1u);
  EXPECT_EQ(r->diag(0).message, "invalid preprocessing directive 'foo'");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 18u);
  EXPECT_EQ(r->off(r->diag(2).range.begin), 27u);
  EXPECT_EQ(r->diag(2).message, "extra tokens at end of #endif directive");
  EXPECT_EQ(r->text(), "ok");
}

// ---------------------------------------------------------------------------------------
// Conditionals

namespace {
bool cond(const std::string& expr, std::string prefix = "") {
  auto r = pp(prefix + "#if " + expr + "\nyes\n#else\nno\n#endif\n");
  EXPECT_TRUE(r->diags.diagnostics().empty()) << expr << "\n" << r->diags.renderAll();
  return r->text() == "yes";
}
}  // namespace

TEST(Preprocessor, IfArithmeticComputedByHand) {
  EXPECT_TRUE(cond("1 + 2 * 3 == 7"));
  EXPECT_TRUE(cond("2 + 3 << 1 == 10"));      // (2+3)<<1
  EXPECT_TRUE(cond("(1 | 2 ^ 3 & 4) == 3"));  // 1 | (2 ^ (3 & 4)) = 1 | 2
  EXPECT_FALSE(cond("3 > 2 > 1"));            // (3>2) > 1 is 1 > 1
  EXPECT_TRUE(cond("10 / 3 == 3 && 10 % 3 == 1"));
  EXPECT_TRUE(cond("-7 / 2 == -3 && -7 % 2 == -1"));  // truncation toward zero
  EXPECT_TRUE(cond("~0 == -1 && !0 + !5 == 1"));
  EXPECT_TRUE(cond("-1 >> 1 == -1"));  // arithmetic shift of a signed value
  EXPECT_TRUE(cond("(1u << 63) > 0"));
  EXPECT_TRUE(cond("(2, 3) == 3"));  // comma operator
  EXPECT_TRUE(cond("0x10 == 16 && 010 == 8 && 0XfU == 15"));
  EXPECT_TRUE(cond("5 - 10 < 0"));
  EXPECT_FALSE(cond("0"));
  EXPECT_FALSE(cond("0 ? 1 : 0"));
  EXPECT_TRUE(cond("(1 ? 2 : 3) == 2 && (0 ? 2 : 3) == 3"));
  EXPECT_TRUE(cond("1 ? 0 ? 5 : 6 : 7 == 6"));  // 1 ? (0 ? 5 : 6) : (7 == 6) = 6, nonzero
  EXPECT_TRUE(cond("(1 ? 0 ? 5 : 6 : 7) == 6"));
}

TEST(Preprocessor, IfSignedness) {
  EXPECT_TRUE(cond("-1 < 0"));
  EXPECT_FALSE(cond("-1 < 0u"));                  // -1 converts to UINTMAX_MAX
  EXPECT_TRUE(cond("0xFFFFFFFFFFFFFFFF == -1"));  // too big for intmax: unsigned
  EXPECT_TRUE(cond("18446744073709551615 == -1"));
  EXPECT_TRUE(cond("(0 ? 1u : -1) > 0"));                    // ?: converts to unsigned
  EXPECT_TRUE(cond("-9223372036854775807 - 1 < 0"));         // INTMAX_MIN
  EXPECT_TRUE(cond("(-9223372036854775807 - 1) / -1 < 0"));  // wraps, no crash
}

TEST(Preprocessor, IfIdentifiersDefinedAndChars) {
  EXPECT_TRUE(cond("UNKNOWN == 0"));
  EXPECT_TRUE(cond("defined FOO && defined(BAR) && !defined BAZ", "#define FOO\n#define BAR 0\n"));
  EXPECT_TRUE(cond("V >= 2", "#define V 1 + 1\n"));
  EXPECT_TRUE(cond("'A' == 65 && '\\n' == 10 && '\\0' == 0"));
  EXPECT_TRUE(cond("true && !false"));
  EXPECT_TRUE(cond("__HLSL_VERSION >= 2021"));
  EXPECT_TRUE(cond("D", "#define D defined(FOO)\n#define FOO\n"));
}

TEST(Preprocessor, IfUndefinedFunctionLikeNameIsAnError) {
  // UNKNOWN_FN(1) becomes "0 (1)": a missing operator before '(' (OSH1009 at the '(').
  auto r = pp("#if UNKNOWN_FN(1)\nx\n#endif\ny");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1009"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 14u);
  EXPECT_EQ(r->text(), "y");
}

TEST(Preprocessor, IfShortCircuitAvoidsDivisionByZero) {
  EXPECT_FALSE(cond("0 && 1 / 0"));
  EXPECT_TRUE(cond("1 || 1 / 0"));
  EXPECT_TRUE(cond("1 ? 1 : 1 / 0"));
  EXPECT_TRUE(cond("0 ? 1 % 0 : 1"));
}

TEST(Preprocessor, IfDivisionByZeroIsAnError) {
  auto r = pp("#if 1 / 0\na\n#else\nb\n#endif\n#if 5 % (2 - 2)\nc\n#endif\nd");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1009", "OSH1009"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 6u);  // the '/'
  EXPECT_EQ(r->diag(0).message, "invalid expression in preprocessor conditional: division by zero");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 33u);  // the '%'
  EXPECT_EQ(r->text(), "b d");                     // an erroneous condition is false
}

TEST(Preprocessor, IfSyntaxErrorsReportedTogether) {
  auto r =
      pp("#if 1 +\n#endif\n#if (1\n#endif\n#if 1.0\n#endif\n#if\n#endif\n#if 1 2\n#endif\n"
         "#if defined(\n#endif\n#if \"s\"\n#endif\nend");
  ASSERT_EQ(r->codes().size(), 7u);
  for (auto& c : r->codes()) EXPECT_EQ(c, "OSH1009");
  EXPECT_EQ(r->diag(0).message, "invalid expression in preprocessor conditional: expected value in expression");
  EXPECT_EQ(r->off(r->diag(0).range.begin), 7u);   // just after '+'
  EXPECT_EQ(r->off(r->diag(1).range.begin), 21u);  // end of "(1"
  EXPECT_EQ(r->off(r->diag(2).range.begin), 33u);  // '1.0'
  EXPECT_EQ(r->off(r->diag(3).range.begin), 45u);  // the bare 'if'
  EXPECT_EQ(r->off(r->diag(4).range.begin), 61u);  // '2'
  EXPECT_EQ(r->diag(5).message, "invalid expression in preprocessor conditional: macro name missing after 'defined'");
  EXPECT_EQ(r->off(r->diag(6).range.begin), 94u);  // the string
  EXPECT_EQ(r->text(), "end");
}

TEST(Preprocessor, ElifChainsAndIfdef) {
  EXPECT_PP("#define X 2\n#if X == 1\na\n#elif X == 2\nb\n#elif X == 2\nc\n#else\nd\n#endif", "b");
  EXPECT_PP("#if 0\na\n#elif 0\nb\n#else\nc\n#endif", "c");
  EXPECT_PP("#if 1\na\n#elif 1 / 0\nb\n#endif", "a");  // not evaluated after a taken group
  EXPECT_PP("#define A\n#ifdef A\n1\n#endif\n#ifndef A\n2\n#endif\n#ifdef B\n3\n#else\n4\n#endif", "1 4");
}

TEST(Preprocessor, SkippedGroupsAreNotDiagnosed) {
  EXPECT_PP(
      "#if 0\n"
      "don't @ $ \"unterminated\n"
      "#error not reached\n"
      "#bogus directive\n"
      "#include \"missing.h\"\n"
      "#if 1/0\n#else\n#else\n#endif\n"
      "1.2.3q\n"
      "#endif\n"
      "ok",
      "ok");
}

TEST(Preprocessor, NestedConditionalsInSkippedGroups) {
  EXPECT_PP("#if 0\n#if 1\na\n#else\nb\n#endif\nc\n#else\nd\n#endif", "d");
  EXPECT_PP("#ifdef NO\n#ifndef NO\nx\n#elif 1\ny\n#endif\n#elif 1\nz\n#endif", "z");
}

TEST(Preprocessor, UnterminatedConditional) {
  auto r = pp("a\n#if 1\nb\n#ifdef X\nc\n");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1003", "OSH1003"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 2u);
  EXPECT_EQ(r->off(r->diag(0).range.end), 5u);  // "#if"
  EXPECT_EQ(r->off(r->diag(1).range.begin), 10u);
  EXPECT_EQ(r->text(), "a b");
}

TEST(Preprocessor, UnmatchedElseEndif) {
  auto r = pp("#endif\n#else\n#elif 1\nok");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1004", "OSH1004", "OSH1004"}));
  EXPECT_EQ(r->diag(0).message, "#endif without #if");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 7u);
  EXPECT_EQ(r->diag(1).message, "#else without #if");
  EXPECT_EQ(r->diag(2).message, "#elif without #if");
  EXPECT_EQ(r->text(), "ok");
}

TEST(Preprocessor, ElseAfterElse) {
  auto r = pp("#if 1\na\n#else\nb\n#else\nc\n#endif\n#if 0\nd\n#else\ne\n#elif 1\nf\n#endif");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1016", "OSH1016"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 16u);
  EXPECT_EQ(r->diag(0).message, "#else after #else");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 47u);
  EXPECT_EQ(r->diag(1).message, "#elif after #else");
  EXPECT_EQ(r->text(), "a e");
}

// ---------------------------------------------------------------------------------------
// #include

TEST(Preprocessor, IncludeSearchOrder) {
  PPOptions o;
  auto setup = [](SourceManager& sm) {
    sm.addIncludeDir("inc");
    sm.addVirtualFile("src/x.h", "local_x");
    sm.addVirtualFile("inc/x.h", "inc_x");
    sm.addVirtualFile("inc/only.h", "only_inc");
    sm.addVirtualFile("src/sub/y.h", "#include \"x.h\"\ny_then");
    sm.addVirtualFile("inc/x2.h", "x2");
  };
  auto r =
      pp("#include \"x.h\"\n#include <x.h>\n#include \"only.h\"\n#include \"sub/y.h\"\n"
         "#define H <x2.h>\n#include H\n#define Q \"x.h\"\n#include Q\n",
         o, setup, "src/main.hlsl");
  EXPECT_TRUE(r->diags.diagnostics().empty()) << r->diags.renderAll();
  // "x.h" beside the includer first; <x.h> only in -I dirs; sub/y.h's "x.h" is not beside
  // it (src/sub/x.h does not exist) so the -I dir wins.
  EXPECT_EQ(r->text(), "local_x inc_x only_inc inc_x y_then x2 local_x");
}

TEST(Preprocessor, IncludeNotFoundContinues) {
  auto r = pp("a\n#include \"nope.h\"\n#include <nope2.h>\nb");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1001", "OSH1001"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 11u);
  EXPECT_EQ(r->off(r->diag(0).range.end), 19u);  // the whole "nope.h"
  EXPECT_EQ(r->diag(0).message, "'nope.h' file not found");
  EXPECT_EQ(r->off(r->diag(1).range.begin), 29u);
  EXPECT_EQ(r->diag(1).message, "'nope2.h' file not found");
  EXPECT_EQ(r->text(), "a b");
}

TEST(Preprocessor, BadIncludeSyntax) {
  auto r = pp("#include\n#include foo\n#include \"\"\nok");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1022", "OSH1022", "OSH1022"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 1u);
  EXPECT_EQ(r->off(r->diag(1).range.begin), 18u);
  EXPECT_EQ(r->text(), "ok");
}

TEST(Preprocessor, IncludeDepthLimit) {
  PPOptions o;
  o.maxIncludeDepth = 3;
  auto setup = [](SourceManager& sm) { sm.addVirtualFile("r.h", "x\n#include \"r.h\"\n"); };
  auto r = pp("#include \"r.h\"\nend", o, setup);
  // main + 3 nested levels of r.h, then the fourth #include "r.h" is refused.
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1010"}));
  FileId rh = r->sm.fileOf(r->diag(0).range.begin);
  EXPECT_EQ(r->sm.path(rh), "r.h");
  EXPECT_EQ(r->off(r->diag(0).range.begin), 11u);
  EXPECT_EQ(r->text(), "x x x end");
}

TEST(Preprocessor, PragmaOnceAndGuards) {
  auto setup = [](SourceManager& sm) {
    sm.addVirtualFile("once.h", "#pragma once\nONCE");
    sm.addVirtualFile("guard.h", "#ifndef G\n#define G\nGUARD\n#endif\n");
    sm.addVirtualFile("plain.h", "PLAIN");
  };
  auto r =
      pp("#include \"once.h\"\n#include \"once.h\"\n#include \"guard.h\"\n#include \"guard.h\"\n"
         "#include \"plain.h\"\n#include \"plain.h\"\n",
         {}, setup);
  EXPECT_EQ(r->text(), "ONCE GUARD PLAIN PLAIN");
  EXPECT_TRUE(r->pp->pragmas().empty());
}

TEST(Preprocessor, ConditionalsMustBalancePerFile) {
  auto setup = [](SourceManager& sm) { sm.addVirtualFile("open.h", "#if 1\nin\n"); };
  auto r = pp("#include \"open.h\"\n#endif\nout", {}, setup);
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1003", "OSH1004"}));
  EXPECT_EQ(r->sm.path(r->sm.fileOf(r->diag(0).range.begin)), "open.h");
  EXPECT_EQ(r->text(), "in out");
}

TEST(Preprocessor, IncludedTokensKeepTheirFile) {
  auto setup = [](SourceManager& sm) { sm.addVirtualFile("a.h", "\n  A"); };
  auto r = pp("#include \"a.h\"\nB", {}, setup);
  ASSERT_EQ(r->text(), "A B");
  PresumedLoc p = r->sm.presumedLoc(r->toks[0].loc);
  EXPECT_EQ(p.file, "a.h");
  EXPECT_EQ(p.line, 2u);
  EXPECT_EQ(p.column, 3u);
}

// ---------------------------------------------------------------------------------------
// Robustness

TEST(Preprocessor, ExponentialExpansionIsStopped) {
  std::string src = "#define A0 x\n";
  for (int i = 1; i <= 30; ++i)
    src += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + " A" + std::to_string(i - 1) + "\n";
  src += "A30 after";
  PPOptions o;
  o.maxExpansionTokens = 100000;
  auto r = pp(src, o);
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1018"}));
  EXPECT_EQ(r->diag(0).message, "macro expansion of 'A30' exceeds the token count limit");
  EXPECT_EQ(r->off(r->diag(0).range.begin), src.find("A30 after"));
  EXPECT_EQ(r->toks[r->toks.size() - 2].text, "after");
}

TEST(Preprocessor, DeepArgumentNestingIsStopped) {
  std::string src = "#define f(x) x\n";
  for (int i = 0; i < 400; ++i) src += "f(";
  src += "1";
  for (int i = 0; i < 400; ++i) src += ")";
  src += " after";
  auto r = pp(src);
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1018"}));
  EXPECT_EQ(r->diag(0).message, "macro expansion of 'f' exceeds the nesting depth limit");
  // Reported at the f whose argument would be the 257th nested pre-expansion.
  EXPECT_EQ(r->off(r->diag(0).range.begin), 15u + 2u * 256u);
  EXPECT_EQ(r->toks[r->toks.size() - 2].text, "after");
}

TEST(Preprocessor, ModeratelyNestedArgumentsWork) {
  std::string src = "#define f(x) (x)\n";
  for (int i = 0; i < 50; ++i) src += "f(";
  src += "1";
  for (int i = 0; i < 50; ++i) src += ")";
  auto r = pp(src);
  EXPECT_TRUE(r->diags.diagnostics().empty());
  EXPECT_EQ(r->toks.size(), 101u + 1u);  // 50 '(' + 1 + 50 ')' + eof
}

TEST(Preprocessor, SeveralErrorsInOneRun) {
  auto r = pp("#include \"missing.h\"\n#define f(a) a\nf(1,2)\n@\n#if 1/0\n#endif\n#bad\nint ok;");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1001", "OSH1007", "OSH1101", "OSH1009", "OSH1005"}));
  EXPECT_EQ(r->text(), "int ok ;");
}

TEST(Preprocessor, RealisticShader) {
  const char* src =
      "#define THREADS 64\n"
      "#define SQR(x) ((x) * (x))\n"
      "#if defined(USE_WAVE) && __HLSL_VERSION >= 2021\n"
      "#define REDUCE(v) WaveActiveSum(v)\n"
      "#else\n"
      "#define REDUCE(v) (v)\n"
      "#endif\n"
      "RWStructuredBuffer<float> buf : register(u0);\n"
      "[numthreads(THREADS, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  buf[id.x] = REDUCE(SQR(buf[id.x] + 1.0.x));\n"
      "}\n";
  PPOptions o;
  o.defines = {{"USE_WAVE", std::nullopt}};
  auto r = pp(src, o);
  EXPECT_TRUE(r->diags.diagnostics().empty()) << r->diags.renderAll();
  EXPECT_EQ(r->text(), lexed("RWStructuredBuffer<float> buf : register(u0);\n"
                             "[numthreads(64, 1, 1)]\n"
                             "void main(uint3 id : SV_DispatchThreadID) {\n"
                             "  buf[id.x] = WaveActiveSum(((buf[id.x] + 1.0.x) * (buf[id.x] + 1.0.x)));\n"
                             "}\n"));
}

// Deterministic random soup of directive and macro fragments: must never crash or hang,
// and must always end with eof.
TEST(Preprocessor, RandomInputsTerminate) {
  static const char* frags[] = {
      "#define ", "#undef ",     "#if ",    "#ifdef ", "#elif ", "#else", "#endif", "#include ", "#line ", "#pragma ",
      "#error ",  "\n",          " ",       "f",       "g",      "(",     ")",      ",",         "##",     "#",
      "...",      "__VA_ARGS__", "defined", "1",       "0",      "/",     "%",      "?",         ":",      "\"s\"",
      "'c",       "\\\n",        "/*",      "*/",      "//",     "x",     "f(x)",   "g(a,b)",    "a ## b", "#a",
      "__LINE__", "<h.h>",       "\"r.h\"", "-",       "\r\n",   "@",     "1.5",    "0x",        "e+",     "..."};
  uint32_t seed = 12345;
  auto rnd = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  for (int iter = 0; iter < 400; ++iter) {
    std::string src;
    int n = 20 + static_cast<int>(rnd() % 200);
    for (int i = 0; i < n; ++i) src += frags[rnd() % (sizeof(frags) / sizeof(frags[0]))];
    PPOptions o;
    o.maxIncludeDepth = 8;
    auto r = pp(src, o, [](SourceManager& sm) { sm.addVirtualFile("r.h", "#include \"r.h\"\nf(\n"); });
    ASSERT_FALSE(r->toks.empty());
    EXPECT_EQ(r->toks.back().kind, Tok::eof);
  }
}

TEST(Preprocessor, NumbersAreCheckedOnlyWhenTheyReachTheOutput) {
  // "1X" in a #define name position is OSH1013 only; a bad number in a skipped group or a
  // paste operand is fine; a bad number in the output is OSH1104 at its (use) location.
  auto r = pp("#define 1X 2\n#if 0\n0x\n#endif\n#define cat(a,b) a##b\ncat(0x, 1F) 08\n#define B 1.2.3\nB");
  EXPECT_EQ(r->codes(), (std::vector<std::string>{"OSH1013", "OSH1104", "OSH1104"}));
  EXPECT_EQ(r->off(r->diag(0).range.begin), 8u);
  EXPECT_EQ(r->off(r->diag(1).range.begin), 63u);  // '08'
  EXPECT_EQ(r->diag(1).message, "invalid numeric literal '08'");
  EXPECT_EQ(r->off(r->diag(2).range.begin), 82u);  // the use of B
  EXPECT_EQ(r->text(), "0x1F 08 1.2.3");
}
