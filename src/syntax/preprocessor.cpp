// Preprocessor core: token contexts, macro expansion (rescanning with disabled macros
// and painted tokens, as C11 6.10.3.4), #, ##, variadic macros, builtin macros.
// Directives and #if evaluation live in pp_directives.cpp.
#include <string>

#include "syntax/preprocessor.hpp"

namespace oneshader {

namespace {
constexpr uint8_t kEndMarker = 0x80;  // internal: the end of a barrier context
inline bool isEnd(const Token& t) { return (t.flags & kEndMarker) != 0; }

// Replaces newlines in a -D value (a directive is one line).
std::string oneLine(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c == '\n' || c == '\r') c = ' ';
  return r;
}
}  // namespace

Preprocessor::Preprocessor(SourceManager& sm, DiagEngine& diags, const PPOptions& opts)
    : sm_(sm), diags_(diags), opts_(opts) {
  auto builtin = [&](std::string_view name, Macro::Builtin b) {
    Macro m;
    m.name = name;
    m.builtin = b;
    macroIndex_[name] = static_cast<uint32_t>(macros_.size());
    noteName(name);
    macros_.push_back(std::move(m));
  };
  builtin("__LINE__", Macro::Builtin::Line);
  builtin("__FILE__", Macro::Builtin::File);
  builtin("__COUNTER__", Macro::Builtin::Counter);
  builtin("__has_feature", Macro::Builtin::HasFeature);
  eof_.kind = Tok::eof;
}

Preprocessor::~Preprocessor() = default;

bool Preprocessor::isDefined(std::string_view name) const { return macroIndex_.find(name) != macroIndex_.end(); }

Preprocessor::Macro* Preprocessor::findMacro(std::string_view name) {
  auto it = macroIndex_.find(name);
  return it == macroIndex_.end() ? nullptr : &macros_[it->second];
}

void Preprocessor::enterMainFile(FileId f) {
  ctx_.clear();
  tokBuf_.clear();
  conds_.clear();
  fileDepth_ = 0;
  pushFile(f);
  eof_ = Token{};
  eof_.kind = Tok::eof;
  eof_.loc = sm_.startOf(f) + static_cast<uint32_t>(sm_.text(f).size());
  // Predefined macros and the command line, processed as a buffer "included" first.
  std::string pre = "#define __HLSL_VERSION " + std::to_string(opts_.hlslVersion) + "\n";
  for (const auto& [name, value] : opts_.defines) {
    std::string n = name, v;
    if (value) {
      v = *value;
    } else if (size_t eq = n.find('='); eq != std::string::npos) {
      v = n.substr(eq + 1);
      n.resize(eq);
    } else {
      v = "1";
    }
    pre += "#define " + oneLine(n) + " " + oneLine(v) + "\n";
  }
  for (const auto& u : opts_.undefines) pre += "#undef " + oneLine(u) + "\n";
  pushFile(sm_.addBuffer("<command line>", std::move(pre)));
}

void Preprocessor::pushFile(FileId f) {
  Context c;
  c.isFile = true;
  c.lexer = std::make_unique<Lexer>(sm_, f, &diags_, &pool_);
  c.lexer->setValidateNumbers(false);  // checked in next(), on output tokens only
  c.file = f;
  c.condBase = static_cast<uint32_t>(conds_.size());
  ctx_.push_back(std::move(c));
  ++fileDepth_;
}

bool Preprocessor::endOfFile() {
  Context& c = ctx_.back();
  for (size_t i = c.condBase; i < conds_.size(); ++i) diags_.report(DiagId::PPUnterminatedIf, conds_[i].range);
  conds_.resize(c.condBase);
  if (ctx_.size() == 1) return false;
  ctx_.pop_back();
  --fileDepth_;
  return true;
}

void Preprocessor::pushTokens(const Token* toks, size_t n, int32_t macro, bool barrier) {
  if (macro >= 0) macros_[static_cast<size_t>(macro)].disabled = true;
  Context c;
  c.begin = static_cast<uint32_t>(tokBuf_.size());
  tokBuf_.insert(tokBuf_.end(), toks, toks + n);
  c.end = static_cast<uint32_t>(tokBuf_.size());
  c.pos = c.begin;
  c.macro = macro;
  c.barrier = barrier;
  ctx_.push_back(std::move(c));
}

