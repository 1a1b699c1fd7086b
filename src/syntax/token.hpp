// Tokens produced by the lexer and preprocessor.
#pragma once
#include <cstdint>
#include <string_view>

#include "syntax/source.hpp"

namespace oneshader {

enum class Tok : uint16_t {
#define TOK(name, spelling) name,
#include "syntax/tokens.def"
  Count
};

// Human-readable spelling for diagnostics ("'('", "identifier", ...).
std::string_view tokSpelling(Tok k);
// Keyword lookup: returns Tok::identifier when `s` is not a keyword.
Tok keywordKind(std::string_view s);

struct Token {
  Tok kind = Tok::eof;
  uint8_t flags = 0;
  SourceLoc loc;          // where the token is (for macro-expanded tokens: the expansion site)
  uint32_t length = 0;    // source length in bytes at loc (0 when synthesized)
  std::string_view text;  // spelling; points into a source buffer or the preprocessor's string pool

  enum Flags : uint8_t {
    AtLineStart = 1,   // first token on its line
    LeadingSpace = 2,  // whitespace precedes this token
    FromMacro = 4,     // produced by a macro expansion
    NoExpand = 8,      // identifier must not be macro-expanded again
  };
  bool is(Tok k) const { return kind == k; }
  bool isNot(Tok k) const { return kind != k; }
  SourceRange range() const { return SourceRange{loc, loc + length}; }
};

}  // namespace oneshader
