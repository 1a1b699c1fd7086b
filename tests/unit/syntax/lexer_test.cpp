#include <gtest/gtest.h>

#include <cmath>

#include "diag/diag.hpp"
#include "syntax/lexer.hpp"

using namespace oneshader;

namespace {

struct Lexed {
  SourceManager sm;
  StringPool pool;  // cleaned spellings must outlive the lexer
  DiagEngine diags{&sm};
  FileId file = 0;
  std::vector<Token> toks;  // without the final eof
  Token eof;
};

std::unique_ptr<Lexed> lexAll(std::string src) {
  auto r = std::make_unique<Lexed>();
  r->file = r->sm.addBuffer("t.hlsl", std::move(src));
  Lexer lx(r->sm, r->file, &r->diags, &r->pool);
  for (;;) {
    Token t = lx.lex();
    if (t.kind == Tok::eof) {
      r->eof = t;
      break;
    }
    r->toks.push_back(t);
  }
  return r;
}

std::vector<Tok> kinds(const Lexed& l) {
  std::vector<Tok> k;
  for (auto& t : l.toks) k.push_back(t.kind);
  return k;
}

uint32_t offsetOf(const Lexed& l, SourceLoc loc) { return l.sm.offsetOf(loc); }

}  // namespace

TEST(Lexer, AllPunctuators) {
  auto l = lexAll(
      "( ) { } [ ] ; , : :: . ? + - * / % ++ -- & | ^ ~ ! && || < > <= >= == != << >> "
      "= += -= *= /= %= &= |= ^= <<= >>= -> # ## ...");
  std::vector<Tok> want = {
      Tok::l_paren,    Tok::r_paren,      Tok::l_brace,    Tok::r_brace,        Tok::l_square,
      Tok::r_square,   Tok::semi,         Tok::comma,      Tok::colon,          Tok::coloncolon,
      Tok::period,     Tok::question,     Tok::plus,       Tok::minus,          Tok::star,
      Tok::slash,      Tok::percent,      Tok::plusplus,   Tok::minusminus,     Tok::amp,
      Tok::pipe,       Tok::caret,        Tok::tilde,      Tok::exclaim,        Tok::ampamp,
      Tok::pipepipe,   Tok::less,         Tok::greater,    Tok::lessequal,      Tok::greaterequal,
      Tok::equalequal, Tok::exclaimequal, Tok::lessless,   Tok::greatergreater, Tok::equal,
      Tok::plusequal,  Tok::minusequal,   Tok::starequal,  Tok::slashequal,     Tok::percentequal,
      Tok::ampequal,   Tok::pipeequal,    Tok::caretequal, Tok::lesslessequal,  Tok::greatergreaterequal,
      Tok::arrow,      Tok::hash,         Tok::hashhash,   Tok::ellipsis};
  EXPECT_EQ(kinds(*l), want);
  EXPECT_FALSE(l->diags.hasErrors());
}

TEST(Lexer, MaximalMunchWithoutSpaces) {
  auto l = lexAll("a+++b<<=c->d...e..f");
  std::vector<Tok> want = {Tok::identifier, Tok::plusplus, Tok::plus,       Tok::identifier, Tok::lesslessequal,
                           Tok::identifier, Tok::arrow,    Tok::identifier, Tok::ellipsis,   Tok::identifier,
                           Tok::period,     Tok::period,   Tok::identifier};
  EXPECT_EQ(kinds(*l), want);
}

TEST(Lexer, KeywordsAndIdentifiers) {
  auto l = lexAll("struct cbuffer groupshared float4 RWStructuredBuffer row_major _x1 if2 globallycoherent");
  std::vector<Tok> want = {Tok::kw_struct,  Tok::kw_cbuffer, Tok::kw_groupshared,
                           Tok::identifier, Tok::identifier, Tok::kw_row_major,
                           Tok::identifier, Tok::identifier, Tok::kw_globallycoherent};
  EXPECT_EQ(kinds(*l), want);
  EXPECT_EQ(l->toks[3].text, "float4");
  EXPECT_EQ(keywordKind("discard"), Tok::kw_discard);
  EXPECT_EQ(keywordKind("Discard"), Tok::identifier);
  EXPECT_EQ(keywordKind(""), Tok::identifier);
  EXPECT_TRUE(isIdentifierLike(Tok::kw_static));
  EXPECT_TRUE(isIdentifierLike(Tok::identifier));
  EXPECT_FALSE(isIdentifierLike(Tok::plus));
}