void Preprocessor::popContext() {
  Context& c = ctx_.back();
  if (c.macro >= 0) macros_[static_cast<size_t>(c.macro)].disabled = false;
  tokBuf_.resize(c.begin);
  ctx_.pop_back();
}

Token Preprocessor::lexRaw() {
  for (;;) {
    if (ctx_.empty()) return eof_;
    Context& c = ctx_.back();
    if (!c.isFile) {
      if (c.pos < c.end && !abort_) return tokBuf_[c.pos++];
      if (c.barrier) {
        Token t;
        t.kind = Tok::eof;
        t.flags = kEndMarker;
        return t;
      }
      popContext();
      continue;
    }
    // Reading from a file: no expansion is in progress any more.
    abort_ = false;
    expTokens_ = 0;
    Token t;
    if (c.hasPending) {
      c.hasPending = false;
      t = c.pending;
    } else {
      t = c.lexer->lex();
    }
    if (t.kind == Tok::hash && (t.flags & Token::AtLineStart)) {
      handleDirective(t);
      continue;
    }
    return t;
  }
}

bool Preprocessor::nextIsLParen() {
  while (!ctx_.empty()) {
    Context& c = ctx_.back();
    if (!c.isFile) {
      if (c.pos < c.end && !abort_) return tokBuf_[c.pos].kind == Tok::l_paren;
      if (c.barrier) return false;
      popContext();
      continue;
    }
    if (!c.hasPending) {
      c.pending = c.lexer->lex();
      c.hasPending = true;
    }
    if (c.pending.kind == Tok::hash && (c.pending.flags & Token::AtLineStart)) return false;
    return c.pending.kind == Tok::l_paren;  // never crosses the end of a file
  }
  return false;
}

Token Preprocessor::lexExpanded() {
  for (;;) {
    Token t = lexRaw();
    if (!isIdentifierLike(t.kind) || (t.flags & Token::NoExpand) || !mayBeMacro(t.text)) return t;
    auto it = macroIndex_.find(t.text);
    if (it == macroIndex_.end()) return t;
    uint32_t mi = it->second;
    Macro& m = macros_[mi];
    if (m.disabled) {
      t.flags |= Token::NoExpand;  // painted: never expanded again
      return t;
    }
    if (m.builtin == Macro::Builtin::HasFeature) {
      // __has_feature(name), clang's: hlsl_vk_buffer_pointer when the output is SPIR-V.
      if (!nextIsLParen()) return t;
      lexRaw();
      Token f = lexRaw();
      Token r = isEnd(f) ? f : lexRaw();
      if (isEnd(f) || !isIdentifierLike(f.kind) || r.kind != Tok::r_paren) {
        diags_.report(DiagId::PPBadExpression, isEnd(f) ? t.range() : f.range(),
                      {"expected '(feature)' after '__has_feature'"});
        return t;
      }
      Token v = t;
      v.kind = Tok::int_literal;
      v.flags = static_cast<uint8_t>((t.flags & (Token::LeadingSpace | Token::AtLineStart)) | Token::FromMacro);
      v.text = f.text == "hlsl_vk_buffer_pointer" && isDefined("__spirv__") ? "1" : "0";
      return v;
    }
    if (m.builtin != Macro::Builtin::None) return builtinToken(m, t);
    if (m.functionLike && !nextIsLParen()) return t;
    expandMacro(mi, t);
  }
}

Token Preprocessor::next() {
  for (;;) {
    if (ctx_.empty()) return eof_;
    Token t = lexExpanded();
    if (t.kind != Tok::eof && ++outTokens_ > opts_.maxTokens) {
      // Stop reading: everything after this point would only be recovery from a cut-off
      // declaration, so nothing after this error is reported.
      diags_.report(DiagId::PPTokenLimit, t.range(), {std::to_string(opts_.maxTokens)});
      diags_.stopReporting();
      while (!ctx_.empty()) popContext();
      return eof_;
    }
    if ((t.kind == Tok::int_literal || t.kind == Tok::float_literal) && !isValidNumber(t.kind, t.text))
      diags_.report(DiagId::LexBadNumber, t.range(), {std::string(t.text)});
    if (t.kind != Tok::eof) return t;
    if (isEnd(t)) {  // cannot happen at top level; be safe
      popContext();
      continue;
    }
    if (!endOfFile()) {
      eof_.flags = t.flags;
      return eof_;
    }
  }
}

