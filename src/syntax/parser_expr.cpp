// Expression parsing: C/HLSL precedence, casts vs parentheses, constructors, calls,
// members/swizzles, literals.
#include <string>

#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"

namespace oneshader {

using namespace ast;

Expr* Parser::makeError(SourceRange r) {
  auto* e = ctx_.make<ErrorExpr>();
  e->range = r;
  return e;
}

// ---------------------------------------------------------------------------
// Comma, assignment, conditional, binary
// ---------------------------------------------------------------------------
Expr* Parser::parseExpression() {
  SourceLoc begin = startLoc();
  Expr* e = parseAssignment();
  while (at(Tok::comma)) {
    SourceRange opr = consume().range();
    auto* b = ctx_.make<BinaryExpr>();
    b->op = BinaryOp::Comma;
    b->lhs = e;
    b->rhs = parseAssignment();
    b->opRange = opr;
    b->range = rangeFrom(begin);
    e = b;
  }
  return e;
}

namespace {
bool assignmentOp(Tok k, BinaryOp& op) {
  switch (k) {
    case Tok::equal: op = BinaryOp::Assign; return true;
    case Tok::starequal: op = BinaryOp::MulAssign; return true;
    case Tok::slashequal: op = BinaryOp::DivAssign; return true;
    case Tok::percentequal: op = BinaryOp::RemAssign; return true;
    case Tok::plusequal: op = BinaryOp::AddAssign; return true;
    case Tok::minusequal: op = BinaryOp::SubAssign; return true;
    case Tok::lesslessequal: op = BinaryOp::ShlAssign; return true;
    case Tok::greatergreaterequal: op = BinaryOp::ShrAssign; return true;
    case Tok::ampequal: op = BinaryOp::AndAssign; return true;
    case Tok::caretequal: op = BinaryOp::XorAssign; return true;
    case Tok::pipeequal: op = BinaryOp::OrAssign; return true;
    default: return false;
  }
}

// Binary operator precedence (higher binds tighter); 0 = not a binary operator.
int binaryPrec(Tok k, BinaryOp& op) {
  switch (k) {
    case Tok::pipepipe: op = BinaryOp::LogOr; return 1;
    case Tok::ampamp: op = BinaryOp::LogAnd; return 2;
    case Tok::pipe: op = BinaryOp::BitOr; return 3;
    case Tok::caret: op = BinaryOp::BitXor; return 4;
    case Tok::amp: op = BinaryOp::BitAnd; return 5;
    case Tok::equalequal: op = BinaryOp::Eq; return 6;
    case Tok::exclaimequal: op = BinaryOp::Ne; return 6;
    case Tok::less: op = BinaryOp::Lt; return 7;
    case Tok::greater: op = BinaryOp::Gt; return 7;
    case Tok::lessequal: op = BinaryOp::Le; return 7;
    case Tok::greaterequal: op = BinaryOp::Ge; return 7;
    case Tok::lessless: op = BinaryOp::Shl; return 8;
    case Tok::greatergreater: op = BinaryOp::Shr; return 8;
    case Tok::plus: op = BinaryOp::Add; return 9;
    case Tok::minus: op = BinaryOp::Sub; return 9;
    case Tok::star: op = BinaryOp::Mul; return 10;
    case Tok::slash: op = BinaryOp::Div; return 10;
    case Tok::percent: op = BinaryOp::Rem; return 10;
    default: return 0;
  }
}
}  // namespace

// Nesting depth counts what actually nests: each open parenthesis/bracket/brace, each
// operand of a unary operator or cast, each right-hand side of an assignment or '?:'.
// Past kMaxDepth: OSH2005 once, then the rest of the expression is skipped up to the ';'
// (or the '}' or unbalanced closer) that ends it, which is left to the enclosing
// constructs; an error they would report at that token is the same mistake and stays quiet.
Expr* Parser::tooDeep() {
  SourceRange r = tok().range();
  skipTo({Tok::semi, Tok::r_brace}, false);
  lastErrorTok_ = pos_;
  return makeError(r);
}

Expr* Parser::parseAssignment() {
  SourceLoc begin = startLoc();
  Expr* lhs = parseConditional();
  BinaryOp op;
  if (assignmentOp(tok().kind, op) && !(noGreater_ && at(Tok::greatergreaterequal))) {
    DepthGuard g(*this);
    if (!g.ok) return tooDeep();
    SourceRange opr = consume().range();
    auto* b = ctx_.make<BinaryExpr>();
    b->op = op;
    b->lhs = lhs;
    b->rhs = parseAssignment();
    b->opRange = opr;
    b->range = rangeFrom(begin);
    return b;
  }
  return lhs;
}

Expr* Parser::parseConditional() {
  SourceLoc begin = startLoc();
  Expr* c = parseBinary(1);
  if (!at(Tok::question)) return c;
  DepthGuard g(*this);
  if (!g.ok) return tooDeep();
  consume();
  auto* e = ctx_.make<ConditionalExpr>();
  e->cond = c;
  bool saved = noGreater_;
  noGreater_ = false;
  e->thenExpr = parseExpression();
  noGreater_ = saved;
  if (!expect(Tok::colon)) {
    e->elseExpr = makeError(tok().range());
  } else {
    e->elseExpr = parseAssignment();
  }
  e->range = rangeFrom(begin);
  return e;
}

Expr* Parser::parseBinary(int minPrec) {
  SourceLoc begin = startLoc();
  Expr* lhs = parseUnary();
  for (;;) {
    BinaryOp op;
    Tok k = tok().kind;
    if (noGreater_ && (k == Tok::greater || k == Tok::greatergreater || k == Tok::greaterequal)) break;
    int prec = binaryPrec(k, op);
    if (prec == 0 || prec < minPrec) break;
    if (!deeper()) return tooDeep();
    SourceRange opr = consume().range();
    Expr* rhs = parseBinary(prec + 1);
    auto* b = ctx_.make<BinaryExpr>();
    b->op = op;
    b->lhs = lhs;
    b->rhs = rhs;
    b->opRange = opr;
    b->range = rangeFrom(begin);
    lhs = b;
  }
  return lhs;
}

// ---------------------------------------------------------------------------
// Unary, casts, sizeof
// ---------------------------------------------------------------------------
Expr* Parser::parseUnary() {
  SourceLoc begin = startLoc();
  UnaryOp op;
  bool isUnary = true;
  switch (tok().kind) {
    case Tok::plusplus: op = UnaryOp::PreInc; break;
    case Tok::minusminus: op = UnaryOp::PreDec; break;
    case Tok::plus: op = UnaryOp::Plus; break;
    case Tok::minus: op = UnaryOp::Minus; break;
    case Tok::exclaim: op = UnaryOp::Not; break;
    case Tok::tilde: op = UnaryOp::BitNot; break;
    default:
      isUnary = false;
      op = UnaryOp::Plus;
      break;
  }
  bool nests = isUnary || at(Tok::kw_sizeof) || (at(Tok::l_paren) && isCastAhead());
  if (!nests) return parsePostfix(parsePrimary());
  DepthGuard g(*this);
  if (!g.ok) return tooDeep();
  if (isUnary) {
    SourceRange opr = consume().range();
    auto* u = ctx_.make<UnaryExpr>();
    u->op = op;
    u->opRange = opr;
    u->sub = parseUnary();
    u->range = rangeFrom(begin);
    return u;
  }
  if (at(Tok::l_paren)) {  // a cast (checked above)
    consume();
    bool saved = noGreater_;
    noGreater_ = false;
    auto* c = ctx_.make<CastExpr>();
    c->typeSpec = parseTypeSpec(0, false);
    std::span<Expr*> dims = parseArrayDims();
    if (!dims.empty()) c->typeSpec->arrayDims = dims;
    noGreater_ = saved;
    expect(Tok::r_paren);
    c->sub = parseUnary();
    c->range = rangeFrom(begin);
    return c;
  }
  if (at(Tok::kw_sizeof)) {
    consume();
    auto* s = ctx_.make<SizeofExpr>();
    if (at(Tok::l_paren) && isCastAhead()) {
      consume();
      s->typeSpec = parseTypeSpec(0, false);
      std::span<Expr*> dims = parseArrayDims();
      if (!dims.empty()) s->typeSpec->arrayDims = dims;
      expect(Tok::r_paren);
    } else {
      s->sub = parseUnary();
    }
    s->range = rangeFrom(begin);
    return s;
  }
  return parsePostfix(parsePrimary());
}

// ---------------------------------------------------------------------------
// Postfix: [i], (args), .member, ->member, ++, --
// ---------------------------------------------------------------------------
bool Parser::parseCallArgs(std::vector<Expr*>& out) {
  // at '('
  DepthGuard g(*this);
  if (!g.ok) {
    tooDeep();
    return false;
  }
  consume();
  bool saved = noGreater_;
  noGreater_ = false;
  bool ok = true;
  if (!at(Tok::r_paren)) {
    for (;;) {
      out.push_back(parseAssignment());
      if (tryConsume(Tok::comma)) continue;
      break;
    }
  }
  if (!expect(Tok::r_paren)) {
    ok = false;
    skipTo({Tok::r_paren, Tok::semi, Tok::r_brace}, false);
    tryConsume(Tok::r_paren);
  }
  noGreater_ = saved;
  return ok;
}

namespace {
bool isWordToken(const Token& t) {
  if (t.kind == Tok::identifier) return true;
  // Keywords may name members/methods (`x.sample`, `s.line`): any alphabetic spelling.
  return t.kind >= Tok::kw_struct && !t.text.empty() &&
         ((t.text[0] >= 'a' && t.text[0] <= 'z') || (t.text[0] >= 'A' && t.text[0] <= 'Z') || t.text[0] == '_');
}
}  // namespace

Expr* Parser::parsePostfix(Expr* e) {
  SourceLoc begin = e->range.begin;
  for (;;) {
    switch (tok().kind) {
      case Tok::l_square: {
        DepthGuard g(*this);
        if (!g.ok) return tooDeep();
        consume();
        auto* ix = ctx_.make<IndexExpr>();
        ix->base = e;
        bool saved = noGreater_;
        noGreater_ = false;
        ix->index = parseExpression();
        noGreater_ = saved;
        if (!expect(Tok::r_square)) {
          skipTo({Tok::r_square, Tok::semi, Tok::r_brace}, false);
          tryConsume(Tok::r_square);
        }
        ix->range = rangeFrom(begin);
        e = ix;
        break;
      }
      case Tok::l_paren: {
        auto* call = ctx_.make<CallExpr>();
        if (auto* dr = dyn_cast<DeclRefExpr>(e)) {
          call->qualifiers = dr->qualifiers;
          call->name = dr->name;
          call->nameRange = dr->range;
          call->templateArgs = dr->templateArgs;
          call->hasTemplateArgs = dr->hasTemplateArgs;
          call->scopeType = dr->scopeType;
        } else if (auto* me = dyn_cast<MemberExpr>(e)) {
          call->object = me->base;
          call->name = me->member;
          call->nameRange = me->memberRange;
        } else {
          call->calleeExpr = e;
        }
        std::vector<Expr*> args;
        parseCallArgs(args);
        call->args = ctx_.copy(args);
        call->range = rangeFrom(begin);
        e = call;
        break;
      }
      case Tok::period:
      case Tok::arrow: {
        bool arrow = consume().kind == Tok::arrow;
        if (!isWordToken(tok())) {
          errorExpected("member name");
          return e;
        }
        Token name = consume();
        // Method template call: `buf.Load<float4>(i)`.
        std::span<TemplateArg> targs;
        bool hasTargs = false;
        if (at(Tok::less)) {
          uint32_t end = scanTemplateArgs(0);
          if (end && peek(end).kind == Tok::l_paren) {
            std::vector<TemplateArg> args;
            parseTemplateArgList(args, identOf(name));
            targs = ctx_.copy(args);
            hasTargs = true;
          }
        }
        if (hasTargs) {
          auto* call = ctx_.make<CallExpr>();
          call->object = e;
          call->name = identOf(name);
          call->nameRange = name.range();
          call->templateArgs = targs;
          call->hasTemplateArgs = true;
          std::vector<Expr*> args;
          parseCallArgs(args);
          call->args = ctx_.copy(args);
          call->range = rangeFrom(begin);
          e = call;
          break;
        }
        auto* m = ctx_.make<MemberExpr>();
        m->base = e;
        m->member = identOf(name);
        m->memberRange = name.range();
        m->isArrow = arrow;
        m->range = rangeFrom(begin);
        e = m;
        break;
      }
      case Tok::plusplus:
      case Tok::minusminus: {
        Token t = consume();
        auto* u = ctx_.make<UnaryExpr>();
        u->op = t.kind == Tok::plusplus ? UnaryOp::PostInc : UnaryOp::PostDec;
        u->opRange = t.range();
        u->sub = e;
        u->range = rangeFrom(begin);
        e = u;
        break;
      }
      default: return e;
    }
  }
}

// ---------------------------------------------------------------------------
// Primary expressions
// ---------------------------------------------------------------------------
Expr* Parser::parsePrimary() {
  SourceLoc begin = startLoc();
  const Token t = tok();  // a copy: lookahead below may grow the token buffer
  switch (t.kind) {
    case Tok::int_literal: return parseIntLiteral(consume());
    case Tok::float_literal: return parseFloatLiteral(consume());
    case Tok::char_literal: return parseIntLiteral(consume());
    case Tok::string_literal: return parseStringLiteral();
    case Tok::kw_true:
    case Tok::kw_false: {
      auto* b = ctx_.make<BoolLiteralExpr>();
      b->value = consume().kind == Tok::kw_true;
      b->range = rangeFrom(begin);
      return b;
    }
    case Tok::kw_this: {
      consume();
      auto* e = ctx_.make<ThisExpr>();
      e->range = rangeFrom(begin);
      return e;
    }
    case Tok::l_paren: {
      DepthGuard g(*this);
      if (!g.ok) {
        skipStatement();
        return makeError(rangeFrom(begin));
      }
      consume();
      bool saved = noGreater_;
      noGreater_ = false;
      auto* p = ctx_.make<ParenExpr>();
      p->sub = parseExpression();
      noGreater_ = saved;
      if (!expect(Tok::r_paren)) {
        skipTo({Tok::r_paren, Tok::semi, Tok::r_brace}, false);
        tryConsume(Tok::r_paren);
      }
      p->range = rangeFrom(begin);
      return p;
    }
    case Tok::l_brace: return parseInitList();
    case Tok::identifier:
    case Tok::coloncolon:
    case Tok::kw_unsigned:
    case Tok::kw_const:
    case Tok::kw_row_major:
    case Tok::kw_column_major:
    case Tok::kw_snorm:
    case Tok::kw_unorm: {
      // Constructor-style conversion: `float4(a, b)`, `vector<float, 2>(x)`, `S(...)`.
      uint32_t e = scanType(0);
      if (e && peek(e).kind == Tok::l_paren) {
        auto* c = ctx_.make<ConstructExpr>();
        c->typeSpec = parseTypeSpec(0, false);
        std::vector<Expr*> args;
        parseCallArgs(args);
        c->args = ctx_.copy(args);
        c->range = rangeFrom(begin);
        return c;
      }
      if (t.kind == Tok::identifier || t.kind == Tok::coloncolon) return parseNameExpr();
      break;
    }
    default:
      if (isSoftKeyword(t.kind)) {  // `line`, `sample`, `vertices` used as names
        auto* d = ctx_.make<DeclRefExpr>();
        d->name = identOf(consume());
        d->range = rangeFrom(begin);
        return d;
      }
      break;
  }
  error(DiagId::ExpectedExpression, tok().range());
  return makeError(tok().range());
}

// `x`, `ns::x`, `E::A`, `f<int>` (followed by a call).
Expr* Parser::parseNameExpr() {
  SourceLoc begin = startLoc();
  auto* d = ctx_.make<DeclRefExpr>();
  if (tryConsume(Tok::coloncolon)) d->leadingGlobalScope = true;
  if (!at(Tok::identifier)) {
    errorExpected("identifier");
    return makeError(tok().range());
  }
  std::vector<Ident> quals;
  SourceLoc nameBegin = startLoc();
  Ident name = identOf(consume());
  for (;;) {
    // `A::template f<T>(x)` names the same member as `A::f<T>(x)`.
    if (at(Tok::coloncolon) && peek(1).kind == Tok::kw_template && peek(2).kind == Tok::identifier) consume();
    if ((at(Tok::coloncolon) || at(Tok::kw_template)) && peek(1).kind == Tok::identifier) {
      consume();
      quals.push_back(name);
      name = identOf(consume());
      continue;
    }
    // `pi<float>`, `ns::pi<float>`: a variable template's instance is the static member of
    // the struct template the parser made of it (parseDeclaration), named like it.
    // (`Box<kPi<uint>>`: the list may end in the first half of a `>>`.)
    auto argsAhead = [&] {
      if (scanTemplateArgs(0)) return true;
      int angle = 0, paren = 0;
      for (uint32_t i = 0; i < 4096; ++i) {
        Tok k = peek(i).kind;
        if (k == Tok::eof || k == Tok::semi || k == Tok::l_brace || k == Tok::r_brace) return false;
        if (k == Tok::l_paren || k == Tok::l_square) ++paren;
        if ((k == Tok::r_paren || k == Tok::r_square) && --paren < 0) return false;
        if (paren) continue;
        if (k == Tok::less) ++angle;
        if (k == Tok::greater && --angle == 0) return true;
        if (k == Tok::greatergreater && angle == 1) return true;
        if (k == Tok::greatergreater) angle -= 2;
      }
      return false;
    };
    if (!d->scopeType && at(Tok::less) && isVarTemplateName(name, quals) && argsAhead()) {
      auto* ts = ctx_.make<TypeSpec>();
      ts->leadingGlobalScope = d->leadingGlobalScope;
      ts->qualifiers = ctx_.copy(quals);
      ts->name = name;
      std::vector<TemplateArg> args;
      parseTemplateArgList(args, name);
      ts->templateArgs = ctx_.copy(args);
      ts->hasTemplateArgs = true;
      ts->range = rangeFrom(nameBegin);
      d->scopeType = ts;
      quals.clear();
      break;
    }
    if (!d->scopeType && isVarTemplateName(name, quals)) {
      // (C++: a variable template's name alone is no value.)
      error(DiagId::ExpectedToken, rangeFrom(nameBegin),
            {"template arguments after variable template '" + std::string(name.str()) + "'"});
      return makeError(rangeFrom(begin));
    }
    // `Tmpl<args>::member` (a static member of a class template instance): the path up to
    // the template-id becomes a type; the rest is looked up in it.
    if (!d->scopeType && at(Tok::less)) {
      NameKind k;
      bool tmpl =
          quals.empty() ? isTemplateName(name) : (lookupMember(quals.back(), name, k) && k == NameKind::Template);
      uint32_t end = tmpl ? scanTemplateArgs(0) : 0;
      if (end && peek(end).kind == Tok::coloncolon &&
          (peek(end + 1).kind == Tok::identifier ||
           (peek(end + 1).kind == Tok::kw_template && peek(end + 2).kind == Tok::identifier))) {
        auto* ts = ctx_.make<TypeSpec>();
        ts->leadingGlobalScope = d->leadingGlobalScope;
        ts->qualifiers = ctx_.copy(quals);
        ts->name = name;
        std::vector<TemplateArg> args;
        parseTemplateArgList(args, name);
        ts->templateArgs = ctx_.copy(args);
        ts->hasTemplateArgs = true;
        ts->range = rangeFrom(nameBegin);
        d->scopeType = ts;
        quals.clear();
        consume();  // ::
        tryConsume(Tok::kw_template);
        name = identOf(consume());
        continue;
      }
    }
    break;
  }
  d->name = name;
  d->qualifiers = ctx_.copy(quals);
  // Explicit template arguments on a function: only when the name is a known template
  // (or qualified, like vk::RawBufferLoad<T>) and a call follows the closing '>'.
  if (at(Tok::less) && (isFunctionTemplateName(name) || isTemplateName(name) || !quals.empty() || d->scopeType)) {
    uint32_t end = scanTemplateArgs(0);
    if (end && peek(end).kind == Tok::l_paren) {
      std::vector<TemplateArg> args;
      parseTemplateArgList(args, name);
      d->templateArgs = ctx_.copy(args);
      d->hasTemplateArgs = true;
    }
  }
  d->range = rangeFrom(begin);
  return d;
}

Expr* Parser::parseInitList() {
  SourceLoc begin = startLoc();
  DepthGuard g(*this);
  if (!g.ok) {
    skipStatement();
    return makeError(rangeFrom(begin));
  }
  consume();  // '{'
  bool saved = noGreater_;
  noGreater_ = false;
  std::vector<Expr*> inits;
  while (!at(Tok::r_brace) && !at(Tok::eof)) {
    inits.push_back(at(Tok::l_brace) ? parseInitList() : parseAssignment());
    if (!tryConsume(Tok::comma)) break;
  }
  noGreater_ = saved;
  if (!expect(Tok::r_brace)) {
    skipTo({Tok::r_brace, Tok::semi}, false);
    tryConsume(Tok::r_brace);
  }
  auto* il = ctx_.make<InitListExpr>();
  il->inits = ctx_.copy(inits);
  il->range = rangeFrom(begin);
  return il;
}

// ---------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------
// Literal values are decoded with the lexer's decoders; the lexer has already reported
// malformed numbers (OSH1104), so the parser does not report them again.
Expr* Parser::parseIntLiteral(const Token& t) {
  auto* e = ctx_.make<IntLiteralExpr>();
  e->range = t.range();
  if (t.kind == Tok::char_literal) {  // 'a': an int with the character's value
    int64_t v = 0;
    oneshader::parseCharLiteral(t.text, v);
    e->value = static_cast<uint64_t>(v);
    return e;
  }
  uint64_t v = 0;
  oneshader::IntSuffix suffix = oneshader::IntSuffix::None;
  if (!oneshader::parseIntLiteral(t.text, v, suffix)) e->overflow = true;
  e->value = v;
  e->suffix = static_cast<ast::IntSuffix>(suffix);  // same enumerators in the same order
  return e;
}

Expr* Parser::parseFloatLiteral(const Token& t) {
  auto* e = ctx_.make<FloatLiteralExpr>();
  e->range = t.range();
  double v = 0;
  oneshader::FloatSuffix suffix = oneshader::FloatSuffix::None;
  oneshader::parseFloatLiteral(t.text, v, suffix);
  e->value = v;
  e->suffix = static_cast<ast::FloatSuffix>(suffix);
  return e;
}

Expr* Parser::parseStringLiteral() {
  SourceLoc begin = startLoc();
  std::string value;
  while (at(Tok::string_literal)) {  // adjacent literals concatenate
    std::string part;
    oneshader::parseStringLiteral(consume().text, part);
    value += part;
  }
  auto* e = ctx_.make<StringLiteralExpr>();
  e->value = ctx_.saveString(value);
  e->range = rangeFrom(begin);
  return e;
}

}  // namespace oneshader