TEST(Lexer, TokSpelling) {
  EXPECT_EQ(tokSpelling(Tok::l_paren), "'('");
  EXPECT_EQ(tokSpelling(Tok::kw_struct), "'struct'");
  EXPECT_EQ(tokSpelling(Tok::identifier), "identifier");
  EXPECT_EQ(tokSpelling(Tok::eof), "end of file");
  EXPECT_EQ(tokSpelling(Tok::greatergreaterequal), "'>>='");
}

TEST(Lexer, IntegerLiterals) {
  auto l = lexAll("0 42 0x1F 0XffU 017 10u 10U 5l 5L 7ul 7LU 9ll 9ull 9LLU");
  for (auto& t : l->toks) EXPECT_EQ(t.kind, Tok::int_literal) << t.text;
  EXPECT_FALSE(l->diags.hasErrors());
  uint64_t v;
  IntSuffix s;
  ASSERT_TRUE(parseIntLiteral("42", v, s));
  EXPECT_EQ(v, 42u);
  EXPECT_EQ(s, IntSuffix::None);
  ASSERT_TRUE(parseIntLiteral("0x1F", v, s));
  EXPECT_EQ(v, 31u);
  ASSERT_TRUE(parseIntLiteral("0XffU", v, s));
  EXPECT_EQ(v, 255u);
  EXPECT_EQ(s, IntSuffix::U);
  ASSERT_TRUE(parseIntLiteral("017", v, s));
  EXPECT_EQ(v, 15u);  // octal 1*8+7
  ASSERT_TRUE(parseIntLiteral("0", v, s));
  EXPECT_EQ(v, 0u);
  ASSERT_TRUE(parseIntLiteral("5l", v, s));
  EXPECT_EQ(s, IntSuffix::L);
  ASSERT_TRUE(parseIntLiteral("7LU", v, s));
  EXPECT_EQ(s, IntSuffix::UL);
  ASSERT_TRUE(parseIntLiteral("9ll", v, s));
  EXPECT_EQ(s, IntSuffix::LL);
  ASSERT_TRUE(parseIntLiteral("9ull", v, s));
  EXPECT_EQ(s, IntSuffix::ULL);
  ASSERT_TRUE(parseIntLiteral("9LLU", v, s));
  EXPECT_EQ(s, IntSuffix::ULL);
  ASSERT_TRUE(parseIntLiteral("18446744073709551615", v, s));
  EXPECT_EQ(v, UINT64_MAX);
  ASSERT_TRUE(parseIntLiteral("0xFFFFFFFFFFFFFFFF", v, s));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(parseIntLiteral("18446744073709551616", v, s));  // 2^64 overflows
  EXPECT_FALSE(parseIntLiteral("09", v, s));                    // 9 is not octal
  EXPECT_FALSE(parseIntLiteral("0x", v, s));
  EXPECT_FALSE(parseIntLiteral("1lL", v, s));
  EXPECT_FALSE(parseIntLiteral("1uu", v, s));
  EXPECT_FALSE(parseIntLiteral("1f", v, s));
}