std::vector<Token> Preprocessor::tokenizeAll() {
  std::vector<Token> out;
  for (;;) {
    out.push_back(next());
    if (out.back().kind == Tok::eof) break;
  }
  return out;
}

Token Preprocessor::builtinToken(const Macro& m, const Token& site) {
  Token t;
  t.loc = site.loc;
  t.length = site.length;
  t.flags = static_cast<uint8_t>((site.flags & (Token::LeadingSpace | Token::AtLineStart)) | Token::FromMacro);
  switch (m.builtin) {
    case Macro::Builtin::Line:
      t.kind = Tok::int_literal;
      t.text = pool_.save(std::to_string(sm_.presumedLoc(site.loc).line));
      break;
    case Macro::Builtin::File: {
      t.kind = Tok::string_literal;
      std::string s = "\"";
      for (char c : sm_.presumedLoc(site.loc).file) {
        if (c == '"' || c == '\\') s += '\\';
        s += c;
      }
      s += '"';
      t.text = pool_.save(s);
      break;
    }
    case Macro::Builtin::Counter:
      t.kind = Tok::int_literal;
      t.text = pool_.save(std::to_string(counter_++));
      break;
    case Macro::Builtin::None:
    case Macro::Builtin::HasFeature: break;
  }
  return t;
}

bool Preprocessor::limitHit(const Token& site, const char* what) {
  if (!abort_) {
    // Name the outermost macro use: expanded tokens carry its location and length.
    std::string name(site.text);
    if ((site.flags & Token::FromMacro) && site.loc.valid()) {
      FileId f = sm_.fileOf(site.loc);
      if (f) name.assign(sm_.text(f).substr(sm_.offsetOf(site.loc), site.length));
    }
    diags_.report(DiagId::PPExpansionLimit, site.range(), {name, what});
  }
  abort_ = true;
  return true;
}

bool Preprocessor::collectArgs(uint32_t mi, const Token& site, std::vector<std::vector<Token>>& args) {
  const size_t nparams = macros_[mi].params.size();
  const bool variadic = macros_[mi].variadic;
  std::string name(macros_[mi].name);
  lexRaw();  // the '(' seen by nextIsLParen
  // `args` keeps its inner vectors between uses; `given` counts the ones in use.
  size_t given = 1;
  auto use = [&](size_t i) -> std::vector<Token>& {
    if (args.size() <= i) args.resize(i + 1);
    return args[i];
  };
  use(0).clear();
  int depth = 0;
  for (;;) {
    Token t = lexRaw();
    if (t.kind == Tok::eof) {
      diags_.report(DiagId::PPUnterminatedArgs, site.range(), {name});
      return false;
    }
    if (t.kind == Tok::l_paren) {
      ++depth;
    } else if (t.kind == Tok::r_paren) {
      if (depth == 0) break;
      --depth;
    } else if (t.kind == Tok::comma && depth == 0 && !(variadic && given == nparams)) {
      use(given++).clear();
      continue;
    }
    args[given - 1].push_back(t);
  }
  if (nparams == 0) {
    if (given == 1 && args[0].empty()) {
      args.resize(0);
      return true;
    }
  } else if (given == nparams) {
    args.resize(given);
    return true;
  } else if (given + 1 == nparams && variadic) {
    use(given).clear();  // empty __VA_ARGS__
    args.resize(nparams);
    return true;
  }
  diags_.report(DiagId::PPMacroArgCount, site.range(),
                {name, std::to_string(variadic ? nparams - 1 : nparams), std::to_string(given)});
  return false;
}

bool Preprocessor::argNeedsExpansion(const std::vector<Token>& in) {
  for (const Token& t : in) {
    if (isIdentifierLike(t.kind) && !(t.flags & Token::NoExpand) && mayBeMacro(t.text) &&
        macroIndex_.find(t.text) != macroIndex_.end())
      return true;
  }
  return false;
}

