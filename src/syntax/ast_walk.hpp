// A walk over a function body: every statement's expressions, recursively, and the local
// variables it declares. The driver's portability checks and lowering's interpolant analysis
// (lower_interpolant.cpp) share it. No depth limit is needed beyond the parser's nesting limit.
#pragma once
#include <functional>

#include "syntax/ast.hpp"

namespace oneshader::ast {

struct AstWalk {
  std::function<void(const Expr*)> onExpr;      // every expression, a parent before its children
  std::function<void(const VarDecl*)> onLocal;  // every local variable, before its initializer

  void stmt(const Stmt* s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Compound:
        for (const Stmt* c : cast<CompoundStmt>(s)->body) stmt(c);
        break;
      case StmtKind::Decl:
        for (const Decl* d : cast<DeclStmt>(s)->decls) {
          if (const auto* v = dyn_cast<VarDecl>(d)) {
            if (onLocal) onLocal(v);
            for (const Expr* e : v->arrayDims) expr(e);
            expr(v->init);
          }
        }
        break;
      case StmtKind::Expr: expr(cast<ExprStmt>(s)->expr); break;
      case StmtKind::If: {
        const auto* i = cast<IfStmt>(s);
        expr(i->cond);
        stmt(i->thenStmt);
        stmt(i->elseStmt);
        break;
      }
      case StmtKind::For: {
        const auto* f = cast<ForStmt>(s);
        stmt(f->init);
        expr(f->cond);
        expr(f->inc);
        stmt(f->body);
        break;
      }
      case StmtKind::While: {
        const auto* w = cast<WhileStmt>(s);
        expr(w->cond);
        stmt(w->body);
        break;
      }
      case StmtKind::DoWhile: {
        const auto* w = cast<DoWhileStmt>(s);
        stmt(w->body);
        expr(w->cond);
        break;
      }
      case StmtKind::Switch: {
        const auto* sw = cast<SwitchStmt>(s);
        expr(sw->cond);
        for (const CaseStmt* c : sw->cases) stmt(c);
        break;
      }
      case StmtKind::Case: {
        const auto* c = cast<CaseStmt>(s);
        expr(c->value);
        for (const Stmt* b : c->body) stmt(b);
        break;
      }
      case StmtKind::Return: expr(cast<ReturnStmt>(s)->value); break;
      case StmtKind::Break:
      case StmtKind::Continue:
      case StmtKind::Discard:
      case StmtKind::Empty: break;
    }
  }

  void expr(const Expr* e) {
    if (!e) return;
    if (onExpr) onExpr(e);
    switch (e->kind) {
      case ExprKind::Paren: expr(cast<ParenExpr>(e)->sub); break;
      case ExprKind::Unary: expr(cast<UnaryExpr>(e)->sub); break;
      case ExprKind::Binary: {
        const auto* b = cast<BinaryExpr>(e);
        expr(b->lhs);
        expr(b->rhs);
        break;
      }
      case ExprKind::Conditional: {
        const auto* c = cast<ConditionalExpr>(e);
        expr(c->cond);
        expr(c->thenExpr);
        expr(c->elseExpr);
        break;
      }
      case ExprKind::Cast: expr(cast<CastExpr>(e)->sub); break;
      case ExprKind::ImplicitCast: expr(cast<ImplicitCastExpr>(e)->sub); break;
      case ExprKind::Construct:
        for (const Expr* a : cast<ConstructExpr>(e)->args) expr(a);
        break;
      case ExprKind::Call: {
        const auto* c = cast<CallExpr>(e);
        expr(c->object);
        expr(c->calleeExpr);
        for (const Expr* a : c->args) expr(a);
        break;
      }
      case ExprKind::Member: expr(cast<MemberExpr>(e)->base); break;
      case ExprKind::Index: {
        const auto* i = cast<IndexExpr>(e);
        expr(i->base);
        expr(i->index);
        break;
      }
      case ExprKind::InitList:
        for (const Expr* a : cast<InitListExpr>(e)->inits) expr(a);
        break;
      case ExprKind::Sizeof: expr(cast<SizeofExpr>(e)->sub); break;
      default: break;
    }
  }
};

}  // namespace oneshader::ast