TEST(Lexer, BinaryLiterals) {
  // clang's binary literals, which DXC accepts in HLSL: 0b/0B, the usual suffixes.
  auto l = lexAll("0b1010 0B11u 0b0 0b1111111111111111111111111111111111111111111111111111111111111111");
  for (auto& t : l->toks) EXPECT_EQ(t.kind, Tok::int_literal) << t.text;
  EXPECT_FALSE(l->diags.hasErrors());
  uint64_t v;
  IntSuffix s;
  ASSERT_TRUE(parseIntLiteral("0b1010", v, s));
  EXPECT_EQ(v, 10u);
  EXPECT_EQ(s, IntSuffix::None);
  ASSERT_TRUE(parseIntLiteral("0B11u", v, s));
  EXPECT_EQ(v, 3u);
  EXPECT_EQ(s, IntSuffix::U);
  ASSERT_TRUE(parseIntLiteral("0b0", v, s));
  EXPECT_EQ(v, 0u);
  ASSERT_TRUE(parseIntLiteral("0b1111111111111111111111111111111111111111111111111111111111111111", v, s));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(parseIntLiteral("0b10000000000000000000000000000000000000000000000000000000000000000", v, s));  // 2^64
  EXPECT_FALSE(parseIntLiteral("0b", v, s));
  EXPECT_FALSE(parseIntLiteral("0b102", v, s));  // 2 is not a binary digit
  EXPECT_FALSE(parseIntLiteral("0b12", v, s));
}

TEST(Lexer, FloatLiterals) {
  auto l = lexAll("1.0 1. .5 1e3 1.5e-3f 2.5h 2.5H 3.0l 3.0L 3.0lf 1E+2F 0x1p4");
  for (auto& t : l->toks) EXPECT_EQ(t.kind, Tok::float_literal) << t.text;
  EXPECT_EQ(l->toks.size(), 12u);
  EXPECT_FALSE(l->diags.hasErrors());
  double d;
  FloatSuffix s;
  ASSERT_TRUE(parseFloatLiteral("1.", d, s));
  EXPECT_EQ(d, 1.0);
  EXPECT_EQ(s, FloatSuffix::None);
  ASSERT_TRUE(parseFloatLiteral(".5", d, s));
  EXPECT_EQ(d, 0.5);
  ASSERT_TRUE(parseFloatLiteral("1e3", d, s));
  EXPECT_EQ(d, 1000.0);
  ASSERT_TRUE(parseFloatLiteral("1.5e-3f", d, s));
  EXPECT_DOUBLE_EQ(d, 0.0015);
  EXPECT_EQ(s, FloatSuffix::F);
  ASSERT_TRUE(parseFloatLiteral("2.5h", d, s));
  EXPECT_EQ(d, 2.5);
  EXPECT_EQ(s, FloatSuffix::H);
  ASSERT_TRUE(parseFloatLiteral("3.0lf", d, s));
  EXPECT_EQ(s, FloatSuffix::L);
  ASSERT_TRUE(parseFloatLiteral("3.0L", d, s));
  EXPECT_EQ(s, FloatSuffix::L);
  ASSERT_TRUE(parseFloatLiteral("0x1p4", d, s));
  EXPECT_EQ(d, 16.0);
  ASSERT_TRUE(parseFloatLiteral("0x1.8p1f", d, s));
  EXPECT_EQ(d, 3.0);  // 1.5 * 2
  EXPECT_EQ(s, FloatSuffix::F);
  EXPECT_FALSE(parseFloatLiteral("1e", d, s));
  EXPECT_FALSE(parseFloatLiteral("1.2.3", d, s));
  EXPECT_FALSE(parseFloatLiteral("1.0q", d, s));
  EXPECT_FALSE(parseFloatLiteral(".", d, s));
}

TEST(Lexer, ScalarSwizzleSplitsNumber) {
  // HLSL: 1.xxx, 1.0.rg, 0.5f.xxxx, 1..xx are literal + '.' + swizzle.
  auto l = lexAll("1.xxx 1.0.rg 0.5f.xxxx 1..xx 2.e1");
  std::vector<Tok> want = {Tok::int_literal,  Tok::period,        Tok::identifier,    Tok::float_literal,
                           Tok::period,       Tok::identifier,    Tok::float_literal, Tok::period,
                           Tok::identifier,   Tok::float_literal, Tok::period,        Tok::identifier,
                           Tok::float_literal};
  EXPECT_EQ(kinds(*l), want);
  EXPECT_EQ(l->toks[0].text, "1");
  EXPECT_EQ(l->toks[3].text, "1.0");
  EXPECT_EQ(l->toks[5].text, "rg");
  EXPECT_EQ(l->toks[6].text, "0.5f");
  EXPECT_EQ(l->toks[9].text, "1.");
  EXPECT_EQ(l->toks[12].text, "2.e1");
  EXPECT_FALSE(l->diags.hasErrors());
}

