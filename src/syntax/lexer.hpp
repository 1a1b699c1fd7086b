// HLSL lexer: turns one source buffer into tokens (preprocessing tokens with their final
// kinds: keywords, literals and punctuators are classified here).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diag.hpp"
#include "syntax/source.hpp"
#include "syntax/token.hpp"

namespace oneshader {

// Stable storage for spellings that are not verbatim in a source buffer (tokens with
// line splices, pasted tokens, stringified arguments, __FILE__ ...). Every saved string
// is followed by a NUL so that it can be re-lexed. Never moves what it has handed out.
class StringPool {
 public:
  StringPool() = default;
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;
  std::string_view save(std::string_view s);

 private:
  std::vector<std::unique_ptr<char[]>> chunks_;
  char* cur_ = nullptr;
  size_t left_ = 0;
};

namespace detail {
inline constexpr bool kIsKeyword[] = {
#define TOK(name, spelling) false,
#define KEYWORD(name) true,
#include "syntax/tokens.def"
    false};
}  // namespace detail

// True for every keyword kind.
inline bool isKeyword(Tok k) { return detail::kIsKeyword[static_cast<size_t>(k)]; }
// True for Tok::identifier and every keyword kind (what the preprocessor treats as a name).
inline bool isIdentifierLike(Tok k) { return k == Tok::identifier || isKeyword(k); }

// Literal decoding for the parser, Sema and the preprocessor's #if evaluator.
// Integer suffixes accepted (any case, as clang/DXC): u, l, ul/lu, ll, ull/llu.
enum class IntSuffix : uint8_t { None, U, L, UL, LL, ULL };
// Floating suffixes: f/F (float), h/H (half), l/L or lf/LF (double).
enum class FloatSuffix : uint8_t { None, F, H, L };

// Decimal, 0x hex, leading-0 octal, with an optional suffix. Returns false when the
// text is malformed or the value does not fit in 64 bits.
bool parseIntLiteral(std::string_view text, uint64_t& value, IntSuffix& suffix);
// 1.0, 1., .5, 1e3, 1.5e-3f, 0x1p4 (hex float) with an optional suffix. Returns false
// when malformed.
bool parseFloatLiteral(std::string_view text, double& value, FloatSuffix& suffix);
// 'a', '\n', '\x41', '\101', multi-character 'ab' (value = 'a' * 256 + 'b', as clang).
bool parseCharLiteral(std::string_view text, int64_t& value);
// "..." with C escape sequences decoded into `out`.
bool parseStringLiteral(std::string_view text, std::string& out);
// True when an int_literal / float_literal token's spelling is a valid literal.
bool isValidNumber(Tok kind, std::string_view text);

class Lexer {
 public:
  // Lexes file `f` of `sm`. `pool` keeps cleaned spellings alive (it must outlive the
  // tokens); when null the lexer owns one. `diags` may be null (no diagnostics).
  Lexer(const SourceManager& sm, FileId f, DiagEngine* diags, StringPool* pool = nullptr);
  // Lexes an arbitrary buffer whose first byte is at location `base` (`base` may be
  // invalid for scratch text such as a pasted token).
  Lexer(std::string_view text, SourceLoc base, DiagEngine* diags, StringPool* pool = nullptr);
  ~Lexer();
  Lexer(const Lexer&) = delete;
  Lexer& operator=(const Lexer&) = delete;

  // The next token; Tok::eof (repeatable) at the end of the buffer.
  Token lex();

  // For `#include <name>`: if the next non-blank character on the current line is '<',
  // lexes up to the matching '>' into a string_literal token spelled "<name>" and
  // returns true; otherwise leaves the position unchanged and returns false.
  bool lexAngledHeaderName(Token& out);

  // True when the next token would start a new line (or is eof): only blanks and
  // comments remain on the current line. Used to find the end of a directive.
  bool nextTokenOnNewLine();
  // Consumes and returns the raw rest of the current line (leading blanks trimmed),
  // stopping before the newline. Used for #error / #warning text.
  std::string_view restOfLine();

  // Whether malformed numbers are reported (OSH1104) while lexing (default true). The
  // preprocessor turns this off and checks only the numbers that reach its output, so
  // that pp-numbers in directives, skipped groups and paste operands are not diagnosed.
  void setValidateNumbers(bool v) { validateNumbers_ = v; }

  // Quiet mode: no diagnostics (the preprocessor's skipped groups).
  void setQuiet(bool q) { quiet_ = q; }
  bool quiet() const { return quiet_; }
  // True once any lexical error was seen (reported or not).
  bool sawError() const { return sawError_; }
  // True when the whole buffer has been consumed.
  bool atEnd() const;

  // The byte offset of the next unread character.
  uint32_t offset() const { return static_cast<uint32_t>(p_ - begin_); }
  std::string_view buffer() const { return std::string_view(begin_, end_ - begin_); }

 private:
  const char* skipSplices(const char* q);
  char ch(const char*& q) {
    if (q < end_ && *q == '\\') q = skipSplices(q);
    return q < end_ ? *q : '\0';
  }
  SourceLoc locOf(const char* q) const {
    return base_.valid() ? base_ + static_cast<uint32_t>(q - begin_) : SourceLoc{};
  }
  void report(DiagId id, const char* at, uint32_t len, std::vector<std::string> args = {});
  const char* scanNumber(const char* q);
  const char* scanQuoted(const char* start, char quote);
  Token finish(Tok kind, const char* start, const char* end, uint8_t flags);

  const char* begin_;
  const char* end_;
  const char* p_;
  SourceLoc base_;
  DiagEngine* diags_;
  StringPool* pool_;
  std::unique_ptr<StringPool> ownPool_;
  bool atLineStart_ = true;
  bool quiet_ = false;
  bool sawError_ = false;
  bool spliced_ = false;  // the token being lexed contained a line splice
  bool validateNumbers_ = true;
};

}  // namespace oneshader