void Preprocessor::expandArg(const std::vector<Token>& in, std::vector<Token>& out, const Token& site) {
  out.clear();
  if (argDepth_ >= opts_.maxExpansionDepth) {
    limitHit(site, "nesting depth");
    return;
  }
  ++argDepth_;
  size_t base = ctx_.size();
  pushTokens(in.data(), in.size(), -1, true);
  for (;;) {
    Token t = lexExpanded();
    if (isEnd(t)) break;
    out.push_back(t);
  }
  while (ctx_.size() > base) popContext();
  --argDepth_;
}

Token Preprocessor::stringify(const std::vector<Token>& arg, uint8_t flags) {
  std::string s = "\"";
  for (size_t k = 0; k < arg.size(); ++k) {
    const Token& t = arg[k];
    if (k > 0 && (t.flags & (Token::LeadingSpace | Token::AtLineStart))) s += ' ';
    if (t.kind == Tok::string_literal || t.kind == Tok::char_literal) {
      for (char c : t.text) {
        if (c == '"' || c == '\\') s += '\\';
        s += c;
      }
    } else {
      s += t.text;
    }
  }
  s += '"';
  Token r;
  r.kind = Tok::string_literal;
  r.text = pool_.save(s);
  r.flags = flags & Token::LeadingSpace;
  return r;
}

void Preprocessor::paste(std::vector<Token>& out, const Token& rhs, const Token& site) {
  Token& lhs = out.back();
  std::string buf;
  buf.reserve(lhs.text.size() + rhs.text.size());
  buf.append(lhs.text);
  buf.append(rhs.text);
  std::string_view sv = pool_.save(buf);
  Lexer lx(sv, SourceLoc{}, nullptr, &pool_);
  lx.setQuiet(true);
  Token t = lx.lex();
  bool ok = t.kind != Tok::eof && !(t.flags & Token::LeadingSpace);
  if (ok) ok = lx.lex().kind == Tok::eof && !lx.sawError() && t.text.size() == sv.size();
  if (!ok) {
    diags_.report(DiagId::PPBadPaste, site.range(), {buf});
    out.push_back(rhs);  // recover: keep both tokens
    return;
  }
  t.flags = lhs.flags & Token::LeadingSpace;
  lhs = t;
}