TEST(Lexer, BadNumberIsDiagnosedAtItsRange) {
  auto l = lexAll("int a = 08;\nfloat b = 1.5q;");
  ASSERT_EQ(l->diags.diagnostics().size(), 2u);
  const auto& d0 = l->diags.diagnostics()[0];
  EXPECT_EQ(diagCodeString(d0.id), "OSH1104");
  EXPECT_EQ(offsetOf(*l, d0.range.begin), 8u);
  EXPECT_EQ(d0.range.end.raw - d0.range.begin.raw, 2u);
  EXPECT_EQ(d0.message, "invalid numeric literal '08'");
  EXPECT_EQ(l->diags.diagnostics()[1].message, "invalid numeric literal '1.5q'");
}

TEST(Lexer, StringsAndChars) {
  auto l = lexAll(R"("abc" "a\"b\\" 'x' '\n' '\'' "")");
  std::vector<Tok> want = {Tok::string_literal, Tok::string_literal, Tok::char_literal,
                           Tok::char_literal,   Tok::char_literal,   Tok::string_literal};
  EXPECT_EQ(kinds(*l), want);
  EXPECT_EQ(l->toks[1].text, R"("a\"b\\")");
  std::string s;
  ASSERT_TRUE(parseStringLiteral(l->toks[1].text, s));
  EXPECT_EQ(s, "a\"b\\");
  int64_t c;
  ASSERT_TRUE(parseCharLiteral("'\\n'", c));
  EXPECT_EQ(c, 10);
  ASSERT_TRUE(parseCharLiteral("'\\x41'", c));
  EXPECT_EQ(c, 65);
  ASSERT_TRUE(parseCharLiteral("'\\101'", c));
  EXPECT_EQ(c, 65);
  ASSERT_TRUE(parseCharLiteral("'ab'", c));
  EXPECT_EQ(c, 'a' * 256 + 'b');
  EXPECT_FALSE(parseCharLiteral("''", c));
}

TEST(Lexer, UnterminatedStringAndChar) {
  auto l = lexAll("x = \"abc\ny = 'q\nz");
  ASSERT_EQ(l->diags.diagnostics().size(), 2u);
  EXPECT_EQ(diagCodeString(l->diags.diagnostics()[0].id), "OSH1102");
  EXPECT_EQ(offsetOf(*l, l->diags.diagnostics()[0].range.begin), 4u);
  EXPECT_EQ(diagCodeString(l->diags.diagnostics()[1].id), "OSH1105");
  EXPECT_EQ(offsetOf(*l, l->diags.diagnostics()[1].range.begin), 13u);
  // Lexing continues on the next line.
  EXPECT_EQ(l->toks.back().text, "z");
  EXPECT_TRUE(l->toks.back().flags & Token::AtLineStart);
}

TEST(Lexer, CommentsAndFlags) {
  auto l = lexAll("a // line comment\n  b/* block\n comment */c\n/**/d");
  ASSERT_EQ(l->toks.size(), 4u);
  EXPECT_TRUE(l->toks[0].flags & Token::AtLineStart);
  EXPECT_FALSE(l->toks[0].flags & Token::LeadingSpace);
  EXPECT_TRUE(l->toks[1].flags & Token::AtLineStart);
  EXPECT_TRUE(l->toks[1].flags & Token::LeadingSpace);
  // A newline inside a block comment does not start a line (the comment is one space).
  EXPECT_FALSE(l->toks[2].flags & Token::AtLineStart);
  EXPECT_TRUE(l->toks[2].flags & Token::LeadingSpace);
  EXPECT_TRUE(l->toks[3].flags & Token::AtLineStart);
  EXPECT_EQ(l->toks[3].text, "d");
  EXPECT_FALSE(l->diags.hasErrors());
}

TEST(Lexer, UnterminatedBlockComment) {
  auto l = lexAll("a /* never closed\n b");
  ASSERT_EQ(l->diags.diagnostics().size(), 1u);
  EXPECT_EQ(diagCodeString(l->diags.diagnostics()[0].id), "OSH1103");
  EXPECT_EQ(offsetOf(*l, l->diags.diagnostics()[0].range.begin), 2u);
  EXPECT_EQ(l->toks.size(), 1u);
}

