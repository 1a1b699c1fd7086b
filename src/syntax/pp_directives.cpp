// Preprocessor directives: #define/#undef, #include, conditionals with the #if
// constant-expression evaluator, #line, #error/#warning, #pragma.
#include <climits>
#include <string>

#include "syntax/preprocessor.hpp"

namespace oneshader {

namespace {
constexpr uint8_t kEndMarker = 0x80;
inline bool isEnd(const Token& t) { return (t.flags & kEndMarker) != 0; }
SourceRange span(const Token& a, const Token& b) { return SourceRange{a.loc, b.loc + b.length}; }

// ---------------------------------------------------------------------------------------
// #if expression evaluation: integers in intmax_t/uintmax_t (64-bit) as C does.

struct PPValue {
  uint64_t v = 0;
  bool isUnsigned = false;
};

class CondEval {
 public:
  CondEval(const std::vector<Token>& toks, DiagEngine& diags, const Token& kw) : toks_(toks), diags_(diags), kw_(kw) {}

  // Returns the condition's truth; false after any error (which is reported).
  bool run() {
    if (toks_.empty()) {
      error(kw_.range(), "expected value in expression");
      return false;
    }
    PPValue v = comma(true);
    if (!failed_ && pos_ < toks_.size()) {
      error(toks_[pos_].range(), "missing binary operator before " + std::string(tokSpelling(toks_[pos_].kind)));
    }
    return !failed_ && v.v != 0;
  }

 private:
  const Token* peek() const { return pos_ < toks_.size() ? &toks_[pos_] : nullptr; }
  bool at(Tok k) const { return pos_ < toks_.size() && toks_[pos_].kind == k; }
  SourceRange endRange() const {
    if (toks_.empty()) return kw_.range();
    SourceLoc e = toks_.back().loc + toks_.back().length;
    return SourceRange{e, e};
  }
  void error(SourceRange r, std::string msg) {
    if (!failed_) diags_.report(DiagId::PPBadExpression, r, {std::move(msg)});
    failed_ = true;
  }

  PPValue comma(bool eval) {
    PPValue v = conditional(eval);
    while (!failed_ && at(Tok::comma)) {
      ++pos_;
      v = conditional(eval);
    }
    return v;
  }

  PPValue conditional(bool eval) {
    PPValue c = binary(1, eval);
    if (failed_ || !at(Tok::question)) return c;
    const Token& q = toks_[pos_++];
    bool t = c.v != 0;
    PPValue a = comma(eval && t);
    if (failed_) return {};
    if (!at(Tok::colon)) {
      error(peek() ? peek()->range() : q.range(), "expected ':' in conditional expression");
      return {};
    }
    ++pos_;
    PPValue b = conditional(eval && !t);
    PPValue r = t ? a : b;
    r.isUnsigned = a.isUnsigned || b.isUnsigned;
    return r;
  }

  static int precedence(Tok k) {
    switch (k) {
      case Tok::pipepipe: return 1;
      case Tok::ampamp: return 2;
      case Tok::pipe: return 3;
      case Tok::caret: return 4;
      case Tok::amp: return 5;
      case Tok::equalequal:
      case Tok::exclaimequal: return 6;
      case Tok::less:
      case Tok::greater:
      case Tok::lessequal:
      case Tok::greaterequal: return 7;
      case Tok::lessless:
      case Tok::greatergreater: return 8;
      case Tok::plus:
      case Tok::minus: return 9;
      case Tok::star:
      case Tok::slash:
      case Tok::percent: return 10;
      default: return 0;
    }
  }

  PPValue binary(int minPrec, bool eval) {
    PPValue lhs = unary(eval);
    for (;;) {
      if (failed_ || pos_ >= toks_.size()) return lhs;
      const Token& op = toks_[pos_];
      int p = precedence(op.kind);
      if (p == 0 || p < minPrec) return lhs;
      ++pos_;
      bool evalRhs = eval;
      if (op.kind == Tok::ampamp && lhs.v == 0) evalRhs = false;
      if (op.kind == Tok::pipepipe && lhs.v != 0) evalRhs = false;
      PPValue rhs = binary(p + 1, evalRhs);
      if (failed_) return {};
      lhs = apply(op, lhs, rhs, eval);
    }
  }

