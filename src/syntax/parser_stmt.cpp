// Statement parsing: blocks, declarations, control flow (if/for/while/do/switch), jumps.
#include "syntax/parser.hpp"

namespace oneshader {

using namespace ast;

CompoundStmt* Parser::parseCompound() {
  SourceLoc begin = startLoc();
  auto* cs = ctx_.make<CompoundStmt>();
  consume();  // '{' (its nesting is counted by parseStatement)
  pushScope();
  std::vector<Stmt*> body;
  while (!at(Tok::r_brace) && !at(Tok::eof)) {
    uint32_t before = pos_;
    if (Stmt* s = parseStatement()) body.push_back(s);
    if (pos_ == before) {
      error(DiagId::UnexpectedToken, tok().range(), {describe(tok())});
      consume();
    }
  }
  expect(Tok::r_brace);
  popScope();
  cs->body = ctx_.copy(body);
  cs->range = rangeFrom(begin);
  return cs;
}

Expr* Parser::parseParenCondition(DeclStmt** decl) {
  if (!expect(Tok::l_paren)) {
    // Recover: parse an expression anyway if one seems to start here.
    if (at(Tok::l_brace) || at(Tok::semi)) return makeError(tok().range());
    Expr* e = parseExpression();
    tryConsume(Tok::r_paren);
    return e;
  }
  bool saved = noGreater_;
  noGreater_ = false;
  Expr* e = decl && startsDeclaration() ? parseConditionDecl(*decl) : parseExpression();
  noGreater_ = saved;
  if (!expect(Tok::r_paren)) {
    skipTo({Tok::r_paren, Tok::semi, Tok::l_brace}, false);
    tryConsume(Tok::r_paren);
  }
  return e;
}

// C++'s condition declaration `T x = e` (in `if`, `switch`, `while` and a `for` condition):
// one variable with an initializer, in scope in the whole statement. Returns a use of the
// variable as the condition; the statement parsers place the declaration (see
// wrapConditionDecl). The caller has pushed the statement's scope.
Expr* Parser::parseConditionDecl(DeclStmt*& out) {
  SourceLoc begin = startLoc();
  DeclSpec ds;
  parseDeclSpecifiers(ds);
  auto* v = ctx_.make<VarDecl>();
  v->typeSpec = parseTypeSpec(ds.typeMods, false);
  v->storage = ds.storage;
  v->interp = ds.interp;
  v->dir = ds.dir;
  v->prim = ds.prim;
  v->parent = curFunction_;
  if (!at(Tok::identifier) && !isSoftKeyword(tok().kind)) {
    errorExpected("identifier");
    return makeError(tok().range());
  }
  v->nameRange = tok().range();
  v->name = identOf(consume());
  if (at(Tok::l_brace)) {
    v->init = parseInitList();
  } else if (expect(Tok::equal)) {
    v->init = parseAssignment();
  } else {
    return makeError(tok().range());
  }
  v->range = rangeFrom(begin);
  declareName(v->name, NameKind::Value);
  auto* ds2 = ctx_.make<DeclStmt>();
  ds2->decls = ctx_.copy(std::vector<Decl*>{v});
  ds2->range = v->range;
  out = ds2;
  auto* use = ctx_.make<DeclRefExpr>();
  use->name = v->name;
  use->range = v->nameRange;
  return use;
}

// `{ T x = e; stmt }`: the block that gives a condition declaration the scope of `stmt`.
CompoundStmt* Parser::wrapConditionDecl(DeclStmt* decl, Stmt* stmt) {
  auto* cs = ctx_.make<CompoundStmt>();
  cs->body = ctx_.copy(std::vector<Stmt*>{decl, stmt});
  return cs;
}

// A loop whose condition declares `T x = e`: the declaration runs before each test, so the
// loop becomes `{ T x = e; if (x) body else break; }` as its body, with no condition.
Stmt* Parser::conditionDeclLoopBody(DeclStmt* decl, Expr* use, Stmt* body) {
  auto* test = ctx_.make<IfStmt>();
  test->cond = use;
  test->thenStmt = body;
  auto* brk = ctx_.make<BreakStmt>();
  brk->range = use->range;
  test->elseStmt = brk;
  test->range = SourceRange{decl->range.begin, prevEnd_};
  CompoundStmt* cs = wrapConditionDecl(decl, test);
  cs->range = test->range;
  return cs;
}

Stmt* Parser::parseStatement() {
  SourceLoc begin = startLoc();
  DepthGuard g(*this);
  TreeDepthScope tree(*this);
  if (!g.ok) {
    skipStatement();
    auto* e = ctx_.make<EmptyStmt>();
    e->range = rangeFrom(begin);
    return e;
  }
  std::span<Attribute*> attrs = parseAttributes();
  Stmt* s = nullptr;
  Tok tok0 = tok().kind;
  switch (tok0) {
    case Tok::l_brace: s = parseCompound(); break;
    case Tok::kw_if: s = parseIf(); break;
    case Tok::kw_for: s = parseFor(); break;
    case Tok::kw_while: s = parseWhile(); break;
    case Tok::kw_do: s = parseDoWhile(); break;
    case Tok::kw_switch: s = parseSwitch(); break;
    case Tok::kw_break:
      consume();
      s = ctx_.make<BreakStmt>();
      if (!expect(Tok::semi)) skipStatement();
      break;
    case Tok::kw_continue:
      consume();
      s = ctx_.make<ContinueStmt>();
      if (!expect(Tok::semi)) skipStatement();
      break;
    case Tok::kw_discard:
      consume();
      s = ctx_.make<DiscardStmt>();
      if (!expect(Tok::semi)) skipStatement();
      break;
    case Tok::kw_return: {
      consume();
      auto* r = ctx_.make<ReturnStmt>();
      if (!at(Tok::semi)) r->value = parseExpression();
      if (!expect(Tok::semi)) skipStatement();
      s = r;
      break;
    }
    case Tok::semi:
      consume();
      s = ctx_.make<EmptyStmt>();
      break;
    case Tok::kw_case:
    case Tok::kw_default: {
      error(DiagId::UnexpectedToken, tok().range(), {describe(tok()) + " outside of a switch statement"});
      consume();
      skipTo({Tok::colon, Tok::semi, Tok::r_brace}, false);
      tryConsume(Tok::colon);
      s = ctx_.make<EmptyStmt>();
      break;
    }
    case Tok::kw_else: {
      error(DiagId::UnexpectedToken, tok().range(), {"'else' without a previous 'if'"});
      consume();
      s = ctx_.make<EmptyStmt>();
      break;
    }
    default:
      if (startsDeclaration()) {
        s = parseDeclStmt(attrs);
      } else {
        auto* es = ctx_.make<ExprStmt>();
        es->expr = parseExpression();
        if (!expect(Tok::semi)) skipStatement();
        s = es;
      }
      break;
  }
  s->range = rangeFrom(begin);
  // A condition declaration wraps `if`/`switch` in a block (wrapConditionDecl): the
  // attributes belong to the statement inside, which spans the same source.
  Stmt* target = s;
  if ((tok0 == Tok::kw_if || tok0 == Tok::kw_switch) && s->kind == StmtKind::Compound) {
    target = static_cast<CompoundStmt*>(s)->body.back();
    target->range.begin = begin;
  }
  target->attributes = attrs;
  return s;
}

Stmt* Parser::parseDeclStmt(std::span<Attribute*> attrs) {
  SourceLoc begin = startLoc();
  std::vector<Decl*> decls;
  parseDeclOrDef(decls, curFunction_, attrs, begin, false);
  auto* ds = ctx_.make<DeclStmt>();
  ds->decls = ctx_.copy(decls);
  ds->range = rangeFrom(begin);
  return ds;
}

// `else if` chains are parsed iteratively (long chains are common and not nesting).
Stmt* Parser::parseIf() {
  consume();  // if
  auto* first = ctx_.make<IfStmt>();
  Stmt* result = first;
  IfStmt* s = first;
  Stmt** link = &result;       // where the current `if` hangs (a wrapper may take its place)
  std::vector<Stmt*> chained;  // the nodes after the first, to close their ranges
  uint32_t scopes = 0;
  SourceLoc linkBegin = startLoc();
  for (;;) {
    pushScope();
    ++scopes;
    DeclStmt* decl = nullptr;
    s->cond = parseParenCondition(&decl);
    if (decl) {
      CompoundStmt* w = wrapConditionDecl(decl, s);
      w->range.begin = linkBegin;
      *link = w;
      if (link != &result) {
        chained.push_back(w);
        deeper();  // the wrapper is one more level of the chain (past the limit: OSH2005)
      }
    }
    s->thenStmt = parseStatement();
    if (!tryConsume(Tok::kw_else)) break;
    if (at(Tok::kw_if) && s != nullptr) {
      if (!deeper()) {  // OSH2005: skip the rest of the chain
        s->elseStmt = nullptr;
        do skipStatement();
        while (tryConsume(Tok::kw_else));
        break;
      }
      linkBegin = startLoc();
      consume();
      auto* next = ctx_.make<IfStmt>();
      next->range.begin = linkBegin;
      s->elseStmt = next;
      link = &s->elseStmt;
      chained.push_back(next);
      s = next;
      continue;
    }
    s->elseStmt = parseStatement();
    break;
  }
  while (scopes--) popScope();
  // Close the ranges of the chained ifs (the outermost one is set by parseStatement).
  for (Stmt* c : chained) c->range.end = prevEnd_;
  if (result != first) first->range.end = prevEnd_;
  return result;
}

Stmt* Parser::parseFor() {
  consume();  // for
  auto* s = ctx_.make<ForStmt>();
  pushScope();
  if (!expect(Tok::l_paren)) {
    skipStatement();
    popScope();
    return s;
  }
  bool saved = noGreater_;
  noGreater_ = false;
  if (tryConsume(Tok::semi)) {
    // no init
  } else if (startsDeclaration()) {
    s->init = parseDeclStmt({});
  } else {
    SourceLoc b = startLoc();
    auto* es = ctx_.make<ExprStmt>();
    es->expr = parseExpression();
    es->range = rangeFrom(b);
    s->init = es;
    if (!expect(Tok::semi)) skipTo({Tok::semi, Tok::r_paren}, false), tryConsume(Tok::semi);
  }
  DeclStmt* condDecl = nullptr;
  if (!at(Tok::semi)) s->cond = startsDeclaration() ? parseConditionDecl(condDecl) : parseExpression();
  if (!expect(Tok::semi)) skipTo({Tok::semi, Tok::r_paren}, false), tryConsume(Tok::semi);
  if (!at(Tok::r_paren)) s->inc = parseExpression();
  if (!expect(Tok::r_paren)) {
    skipTo({Tok::r_paren, Tok::l_brace, Tok::semi}, false);
    tryConsume(Tok::r_paren);
  }
  noGreater_ = saved;
  s->body = parseStatement();
  if (condDecl) {
    s->body = conditionDeclLoopBody(condDecl, s->cond, s->body);
    s->cond = nullptr;
  }
  popScope();
  return s;
}

Stmt* Parser::parseWhile() {
  consume();  // while
  auto* s = ctx_.make<WhileStmt>();
  pushScope();
  DeclStmt* decl = nullptr;
  s->cond = parseParenCondition(&decl);
  s->body = parseStatement();
  popScope();
  if (!decl) return s;
  // `while (T x = e) body` is `for (;;) { T x = e; if (x) body else break; }`.
  auto* loop = ctx_.make<ForStmt>();
  loop->body = conditionDeclLoopBody(decl, s->cond, s->body);
  return loop;
}

Stmt* Parser::parseDoWhile() {
  consume();  // do
  auto* s = ctx_.make<DoWhileStmt>();
  s->body = parseStatement();
  if (!expect(Tok::kw_while)) {
    skipStatement();
    return s;
  }
  s->cond = parseParenCondition();
  if (!expect(Tok::semi)) skipStatement();
  return s;
}

Stmt* Parser::parseSwitch() {
  consume();  // switch
  auto* s = ctx_.make<SwitchStmt>();
  pushScope();
  DeclStmt* decl = nullptr;
  s->cond = parseParenCondition(&decl);
  Stmt* st = parseSwitchBody(s);
  popScope();
  if (!decl) return st;
  s->range = rangeFrom(decl->range.begin);
  return wrapConditionDecl(decl, s);
}

Stmt* Parser::parseSwitchBody(SwitchStmt* s) {
  if (!at(Tok::l_brace)) {
    errorExpected("'{'");
    skipStatement();
    return s;
  }
  DepthGuard g(*this);
  consume();
  if (!g.ok) {
    skipTo({Tok::r_brace}, true);
    return s;
  }
  pushScope();
  std::vector<CaseStmt*> cases;
  std::vector<Stmt*> body;
  CaseStmt* cur = nullptr;
  auto flush = [&] {
    if (cur) cur->body = ctx_.copy(body);
    body.clear();
  };
  // A block that opens with a case label (`case 6: { case 7: break; }`, which DXC
  // accepts) is flattened into the switch body: a block is its statements, apart from the
  // scope of its declarations, so its labels are the switch's. `nested` counts such open
  // blocks; their `}` only closes the scope.
  uint32_t nested = 0;
  while (!at(Tok::eof)) {
    if (at(Tok::r_brace)) {
      if (!nested) break;
      consume();
      popScope();
      --nested;
      continue;
    }
    if (at(Tok::l_brace) && (peek(1).kind == Tok::kw_case || peek(1).kind == Tok::kw_default)) {
      consume();
      pushScope();
      ++nested;
      continue;
    }
    SourceLoc lb = startLoc();
    if (at(Tok::kw_case) || at(Tok::kw_default)) {
      flush();
      cur = ctx_.make<CaseStmt>();
      if (consume().kind == Tok::kw_case) {
        cur->value = parseConditional();
      } else {
        cur->isDefault = true;
      }
      if (!expect(Tok::colon)) skipTo({Tok::colon, Tok::semi, Tok::r_brace}, false), tryConsume(Tok::colon);
      cur->range = rangeFrom(lb);
      cases.push_back(cur);
      continue;
    }
    uint32_t before = pos_;
    if (!cur) errorExpected("'case' or 'default'");
    Stmt* st = parseStatement();
    if (cur && st) {
      body.push_back(st);
      cur->range = SourceRange{cur->range.begin, prevEnd_};
    }
    if (pos_ == before) consume();
  }
  flush();
  for (; nested; --nested) popScope();  // (at end of file: the error below)
  expect(Tok::r_brace);
  popScope();
  s->cases = ctx_.copy(cases);
  return s;
}

}  // namespace oneshader