TEST(Lexer, LineContinuation) {
  // A splice inside an identifier, inside an operator, and continuing a // comment.
  auto l = lexAll("ab\\\ncd +\\\r\n= // c\\\nstill comment\nx");
  ASSERT_EQ(l->toks.size(), 3u);
  EXPECT_EQ(l->toks[0].text, "abcd");
  EXPECT_EQ(l->toks[0].kind, Tok::identifier);
  EXPECT_EQ(l->toks[0].length, 6u);  // source length includes the splice
  EXPECT_EQ(l->toks[1].kind, Tok::plusequal);
  EXPECT_EQ(l->toks[2].text, "x");
  EXPECT_TRUE(l->toks[2].flags & Token::AtLineStart);
}

TEST(Lexer, CrLfLineEndings) {
  auto l = lexAll("a\r\nb\r\n\r\nc");
  ASSERT_EQ(l->toks.size(), 3u);
  for (auto& t : l->toks) EXPECT_TRUE(t.flags & Token::AtLineStart);
  EXPECT_EQ(l->sm.physicalLoc(l->toks[2].loc).line, 4u);
}

TEST(Lexer, InvalidCharactersReportedAndSkipped) {
  auto l = lexAll("a @ b $c `\n\xC3\xA9 d");
  EXPECT_EQ(kinds(*l), (std::vector<Tok>{Tok::identifier, Tok::identifier, Tok::identifier, Tok::identifier}));
  ASSERT_EQ(l->diags.diagnostics().size(), 4u);
  for (auto& d : l->diags.diagnostics()) EXPECT_EQ(diagCodeString(d.id), "OSH1101");
  EXPECT_EQ(offsetOf(*l, l->diags.diagnostics()[0].range.begin), 2u);
  EXPECT_EQ(l->diags.diagnostics()[0].message, "invalid character '@' in source");
  EXPECT_EQ(offsetOf(*l, l->diags.diagnostics()[1].range.begin), 6u);
  EXPECT_EQ(l->diags.diagnostics()[3].message, "invalid character '\xC3\xA9' in source");
}

TEST(Lexer, LocationsAndEof) {
  auto l = lexAll("float4 main() : SV_Target");
  ASSERT_EQ(l->toks.size(), 6u);
  EXPECT_EQ(offsetOf(*l, l->toks[1].loc), 7u);
  EXPECT_EQ(l->toks[1].length, 4u);
  EXPECT_EQ(offsetOf(*l, l->eof.loc), 25u);
  Lexer lx(l->sm, l->file, &l->diags);
  for (int i = 0; i < 6; ++i) lx.lex();
  EXPECT_EQ(lx.lex().kind, Tok::eof);
  EXPECT_EQ(lx.lex().kind, Tok::eof);  // repeatable
}

TEST(Lexer, AngledHeaderName) {
  SourceManager sm;
  FileId f = sm.addBuffer("h.hlsl", "  <dir/a b.h> x\n<unterminated\n");
  Lexer lx(sm, f, nullptr);
  Token t;
  ASSERT_TRUE(lx.lexAngledHeaderName(t));
  EXPECT_EQ(t.text, "<dir/a b.h>");
  EXPECT_EQ(t.kind, Tok::string_literal);
  EXPECT_EQ(lx.lex().text, "x");
  Token u;
  EXPECT_FALSE(lx.lexAngledHeaderName(u));  // at the end of the line: no '<' here
  EXPECT_EQ(lx.lex().kind, Tok::less);
}

TEST(Lexer, QuietModeSuppressesDiagnostics) {
  SourceManager sm;
  FileId f = sm.addBuffer("q.hlsl", "don't @");
  DiagEngine de(&sm);
  Lexer lx(sm, f, &de);
  lx.setQuiet(true);
  while (lx.lex().kind != Tok::eof) {}
  EXPECT_TRUE(lx.sawError());
  EXPECT_TRUE(de.diagnostics().empty());
}