bool Preprocessor::expandMacro(uint32_t mi, const Token& site) {
  if (frames_.size() <= frameDepth_) frames_.push_back(std::make_unique<ExpandFrame>());
  ExpandFrame& fr = *frames_[frameDepth_];
  struct DepthGuard {
    uint32_t& d;
    explicit DepthGuard(uint32_t& x) : d(x) { ++d; }
    ~DepthGuard() { --d; }
  } guard(frameDepth_);
  std::vector<std::vector<Token>>& args = fr.args;
  args.resize(0);
  if (macros_[mi].functionLike && !collectArgs(mi, site, args)) return false;
  if (abort_) return false;
  if (ctx_.size() - fileDepth_ >= opts_.maxExpansionDepth) {
    limitHit(site, "nesting depth");
    return false;
  }
  const Macro& m = macros_[mi];
  const size_t n = m.body.size();
  const size_t vaIndex = m.variadic ? m.params.size() - 1 : SIZE_MAX;
  // Pre-expand the arguments that are used outside # and ## first (this may push and pop
  // contexts), so that the result can then be built in place at the end of tokBuf_.
  if (fr.expanded.size() < args.size()) fr.expanded.resize(args.size());
  fr.state.assign(args.size(), 0);
  for (size_t i = 0; i < n; ++i) {
    int p = m.bodyParam[i];
    if (p < 0) continue;
    size_t pi = static_cast<size_t>(p);
    if (fr.state[pi]) continue;
    bool nearOp =
        (i + 1 < n && m.body[i + 1].kind == Tok::hashhash) ||
        (i > 0 && (m.body[i - 1].kind == Tok::hashhash || (m.functionLike && m.body[i - 1].kind == Tok::hash)));
    if (nearOp) continue;
    if (argNeedsExpansion(args[pi])) {
      expandArg(args[pi], fr.expanded[pi], site);
      if (abort_) return false;
      fr.state[pi] = 1;
    } else {
      fr.state[pi] = 2;
    }
  }
  const uint32_t begin = static_cast<uint32_t>(tokBuf_.size());
  std::vector<Token>& out = tokBuf_;
  auto outEmpty = [&] { return out.size() == begin; };
  bool lastEmpty = false;  // the operand before a '##' produced no tokens (placemarker)
  auto isStringify = [&](size_t i) {
    return m.functionLike && m.body[i].kind == Tok::hash && i + 1 < n && m.bodyParam[i + 1] >= 0;
  };
  for (size_t i = 0; i < n; ++i) {
    const Token& bt = m.body[i];
    if (isStringify(i)) {
      out.push_back(stringify(args[static_cast<size_t>(m.bodyParam[i + 1])], bt.flags));
      ++i;
      lastEmpty = false;
      continue;
    }
    if (bt.kind == Tok::hashhash && i + 1 < n) {
      ++i;
      std::vector<Token> rhs;
      bool rhsIsVa = false;
      if (isStringify(i)) {
        rhs.push_back(stringify(args[static_cast<size_t>(m.bodyParam[i + 1])], m.body[i].flags));
        ++i;
      } else if (m.bodyParam[i] >= 0) {
        size_t p = static_cast<size_t>(m.bodyParam[i]);
        rhs = args[p];
        rhsIsVa = p == vaIndex;
      } else {
        rhs.push_back(m.body[i]);
      }
      // GNU ", ## __VA_ARGS__": drop the comma when there are no variadic arguments.
      if (rhsIsVa && !lastEmpty && !outEmpty() && out.back().kind == Tok::comma && m.body[i - 2].kind == Tok::comma) {
        if (rhs.empty())
          out.pop_back();
        else
          out.insert(out.end(), rhs.begin(), rhs.end());
        continue;
      }
      if (rhs.empty()) continue;  // x ## <placemarker> is x
      if (lastEmpty || outEmpty()) {
        out.insert(out.end(), rhs.begin(), rhs.end());
      } else {
        paste(out, rhs[0], site);
        out.insert(out.end(), rhs.begin() + 1, rhs.end());
      }
      lastEmpty = false;
      continue;
    }
    int p = m.bodyParam[i];
    if (p >= 0) {
      size_t pi = static_cast<size_t>(p);
      bool pasteNext = i + 1 < n && m.body[i + 1].kind == Tok::hashhash;
      const std::vector<Token>* src = &args[pi];
      if (!pasteNext && fr.state[pi] == 1) src = &fr.expanded[pi];
      size_t first = out.size();
      out.insert(out.end(), src->begin(), src->end());
      if (out.size() > first) {
        out[first].flags =
            static_cast<uint8_t>((out[first].flags & ~Token::LeadingSpace) | (bt.flags & Token::LeadingSpace));
      }
      lastEmpty = src->empty();
      continue;
    }
    out.push_back(bt);
    lastEmpty = false;
  }
  const uint32_t end = static_cast<uint32_t>(out.size());
  expTokens_ += end - begin;
  if (expTokens_ > opts_.maxExpansionTokens) {
    tokBuf_.resize(begin);
    limitHit(site, "token count");
    return false;
  }
  if (end == begin) return true;
  for (uint32_t k = begin; k < end; ++k) {
    Token& t = out[k];
    t.loc = site.loc;
    t.length = site.length;
    t.flags = static_cast<uint8_t>((t.flags & (Token::LeadingSpace | Token::NoExpand)) | Token::FromMacro);
  }
  out[begin].flags = static_cast<uint8_t>((out[begin].flags & ~Token::LeadingSpace) |
                                          (site.flags & (Token::LeadingSpace | Token::AtLineStart)));
  // The tokens are already in place at the end of tokBuf_: push a context over them.
  macros_[mi].disabled = true;
  Context c;
  c.begin = begin;
  c.end = end;
  c.pos = begin;
  c.macro = static_cast<int32_t>(mi);
  ctx_.push_back(std::move(c));
  return true;
}

}  // namespace oneshader
