#include <array>
#include <string>

#include "syntax/token.hpp"

namespace oneshader {

namespace {

constexpr std::string_view kRawSpelling[] = {
#define TOK(name, spelling) spelling,
#include "syntax/tokens.def"
    ""};

// Kinds up to and including char_literal have descriptive spellings ("identifier");
// every later kind is a punctuator or keyword and is shown quoted ("'('").
struct SpellingTable {
  std::array<std::string, static_cast<size_t>(Tok::Count)> text;
  SpellingTable() {
    for (size_t i = 0; i < text.size(); ++i) {
      std::string_view raw = kRawSpelling[i];
      if (i <= static_cast<size_t>(Tok::char_literal)) {
        text[i] = std::string(raw);
      } else {
        text[i] = "'" + std::string(raw) + "'";
      }
    }
  }
};

// Open-addressing keyword table (built once, read-only afterwards).
struct KeywordTable {
  static constexpr size_t kSize = 512;  // power of two, > 4x the keyword count
  std::array<std::string_view, kSize> name{};
  std::array<Tok, kSize> kind{};
  static size_t hash(std::string_view s) {
    uint32_t h = 2166136261u;
    for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
    return h;
  }
  KeywordTable() {
    static constexpr struct {
      std::string_view s;
      Tok k;
    } kws[] = {
#define TOK(n, s)
#define KEYWORD(n) {#n, Tok::kw_##n},
#include "syntax/tokens.def"
    };
    for (const auto& kw : kws) {
      size_t i = hash(kw.s) & (kSize - 1);
      while (!name[i].empty()) i = (i + 1) & (kSize - 1);
      name[i] = kw.s;
      kind[i] = kw.k;
    }
  }
  Tok find(std::string_view s) const {
    size_t i = hash(s) & (kSize - 1);
    while (!name[i].empty()) {
      if (name[i] == s) return kind[i];
      i = (i + 1) & (kSize - 1);
    }
    return Tok::identifier;
  }
};

}  // namespace

std::string_view tokSpelling(Tok k) {
  static const SpellingTable table;
  size_t i = static_cast<size_t>(k);
  if (i >= table.text.size()) return "unknown token";
  return table.text[i];
}

Tok keywordKind(std::string_view s) {
  static const KeywordTable table;
  if (s.empty()) return Tok::identifier;
  return table.find(s);
}

}  // namespace oneshader