  PPValue apply(const Token& op, PPValue a, PPValue b, bool eval) {
    bool u = a.isUnsigned || b.isUnsigned;
    auto sa = static_cast<int64_t>(a.v), sb = static_cast<int64_t>(b.v);
    switch (op.kind) {
      case Tok::ampamp: return {a.v != 0 && b.v != 0 ? 1u : 0u, false};
      case Tok::pipepipe: return {a.v != 0 || b.v != 0 ? 1u : 0u, false};
      case Tok::equalequal: return {a.v == b.v ? 1u : 0u, false};
      case Tok::exclaimequal: return {a.v != b.v ? 1u : 0u, false};
      case Tok::less: return {(u ? a.v < b.v : sa < sb) ? 1u : 0u, false};
      case Tok::greater: return {(u ? a.v > b.v : sa > sb) ? 1u : 0u, false};
      case Tok::lessequal: return {(u ? a.v <= b.v : sa <= sb) ? 1u : 0u, false};
      case Tok::greaterequal: return {(u ? a.v >= b.v : sa >= sb) ? 1u : 0u, false};
      case Tok::pipe: return {a.v | b.v, u};
      case Tok::caret: return {a.v ^ b.v, u};
      case Tok::amp: return {a.v & b.v, u};
      case Tok::plus: return {a.v + b.v, u};
      case Tok::minus: return {a.v - b.v, u};
      case Tok::star: return {a.v * b.v, u};
      case Tok::lessless:
      case Tok::greatergreater: {
        // The result has the (promoted) type of the left operand. Out-of-range counts
        // are undefined in C; define them as shifting everything out.
        uint64_t count = (!b.isUnsigned && sb < 0) ? 64 : b.v;
        if (op.kind == Tok::lessless) return {count >= 64 ? 0 : a.v << count, a.isUnsigned};
        if (a.isUnsigned) return {count >= 64 ? 0 : a.v >> count, true};
        if (count >= 64) return {sa < 0 ? ~uint64_t{0} : 0, false};
        return {static_cast<uint64_t>(sa >> count), false};
      }
      case Tok::slash:
      case Tok::percent: {
        if (b.v == 0) {
          if (eval) error(op.range(), "division by zero");
          return {0, u};
        }
        bool div = op.kind == Tok::slash;
        if (u) return {div ? a.v / b.v : a.v % b.v, true};
        if (sa == INT64_MIN && sb == -1) return {div ? a.v : 0, false};  // overflow wraps
        return {static_cast<uint64_t>(div ? sa / sb : sa % sb), false};
      }
      default: return {};
    }
  }

  PPValue unary(bool eval) {
    const Token* t = peek();
    if (!t) {
      error(endRange(), "expected value in expression");
      return {};
    }
    switch (t->kind) {
      case Tok::plus: ++pos_; return unary(eval);
      case Tok::minus: {
        ++pos_;
        PPValue v = unary(eval);
        return {0 - v.v, v.isUnsigned};
      }
      case Tok::tilde: {
        ++pos_;
        PPValue v = unary(eval);
        return {~v.v, v.isUnsigned};
      }
      case Tok::exclaim: {
        ++pos_;
        PPValue v = unary(eval);
        return {v.v == 0 ? 1u : 0u, false};
      }
      case Tok::l_paren: {
        ++pos_;
        PPValue v = comma(eval);
        if (failed_) return {};
        if (!at(Tok::r_paren)) {
          error(peek() ? peek()->range() : endRange(), "expected ')'");
          return {};
        }
        ++pos_;
        return v;
      }
      case Tok::int_literal: {
        ++pos_;
        uint64_t v;
        IntSuffix s;
        if (!parseIntLiteral(t->text, v, s)) {
          error(t->range(), "invalid integer literal '" + std::string(t->text) + "'");
          return {};
        }
        bool u = s == IntSuffix::U || s == IntSuffix::UL || s == IntSuffix::ULL || v > static_cast<uint64_t>(INT64_MAX);
        return {v, u};
      }
      case Tok::char_literal: {
        ++pos_;
        int64_t v;
        if (!parseCharLiteral(t->text, v)) {
          error(t->range(), "invalid character literal");
          return {};
        }
        return {static_cast<uint64_t>(v), false};
      }
      case Tok::kw_true: ++pos_; return {1, false};
      case Tok::kw_false: ++pos_; return {0, false};
      case Tok::float_literal: error(t->range(), "floating-point literal in preprocessor expression"); return {};
      case Tok::string_literal: error(t->range(), "string literal in preprocessor expression"); return {};
      default:
        if (isIdentifierLike(t->kind)) {  // an identifier that is not a macro is 0
          ++pos_;
          return {0, false};
        }
        error(t->range(), "unexpected " + std::string(tokSpelling(t->kind)));
        return {};
    }
  }

