#include "syntax/lexer.hpp"

#include <charconv>
#include <cstring>

namespace oneshader {

// ---------------------------------------------------------------------------------------
// StringPool

std::string_view StringPool::save(std::string_view s) {
  size_t need = s.size() + 1;
  if (need > left_) {
    size_t size = need > 4096 ? need : 4096;
    chunks_.push_back(std::make_unique<char[]>(size));
    cur_ = chunks_.back().get();
    left_ = size;
  }
  char* dst = cur_;
  if (!s.empty()) std::memcpy(dst, s.data(), s.size());
  dst[s.size()] = '\0';
  cur_ += need;
  left_ -= need;
  return std::string_view(dst, s.size());
}

// ---------------------------------------------------------------------------------------
// Character classes

namespace {

inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
inline bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
inline bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
inline int hexValue(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Literal decoding

bool parseIntLiteral(std::string_view t, uint64_t& value, IntSuffix& suffix) {
  value = 0;
  suffix = IntSuffix::None;
  size_t i = 0, n = t.size();
  if (n == 0 || !isDigit(t[0])) return false;
  unsigned base = 10;
  if (n >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (n >= 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
    base = 2;  // clang's binary literals (C++14; accepted by DXC in HLSL)
    i = 2;
  } else if (t[0] == '0') {
    base = 8;
  }
  size_t digitsStart = i;
  bool overflow = false;
  for (; i < n; ++i) {
    char c = t[i];
    unsigned d;
    if (base == 16 ? isHexDigit(c) : isDigit(c)) {
      d = static_cast<unsigned>(hexValue(c));
    } else {
      break;
    }
    if (d >= base) return false;  // 8 or 9 in an octal literal, 2..9 in a binary one
    if (value > (UINT64_MAX - d) / base) overflow = true;
    value = value * base + d;
  }
  if (i == digitsStart) return false;  // "0x" or "0b" without digits
  // Suffix: u and l/ll in either order, any case (but "lL" is not "ll").
  std::string_view s = t.substr(i);
  bool u = false;
  int l = 0;
  size_t j = 0;
  auto takeU = [&] {
    if (j < s.size() && (s[j] == 'u' || s[j] == 'U')) {
      u = true;
      ++j;
    }
  };
  auto takeL = [&] {
    if (j < s.size() && (s[j] == 'l' || s[j] == 'L')) {
      if (j + 1 < s.size() && s[j + 1] == s[j]) {
        l = 2;
        j += 2;
      } else {
        l = 1;
        ++j;
      }
    }
  };
  takeU();
  takeL();
  if (!u) takeU();
  if (j != s.size()) return false;
  suffix = u ? (l == 2   ? IntSuffix::ULL
                : l == 1 ? IntSuffix::UL
                         : IntSuffix::U)
             : (l == 2   ? IntSuffix::LL
                : l == 1 ? IntSuffix::L
                         : IntSuffix::None);
  return !overflow;
}

bool parseFloatLiteral(std::string_view t, double& value, FloatSuffix& suffix) {
  value = 0;
  suffix = FloatSuffix::None;
  if (t.empty()) return false;
  bool hex = t.size() >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  // Split the suffix off: the longest tail made of suffix letters that cannot be digits.
  size_t end = t.size();
  char last = t[end - 1];
  auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  if (end >= 2 && lower(t[end - 2]) == 'l' && lower(last) == 'f') {
    suffix = FloatSuffix::L;
    end -= 2;
  } else if (lower(last) == 'l') {
    suffix = FloatSuffix::L;
    --end;
  } else if (lower(last) == 'h') {
    suffix = FloatSuffix::H;
    --end;
  } else if (lower(last) == 'f' && !hex) {
    suffix = FloatSuffix::F;
    --end;
  } else if (lower(last) == 'f' && hex) {
    // In a hex float the exponent is decimal, so a trailing f after 'p' digits is a suffix.
    size_t pp = t.find_first_of("pP");
    if (pp != std::string_view::npos) {
      suffix = FloatSuffix::F;
      --end;
    }
  }
  std::string_view body = t.substr(0, end);
  // Validate the shape: digits [. digits] [e[+-]digits] (hex: hexdigits [. hexdigits] p[+-]digits).
  size_t i = hex ? 2 : 0, n = body.size();
  size_t mant = 0;
  auto isD = [&](char c) { return hex ? isHexDigit(c) : isDigit(c); };
  while (i < n && isD(body[i])) {
    ++i;
    ++mant;
  }
  bool dot = false;
  if (i < n && body[i] == '.') {
    dot = true;
    ++i;
    while (i < n && isD(body[i])) {
      ++i;
      ++mant;
    }
  }
  if (mant == 0) return false;
  bool exp = false;
  if (i < n && (hex ? lower(body[i]) == 'p' : lower(body[i]) == 'e')) {
    exp = true;
    ++i;
    if (i < n && (body[i] == '+' || body[i] == '-')) ++i;
    size_t ed = 0;
    while (i < n && isDigit(body[i])) {
      ++i;
      ++ed;
    }
    if (ed == 0) return false;
  }
  if (i != n) return false;
  if (hex && !exp) return false;
  if (!hex && !dot && !exp) return false;
  std::from_chars_result r;
  if (hex) {
    r = std::from_chars(body.data() + 2, body.data() + n, value, std::chars_format::hex);
  } else {
    r = std::from_chars(body.data(), body.data() + n, value, std::chars_format::general);
  }
  // Out-of-range values still produce a usable result (inf or 0 as C does).
  if (r.ec == std::errc::result_out_of_range) return true;
  return r.ec == std::errc() && r.ptr == body.data() + n;
}

namespace {
// Decodes one escape sequence starting after the backslash; returns the value and
// advances i. Returns false on an incomplete escape.
bool decodeEscape(std::string_view t, size_t& i, uint32_t& v) {
  if (i >= t.size()) return false;
  char c = t[i++];
  switch (c) {
    case 'n': v = '\n'; return true;
    case 't': v = '\t'; return true;
    case 'r': v = '\r'; return true;
    case 'a': v = '\a'; return true;
    case 'b': v = '\b'; return true;
    case 'f': v = '\f'; return true;
    case 'v': v = '\v'; return true;
    case 'x': {
      size_t start = i;
      v = 0;
      while (i < t.size() && isHexDigit(t[i])) v = (v << 4) | static_cast<uint32_t>(hexValue(t[i++]));
      return i > start;
    }
    default:
      if (c >= '0' && c <= '7') {
        v = static_cast<uint32_t>(c - '0');
        for (int k = 0; k < 2 && i < t.size() && t[i] >= '0' && t[i] <= '7'; ++k)
          v = v * 8 + static_cast<uint32_t>(t[i++] - '0');
        return true;
      }
      v = static_cast<unsigned char>(c);  // \\ \' \" \? and unknown escapes keep the char
      return true;
  }
}
}  // namespace

bool parseCharLiteral(std::string_view t, int64_t& value) {
  value = 0;
  if (t.size() < 3 || t.front() != '\'' || t.back() != '\'') return false;
  std::string_view body = t.substr(1, t.size() - 2);
  size_t i = 0;
  int count = 0;
  uint64_t acc = 0;
  uint32_t last = 0;
  while (i < body.size()) {
    uint32_t v;
    if (body[i] == '\\') {
      ++i;
      if (!decodeEscape(body, i, v)) return false;
    } else {
      v = static_cast<unsigned char>(body[i++]);
    }
    last = v;
    acc = (acc << 8) | (v & 0xff);
    ++count;
  }
  if (count == 0) return false;
  if (count == 1) {
    value = static_cast<int64_t>(static_cast<signed char>(static_cast<uint8_t>(last)));
    if (last > 0xff) value = last;
  } else {
    value = static_cast<int32_t>(static_cast<uint32_t>(acc));
  }
  return true;
}

bool parseStringLiteral(std::string_view t, std::string& out) {
  out.clear();
  if (t.size() < 2 || t.front() != '"' || t.back() != '"') return false;
  std::string_view body = t.substr(1, t.size() - 2);
  for (size_t i = 0; i < body.size();) {
    if (body[i] == '\\') {
      ++i;
      uint32_t v;
      if (!decodeEscape(body, i, v)) return false;
      out.push_back(static_cast<char>(v));
    } else {
      out.push_back(body[i++]);
    }
  }
  return true;
}

bool isValidNumber(Tok kind, std::string_view text) {
  if (kind == Tok::float_literal) {
    double v;
    FloatSuffix s;
    return parseFloatLiteral(text, v, s);
  }
  uint64_t v;
  IntSuffix s;
  return parseIntLiteral(text, v, s);
}

// ---------------------------------------------------------------------------------------
// Lexer

Lexer::Lexer(const SourceManager& sm, FileId f, DiagEngine* diags, StringPool* pool)
    : Lexer(sm.text(f), sm.startOf(f), diags, pool) {}

Lexer::Lexer(std::string_view text, SourceLoc base, DiagEngine* diags, StringPool* pool)
    : begin_(text.data()), end_(text.data() + text.size()), p_(text.data()), base_(base), diags_(diags), pool_(pool) {
  if (!pool_) {
    ownPool_ = std::make_unique<StringPool>();
    pool_ = ownPool_.get();
  }
}

Lexer::~Lexer() = default;

bool Lexer::atEnd() const { return p_ >= end_; }

const char* Lexer::skipSplices(const char* q) {
  while (q < end_ && *q == '\\') {
    const char* r = q + 1;
    while (r < end_ && (*r == ' ' || *r == '\t')) ++r;  // "\ <newline>" as gcc/clang accept
    if (r < end_ && *r == '\n') {
      q = r + 1;
    } else if (r < end_ && *r == '\r') {
      q = r + 1;
      if (q < end_ && *q == '\n') ++q;
    } else {
      break;
    }
    spliced_ = true;
  }
  return q;
}

void Lexer::report(DiagId id, const char* at, uint32_t len, std::vector<std::string> args) {
  sawError_ = true;
  if (quiet_ || !diags_) return;
  SourceLoc l = locOf(at);
  diags_->report(id, SourceRange{l, l + len}, std::move(args));
}

Token Lexer::finish(Tok kind, const char* start, const char* end, uint8_t flags) {
  Token t;
  t.kind = kind;
  t.flags = flags;
  t.loc = locOf(start);
  t.length = static_cast<uint32_t>(end - start);
  if (spliced_) {
    // Spell the token without its line splices.
    std::string clean;
    clean.reserve(t.length);
    const char* q = start;
    while (q < end) {
      const char* r = skipSplices(q);
      if (r >= end) break;
      clean.push_back(*r);
      q = r + 1;
    }
    t.text = pool_->save(clean);
  } else {
    t.text = std::string_view(start, t.length);
  }
  p_ = end;
  return t;
}

const char* Lexer::scanNumber(const char* q) {
  // A pp-number: [digit | . digit] then (identifier chars | . | e+ e- E+ E- p+ p- P+ P-)*.
  // HLSL extension: a '.' followed by a swizzle (1.xxx, 1.0.rg) ends the number.
  for (;;) {
    char c = ch(q);
    if (isIdentChar(c)) {
      char lc = static_cast<char>(c | 0x20);
      ++q;
      if (lc == 'e' || lc == 'p') {
        const char* r = q;
        char s = ch(r);
        if (s == '+' || s == '-') q = r + 1;
      }
      continue;
    }
    if (c == '.') {
      // Swizzle check: .[xyzw]{1,4} or .[rgba]{1,4} not followed by an identifier char.
      const char* r = q + 1;
      int n = 0;
      bool xyzw = true, rgba = true;
      char s;
      while (isIdentChar(s = ch(r))) {
        xyzw = xyzw && (s == 'x' || s == 'y' || s == 'z' || s == 'w');
        rgba = rgba && (s == 'r' || s == 'g' || s == 'b' || s == 'a');
        ++n;
        ++r;
      }
      if (n >= 1 && n <= 4 && (xyzw || rgba)) return q;
      ++q;
      continue;
    }
    return q;
  }
}

const char* Lexer::scanQuoted(const char* start, char quote) {
  const char* q = start + 1;
  for (;;) {
    char c = ch(q);
    if (c == quote) return q + 1;
    if ((c == '\0' && q >= end_) || c == '\n' || c == '\r') {
      report(quote == '"' ? DiagId::LexUnterminatedString : DiagId::LexUnterminatedChar, start, 1);
      return q;
    }
    ++q;
    if (c == '\\') {
      char e = ch(q);
      if (e != '\n' && e != '\r' && q < end_) ++q;
    }
  }
}

bool Lexer::lexAngledHeaderName(Token& out) {
  const char* q = p_;
  spliced_ = false;
  for (;;) {
    char c = ch(q);
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      ++q;
      continue;
    }
    break;
  }
  if (ch(q) != '<') return false;
  const char* start = q;
  ++q;
  for (;;) {
    char c = ch(q);
    if (c == '>') {
      ++q;
      break;
    }
    if ((c == '\0' && q >= end_) || c == '\n' || c == '\r') return false;
    ++q;
  }
  uint8_t flags = Token::LeadingSpace;
  out = finish(Tok::string_literal, start, q, flags);
  return true;
}

bool Lexer::nextTokenOnNewLine() {
  const char* q = p_;
  for (;;) {
    char c = ch(q);
    switch (c) {
      case ' ':
      case '\t':
      case '\f':
      case '\v': ++q; continue;
      case '\n':
      case '\r': return true;
      case '\0':
        if (q >= end_) return true;
        return false;
      case '/': {
        const char* r = q + 1;
        char n = ch(r);
        if (n == '/') return true;
        if (n != '*') return false;
        q = r + 1;
        for (;;) {
          char d = ch(q);
          if (d == '\0' && q >= end_) return true;
          ++q;
          if (d == '*' && ch(q) == '/') {
            ++q;
            break;
          }
        }
        continue;
      }
      default: return false;
    }
  }
}

std::string_view Lexer::restOfLine() {
  const char* q = p_;
  while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
  const char* s = q;
  while (q < end_ && *q != '\n' && *q != '\r') {
    if (*q == '\\') {
      const char* r = skipSplices(q);
      if (r != q) {
        q = r;
        continue;
      }
    }
    ++q;
  }
  const char* e = q;
  while (e > s && (e[-1] == ' ' || e[-1] == '\t')) --e;
  p_ = q;
  return std::string_view(s, static_cast<size_t>(e - s));
}

Token Lexer::lex() {
  uint8_t flags = atLineStart_ ? Token::AtLineStart : 0;
  atLineStart_ = false;
  const char* q;
restart:
  q = p_;
  for (;;) {
    // Skip whitespace and comments.
    spliced_ = false;
    char c = ch(q);
    switch (c) {
      case ' ':
      case '\t':
      case '\f':
      case '\v':
        ++q;
        flags |= Token::LeadingSpace;
        continue;
      case '\n':
        ++q;
        flags |= Token::AtLineStart | Token::LeadingSpace;
        continue;
      case '\r':
        ++q;
        if (q < end_ && *q == '\n') ++q;
        flags |= Token::AtLineStart | Token::LeadingSpace;
        continue;
      case '/': {
        const char* r = q + 1;
        char n = ch(r);
        if (n == '/') {
          q = r + 1;
          for (;;) {
            char d = ch(q);
            if (d == '\n' || d == '\r' || (d == '\0' && q >= end_)) break;
            ++q;
          }
          flags |= Token::LeadingSpace;
          continue;
        }
        if (n == '*') {
          const char* open = q;
          q = r + 1;
          for (;;) {
            char d = ch(q);
            if (d == '\0' && q >= end_) {
              report(DiagId::LexUnterminatedComment, open, 2);
              break;
            }
            ++q;
            if (d == '*' && ch(q) == '/') {
              ++q;
              break;
            }
          }
          flags |= Token::LeadingSpace;
          continue;
        }
        break;
      }
      default: break;
    }
    break;
  }

  spliced_ = false;
  const char* s = q;
  if (s >= end_) {
    p_ = end_;
    Token t;
    t.kind = Tok::eof;
    t.flags = flags;
    t.loc = locOf(end_);
    return t;
  }
  char c = *s;
  q = s + 1;
  Tok k = Tok::eof;
  switch (c) {
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': {
    number:
      q = scanNumber(q);
      Token t = finish(Tok::int_literal, s, q, flags);
      std::string_view txt = t.text;
      bool hex = txt.size() >= 2 && txt[0] == '0' && (txt[1] == 'x' || txt[1] == 'X');
      bool isFloat =
          txt.find('.') != std::string_view::npos ||
          (hex ? txt.find_first_of("pP") != std::string_view::npos : txt.find_first_of("eE") != std::string_view::npos);
      if (isFloat) t.kind = Tok::float_literal;
      if (validateNumbers_ && !isValidNumber(t.kind, txt))
        report(DiagId::LexBadNumber, s, t.length, {std::string(txt)});
      return t;
    }
    case '.': {
      const char* r = q;
      char n = ch(r);
      if (isDigit(n)) goto number;
      if (n == '.') {
        const char* r2 = r + 1;
        if (ch(r2) == '.') return finish(Tok::ellipsis, s, r2 + 1, flags);
      }
      return finish(Tok::period, s, q, flags);
    }
    case '"': return finish(Tok::string_literal, s, scanQuoted(s, '"'), flags);
    case '\'': return finish(Tok::char_literal, s, scanQuoted(s, '\''), flags);
    case '(': k = Tok::l_paren; break;
    case ')': k = Tok::r_paren; break;
    case '{': k = Tok::l_brace; break;
    case '}': k = Tok::r_brace; break;
    case '[': k = Tok::l_square; break;
    case ']': k = Tok::r_square; break;
    case ';': k = Tok::semi; break;
    case ',': k = Tok::comma; break;
    case '?': k = Tok::question; break;
    case '~': k = Tok::tilde; break;
    case ':':
      if (ch(q) == ':') {
        ++q;
        k = Tok::coloncolon;
      } else {
        k = Tok::colon;
      }
      break;
    case '#':
      if (ch(q) == '#') {
        ++q;
        k = Tok::hashhash;
      } else {
        k = Tok::hash;
      }
      break;
    case '+': {
      char n = ch(q);
      if (n == '+') {
        ++q;
        k = Tok::plusplus;
      } else if (n == '=') {
        ++q;
        k = Tok::plusequal;
      } else
        k = Tok::plus;
      break;
    }
    case '-': {
      char n = ch(q);
      if (n == '-') {
        ++q;
        k = Tok::minusminus;
      } else if (n == '=') {
        ++q;
        k = Tok::minusequal;
      } else if (n == '>') {
        ++q;
        k = Tok::arrow;
      } else
        k = Tok::minus;
      break;
    }
    case '*':
      if (ch(q) == '=') {
        ++q;
        k = Tok::starequal;
      } else {
        k = Tok::star;
      }
      break;
    case '/':
      if (ch(q) == '=') {
        ++q;
        k = Tok::slashequal;
      } else {
        k = Tok::slash;
      }
      break;
    case '%':
      if (ch(q) == '=') {
        ++q;
        k = Tok::percentequal;
      } else {
        k = Tok::percent;
      }
      break;
    case '^':
      if (ch(q) == '=') {
        ++q;
        k = Tok::caretequal;
      } else {
        k = Tok::caret;
      }
      break;
    case '=':
      if (ch(q) == '=') {
        ++q;
        k = Tok::equalequal;
      } else {
        k = Tok::equal;
      }
      break;
    case '!':
      if (ch(q) == '=') {
        ++q;
        k = Tok::exclaimequal;
      } else {
        k = Tok::exclaim;
      }
      break;
    case '&': {
      char n = ch(q);
      if (n == '&') {
        ++q;
        k = Tok::ampamp;
      } else if (n == '=') {
        ++q;
        k = Tok::ampequal;
      } else
        k = Tok::amp;
      break;
    }
    case '|': {
      char n = ch(q);
      if (n == '|') {
        ++q;
        k = Tok::pipepipe;
      } else if (n == '=') {
        ++q;
        k = Tok::pipeequal;
      } else
        k = Tok::pipe;
      break;
    }
    case '<': {
      char n = ch(q);
      if (n == '<') {
        ++q;
        if (ch(q) == '=') {
          ++q;
          k = Tok::lesslessequal;
        } else {
          k = Tok::lessless;
        }
      } else if (n == '=') {
        ++q;
        k = Tok::lessequal;
      } else {
        k = Tok::less;
      }
      break;
    }
    case '>': {
      char n = ch(q);
      if (n == '>') {
        ++q;
        if (ch(q) == '=') {
          ++q;
          k = Tok::greatergreaterequal;
        } else {
          k = Tok::greatergreater;
        }
      } else if (n == '=') {
        ++q;
        k = Tok::greaterequal;
      } else {
        k = Tok::greater;
      }
      break;
    }
    default:
      if (isIdentStart(c)) {
        while (isIdentChar(ch(q))) ++q;
        Token t = finish(Tok::identifier, s, q, flags);
        t.kind = keywordKind(t.text);
        return t;
      }
      {
        // Invalid character: report it, skip it (a whole UTF-8 sequence) and go on.
        const char* e = s + 1;
        unsigned char uc = static_cast<unsigned char>(c);
        if (uc >= 0xC0) {
          while (e < end_ && (static_cast<unsigned char>(*e) & 0xC0) == 0x80 && e - s < 4) ++e;
        }
        std::string shown;
        if (uc >= 0xC0 && e - s > 1) {
          shown.assign(s, e);
        } else if (uc < 0x20 || uc >= 0x7f) {
          static const char* hex = "0123456789abcdef";
          shown = "\\x";
          shown.push_back(hex[uc >> 4]);
          shown.push_back(hex[uc & 15]);
        } else {
          shown.assign(1, c);
        }
        report(DiagId::LexInvalidChar, s, static_cast<uint32_t>(e - s), {shown});
        p_ = e;
        flags |= Token::LeadingSpace;
        goto restart;
      }
  }
  return finish(k, s, q, flags);
}

}  // namespace oneshader