  const std::vector<Token>& toks_;
  DiagEngine& diags_;
  const Token& kw_;
  size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace

// ---------------------------------------------------------------------------------------
// Directive plumbing

bool Preprocessor::dirTok(Token& t) {
  Context& c = ctx_.back();
  if (c.hasPending) {
    if (c.pending.kind == Tok::eof || (c.pending.flags & Token::AtLineStart)) return false;
    c.hasPending = false;
    t = c.pending;
  } else {
    if (c.lexer->nextTokenOnNewLine()) return false;
    t = c.lexer->lex();
  }
  lastDirLoc_ = t.loc;
  return true;
}

void Preprocessor::skipLine() {
  Token t;
  while (dirTok(t)) {}
}

void Preprocessor::readLine(std::vector<Token>& out) {
  Token t;
  while (dirTok(t)) out.push_back(t);
}

void Preprocessor::checkExtra(const char* directive) {
  Token t;
  if (dirTok(t)) {
    diags_.report(DiagId::PPExtraTokens, t.range(), {directive});
    skipLine();
  }
}

uint32_t Preprocessor::fileCondBase() const {
  for (size_t i = ctx_.size(); i-- > 0;)
    if (ctx_[i].isFile) return ctx_[i].condBase;
  return 0;
}

void Preprocessor::handleDirective(const Token& hash) {
  Token kw;
  if (!dirTok(kw)) return;            // the null directive
  if (kw.kind == Tok::int_literal) {  // GNU line marker: # 12 "file"
    handleLine(kw, true);
    return;
  }
  std::string_view n = isIdentifierLike(kw.kind) ? kw.text : std::string_view();
  if (n == "define")
    handleDefine(hash);
  else if (n == "undef")
    handleUndef();
  else if (n == "include")
    handleInclude(hash, kw);
  else if (n == "if")
    handleIf(hash, kw, 0);
  else if (n == "ifdef")
    handleIf(hash, kw, 1);
  else if (n == "ifndef")
    handleIf(hash, kw, 2);
  else if (n == "elif")
    handleElif(hash, kw);
  else if (n == "else")
    handleElse(hash, kw);
  else if (n == "endif")
    handleEndif(hash, kw);
  else if (n == "line")
    handleLine(kw, false);
  else if (n == "error")
    handleMessage(hash, kw, true);
  else if (n == "warning")
    handleMessage(hash, kw, false);
  else if (n == "pragma")
    handlePragma(kw);
  else {
    diags_.report(DiagId::PPInvalidDirective, kw.range(), {std::string(kw.text)});
    skipLine();
  }
}

// ---------------------------------------------------------------------------------------
// #define / #undef

void Preprocessor::handleDefine(const Token& hash) {
  Token nameTok;
  if (!dirTok(nameTok)) {
    diags_.report(DiagId::PPExpectedIdent, span(hash, hash));
    return;
  }
  if (!isIdentifierLike(nameTok.kind)) {
    diags_.report(DiagId::PPExpectedIdent, nameTok.range());
    skipLine();
    return;
  }
  if (nameTok.text == "defined") {
    diags_.report(DiagId::PPReservedMacroName, nameTok.range(), {"defined"});
    skipLine();
    return;
  }
  Macro m;
  m.name = nameTok.text;
  m.defRange = nameTok.range();
  Token t;
  bool more = dirTok(t);
  if (more && t.kind == Tok::l_paren && !(t.flags & Token::LeadingSpace)) {
    m.functionLike = true;
    const char* err = nullptr;
    more = dirTok(t);
    if (!more || t.kind != Tok::r_paren) {
      for (;;) {
        if (!more) {
          err = "expected ')'";
          break;
        }
        if (t.kind == Tok::ellipsis) {
          m.variadic = true;
          m.params.push_back("__VA_ARGS__");
          more = dirTok(t);
          if (!more || t.kind != Tok::r_paren) err = "expected ')' after '...'";
          break;
        }
        if (!isIdentifierLike(t.kind)) {
          err = "expected a parameter name";
          break;
        }
        if (t.text == "__VA_ARGS__") {
          err = "'__VA_ARGS__' cannot be a parameter name";
          break;
        }
        bool dup = false;
        for (auto p : m.params) dup = dup || p == t.text;
        if (dup) {
          err = "duplicate parameter name";
          break;
        }
        m.params.push_back(t.text);
        more = dirTok(t);
        if (more && t.kind == Tok::ellipsis) {  // GNU named variadic parameter: args...
          m.variadic = true;
          more = dirTok(t);
          if (!more || t.kind != Tok::r_paren) err = "expected ')' after '...'";
          break;
        }
        if (more && t.kind == Tok::r_paren) break;
        if (more && t.kind == Tok::comma) {
          more = dirTok(t);
          continue;
        }
        err = "expected ',' or ')'";
        break;
      }
    }
    if (err) {
      diags_.report(DiagId::PPBadMacroParams, more ? t.range() : nameTok.range(), {err});
      skipLine();
      return;
    }
    more = dirTok(t);
  }
  while (more) {
    m.body.push_back(t);
    more = dirTok(t);
  }
  if (!m.body.empty()) m.body[0].flags &= static_cast<uint8_t>(~(Token::LeadingSpace | Token::AtLineStart));
  const size_t n = m.body.size();
  m.bodyParam.assign(n, -1);
  bool vaWarned = false;
  for (size_t i = 0; i < n; ++i) {
    const Token& b = m.body[i];
    if (!isIdentifierLike(b.kind)) continue;
    for (size_t p = 0; p < m.params.size(); ++p) {
      if (m.params[p] == b.text) {
        m.bodyParam[i] = static_cast<int16_t>(p);
        break;
      }
    }
    if (m.bodyParam[i] < 0 && b.text == "__VA_ARGS__" && !vaWarned) {
      diags_.report(DiagId::PPVaArgsMisuse, b.range());
      vaWarned = true;
    }
  }
  if (n > 0 && (m.body.front().kind == Tok::hashhash || m.body.back().kind == Tok::hashhash)) {
    const Token& bad = m.body.front().kind == Tok::hashhash ? m.body.front() : m.body.back();
    diags_.report(DiagId::PPHashHashAtEdge, bad.range());
    return;
  }
  if (m.functionLike) {
    for (size_t i = 0; i < n; ++i) {
      if (m.body[i].kind == Tok::hash && (i + 1 >= n || m.bodyParam[i + 1] < 0)) {
        diags_.report(DiagId::PPBadStringify, m.body[i].range());
        return;
      }
    }
  }
  if (auto it = macroIndex_.find(m.name); it != macroIndex_.end()) {
    const Macro& old = macros_[it->second];
    bool same = old.builtin == Macro::Builtin::None && old.functionLike == m.functionLike &&
                old.variadic == m.variadic && old.params == m.params && old.body.size() == m.body.size();
    for (size_t i = 0; same && i < n; ++i) {
      const Token &a = old.body[i], &b = m.body[i];
      same = a.kind == b.kind && a.text == b.text && (i == 0 || ((a.flags ^ b.flags) & Token::LeadingSpace) == 0);
    }
    if (!same) {
      Diagnostic& d = diags_.report(DiagId::PPMacroRedefined, nameTok.range(), {std::string(m.name)});
      if (old.defRange.valid()) d.notes.push_back({old.defRange, "previous definition is here"});
    }
  }
  macroIndex_[m.name] = static_cast<uint32_t>(macros_.size());
  noteName(m.name);
  macros_.push_back(std::move(m));
}

void Preprocessor::handleUndef() {
  Token nameTok;
  if (!dirTok(nameTok)) {
    diags_.report(DiagId::PPExpectedIdent, SourceRange{lastDirLoc_, lastDirLoc_});
    return;
  }
  if (!isIdentifierLike(nameTok.kind)) {
    diags_.report(DiagId::PPExpectedIdent, nameTok.range());
    skipLine();
    return;
  }
  if (nameTok.text == "defined") {
    diags_.report(DiagId::PPReservedMacroName, nameTok.range(), {"defined"});
    skipLine();
    return;
  }
  macroIndex_.erase(nameTok.text);
  checkExtra("undef");
}

// ---------------------------------------------------------------------------------------
// #include

bool Preprocessor::expandLine(const std::vector<Token>& line, std::vector<Token>& out, bool forIf) {
  out.clear();
  size_t base = ctx_.size();
  pushTokens(line.data(), line.size(), -1, true);
  bool ok = true;
  for (;;) {
    Token t = lexExpanded();
    if (isEnd(t)) break;
    if (forIf && isIdentifierLike(t.kind) && t.text == "defined") {
      Token u = lexRaw();
      bool paren = u.kind == Tok::l_paren;
      if (paren) u = lexRaw();
      if (isEnd(u) || !isIdentifierLike(u.kind)) {
        diags_.report(DiagId::PPBadExpression, isEnd(u) ? t.range() : u.range(),
                      {"macro name missing after 'defined'"});
        ok = false;
        break;
      }
      bool d = isDefined(u.text);
      if (paren) {
        Token r = lexRaw();
        if (r.kind != Tok::r_paren) {
          diags_.report(DiagId::PPBadExpression, isEnd(r) ? u.range() : r.range(), {"missing ')' after 'defined'"});
          ok = false;
          break;
        }
      }
      Token v = t;
      v.kind = Tok::int_literal;
      v.text = d ? "1" : "0";
      out.push_back(v);
      continue;
    }
    out.push_back(t);
  }
  while (ctx_.size() > base) popContext();
  if (abort_) ok = false;
  return ok;
}

void Preprocessor::handleInclude(const Token& hash, const Token& kw) {
  Context& c = ctx_.back();
  Token ft;
  bool angled = false;
  std::string name;
  SourceRange nameRange = kw.range();
  if (!c.hasPending && c.lexer->lexAngledHeaderName(ft)) {
    angled = true;
    name.assign(ft.text.substr(1, ft.text.size() - 2));
    nameRange = ft.range();
    checkExtra("include");
  } else {
    std::vector<Token> line;
    readLine(line);
    if (line.empty()) {
      diags_.report(DiagId::PPBadInclude, kw.range());
      return;
    }
    nameRange = span(line.front(), line.back());
    if (line[0].kind == Tok::string_literal) {
      name.assign(line[0].text.substr(1, line[0].text.size() - 2));
      nameRange = line[0].range();
      if (line.size() > 1) diags_.report(DiagId::PPExtraTokens, line[1].range(), {"include"});
    } else {
      // Computed include: macro-expand the line, then accept "name" or < ... >.
      std::vector<Token> ex;
      expandLine(line, ex, false);
      bool ok = false;
      if (!ex.empty() && ex[0].kind == Tok::string_literal && ex[0].text.size() >= 2) {
        name.assign(ex[0].text.substr(1, ex[0].text.size() - 2));
        ok = true;
      } else if (!ex.empty() && ex[0].kind == Tok::less) {
        for (size_t k = 1; k < ex.size(); ++k) {
          if (ex[k].kind == Tok::greater) {
            ok = true;
            break;
          }
          if (k > 1 && (ex[k].flags & Token::LeadingSpace)) name += ' ';
          name.append(ex[k].text);
        }
        angled = true;
      }
      if (!ok) {
        diags_.report(DiagId::PPBadInclude, nameRange);
        return;
      }
    }
  }
  if (name.empty()) {
    diags_.report(DiagId::PPBadInclude, nameRange);
    return;
  }
  FileId includer = 0;
  for (size_t i = ctx_.size(); i-- > 0;)
    if (ctx_[i].isFile) {
      includer = ctx_[i].file;
      break;
    }
  FileId f = sm_.findInclude(name, angled, includer);
  if (!f) {
    diags_.report(DiagId::PPIncludeNotFound, nameRange, {name});
    return;
  }
  if (onceFiles_.count(f)) return;
  if (fileDepth_ > opts_.maxIncludeDepth) {
    diags_.report(DiagId::PPIncludeDepth, nameRange);
    return;
  }
  pushFile(f);
}

// ---------------------------------------------------------------------------------------
// Conditionals

bool Preprocessor::evalCondition(const Token& kw) {
  std::vector<Token> line, ex;
  readLine(line);
  if (line.empty()) {
    diags_.report(DiagId::PPBadExpression, kw.range(), {"expected value in expression"});
    return false;
  }
  if (!expandLine(line, ex, true)) return false;
  return CondEval(ex, diags_, kw).run();
}

void Preprocessor::handleIf(const Token& hash, const Token& kw, int kind) {
  bool cond = false;
  if (kind == 0) {
    cond = evalCondition(kw);
  } else {
    Token nt;
    if (!dirTok(nt)) {
      diags_.report(DiagId::PPExpectedIdent, kw.range());
    } else if (!isIdentifierLike(nt.kind)) {
      diags_.report(DiagId::PPExpectedIdent, nt.range());
      skipLine();
    } else {
      cond = isDefined(nt.text) == (kind == 1);
      checkExtra(kind == 1 ? "ifdef" : "ifndef");
    }
  }
  conds_.push_back(Cond{span(hash, kw), cond, false});
  if (!cond) skipGroup();
}

void Preprocessor::handleElif(const Token& hash, const Token& kw) {
  if (conds_.size() <= fileCondBase()) {
    diags_.report(DiagId::PPUnmatchedEndif, span(hash, kw), {"elif"});
    skipLine();
    return;
  }
  if (conds_.back().sawElse) diags_.report(DiagId::PPElseAfterElse, span(hash, kw), {"elif"});
  skipLine();  // a previous group was taken: the condition is not evaluated
  skipGroup();
}

void Preprocessor::handleElse(const Token& hash, const Token& kw) {
  if (conds_.size() <= fileCondBase()) {
    diags_.report(DiagId::PPUnmatchedEndif, span(hash, kw), {"else"});
    skipLine();
    return;
  }
  Cond& c = conds_.back();
  if (c.sawElse) diags_.report(DiagId::PPElseAfterElse, span(hash, kw), {"else"});
  c.sawElse = true;
  checkExtra("else");
  skipGroup();
}

void Preprocessor::handleEndif(const Token& hash, const Token& kw) {
  if (conds_.size() <= fileCondBase()) {
    diags_.report(DiagId::PPUnmatchedEndif, span(hash, kw), {"endif"});
    skipLine();
    return;
  }
  conds_.pop_back();
  checkExtra("endif");
}

// Skips the rest of the current (not taken) group: tokens are lexed quietly, only
// directives are looked at, nested conditionals are tracked.
void Preprocessor::skipGroup() {
  Lexer& lx = *ctx_.back().lexer;
  lx.setQuiet(true);
  int depth = 0;
  for (;;) {
    Context& fc = ctx_.back();
    Token t;
    if (fc.hasPending) {
      fc.hasPending = false;
      t = fc.pending;
    } else {
      t = lx.lex();
    }
    if (t.kind == Tok::eof) {
      fc.pending = t;
      fc.hasPending = true;
      break;
    }
    if (t.kind != Tok::hash || !(t.flags & Token::AtLineStart)) continue;
    Token d;
    if (!dirTok(d)) continue;
    std::string_view n = isIdentifierLike(d.kind) ? d.text : std::string_view();
    if (n == "if" || n == "ifdef" || n == "ifndef") {
      ++depth;
      skipLine();
      continue;
    }
    if (n == "endif") {
      if (depth > 0) {
        --depth;
        skipLine();
        continue;
      }
      lx.setQuiet(false);
      conds_.pop_back();
      checkExtra("endif");
      return;
    }
    if (depth > 0 || (n != "else" && n != "elif")) {
      skipLine();
      continue;
    }
    Cond& c = conds_.back();
    SourceRange r = span(t, d);
    if (c.sawElse) diags_.report(DiagId::PPElseAfterElse, r, {std::string(n)});
    if (n == "else") {
      c.sawElse = true;
      if (!c.taken) {
        c.taken = true;
        lx.setQuiet(false);
        checkExtra("else");
        return;
      }
      skipLine();
      continue;
    }
    // #elif
    if (!c.taken && !c.sawElse) {
      lx.setQuiet(false);
      bool v = evalCondition(d);
      if (v) {
        c.taken = true;
        return;
      }
      lx.setQuiet(true);
      continue;
    }
    skipLine();
  }
  lx.setQuiet(false);
}

// ---------------------------------------------------------------------------------------
// #line, #error, #warning, #pragma

void Preprocessor::handleLine(const Token& kw, bool lineMarker) {
  std::vector<Token> line, ex;
  if (lineMarker) line.push_back(kw);
  readLine(line);
  SourceLoc last = lastDirLoc_;
  if (lineMarker) {
    ex = line;
  } else if (!expandLine(line, ex, false)) {
    return;
  }
  auto bad = [&](SourceRange r) { diags_.report(DiagId::PPBadLineDirective, r); };
  if (ex.empty() || ex[0].kind != Tok::int_literal) {
    bad(ex.empty() ? kw.range() : ex[0].range());
    return;
  }
  uint64_t value = 0;
  for (char c : ex[0].text) {
    if (c < '0' || c > '9' || value > 2147483647u) {
      value = UINT64_MAX;
      break;
    }
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  if (value > 2147483647u) {
    bad(ex[0].range());
    return;
  }
  std::optional<std::string> file;
  if (ex.size() >= 2) {
    std::string s;
    if (ex[1].kind != Tok::string_literal || !parseStringLiteral(ex[1].text, s)) {
      bad(ex[1].range());
      return;
    }
    file = std::move(s);
    if (!lineMarker && ex.size() > 2) diags_.report(DiagId::PPExtraTokens, ex[2].range(), {"line"});
  }
  sm_.addLineDirective(last, static_cast<uint32_t>(value), std::move(file));
}

void Preprocessor::handleMessage(const Token& hash, const Token& kw, bool isError) {
  Context& c = ctx_.back();
  std::string msg;
  if (!c.hasPending) msg.assign(c.lexer->restOfLine());
  diags_.report(isError ? DiagId::PPErrorDirective : DiagId::PPWarningDirective, span(hash, kw), {msg});
}

void Preprocessor::handlePragma(const Token& kw) {
  std::vector<Token> line;
  readLine(line);
  if (line.empty()) return;
  if (line[0].text == "once") {
    onceFiles_.insert(ctx_.back().file);
    if (line.size() > 1) diags_.report(DiagId::PPExtraTokens, line[1].range(), {"pragma once"});
    return;
  }
  std::string s;
  for (size_t k = 0; k < line.size(); ++k) {
    if (k > 0 && (line[k].flags & Token::LeadingSpace)) s += ' ';
    s.append(line[k].text);
  }
  pragmas_.emplace_back(line[0].loc, std::move(s));
}

}  // namespace oneshader
