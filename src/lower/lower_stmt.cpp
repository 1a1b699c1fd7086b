// Lowering of statements into structured IR control flow.
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Handle;

static bool isTerminator(const ast::Stmt* s) {
  switch (s->kind) {
    case ast::StmtKind::Break:
    case ast::StmtKind::Continue:
    case ast::StmtKind::Return:
    case ast::StmtKind::Discard: return true;
    default: return false;
  }
}

void Lowerer::localVar(const ast::VarDecl* v) {
  if (v->storage & ast::SF_Static) unsupported(v->range, "static local variables");
  if (v->storage & ast::SF_Groupshared) unsupported(v->range, "groupshared local variables");
  if (!v->type) internal(v->range, "variable without a type");
  if (v->type->isResource()) unsupported(v->range, "local resource variables");
  fb_->setRange(v->range);
  uint32_t l = fb_->addLocal(std::string(v->name.str()), irType(v->type, v->range));
  locals_[v] = l;
  if (v->init) {
    Handle<ir::Expression> val = initializer(v->init, v->type);
    fb_->setRange(v->range);
    fb_->store(fb_->local(l), val);
  }
}

void Lowerer::stmt(const ast::Stmt* s) {
  if (!s) return;
  fb_->setRange(s->range);
  switch (s->kind) {
    case ast::StmtKind::Compound: {
      for (const ast::Stmt* c : static_cast<const ast::CompoundStmt*>(s)->body) {
        stmt(c);
        if (isTerminator(c)) break;  // the rest of the block is unreachable
      }
      return;
    }
    case ast::StmtKind::Decl: {
      for (const ast::Decl* d : static_cast<const ast::DeclStmt*>(s)->decls) {
        if (d->kind == ast::DeclKind::Var) localVar(static_cast<const ast::VarDecl*>(d));
        // local struct / typedef declarations produce no code
      }
      return;
    }
    case ast::StmtKind::Expr:
      expr(static_cast<const ast::ExprStmt*>(s)->expr);
      return;
    case ast::StmtKind::Empty:
      return;
    case ast::StmtKind::If: {
      auto* i = static_cast<const ast::IfStmt*>(s);
      Handle<ir::Expression> c = expr(i->cond);
      fb_->setRange(s->range);
      fb_->ifBegin(c);
      stmt(i->thenStmt);
      if (i->elseStmt) {
        fb_->ifElse();
        stmt(i->elseStmt);
      }
      fb_->ifEnd();
      return;
    }
    case ast::StmtKind::For:
    case ast::StmtKind::While: {
      const ast::Expr* cond = nullptr;
      const ast::Expr* inc = nullptr;
      const ast::Stmt* body = nullptr;
      if (s->kind == ast::StmtKind::For) {
        auto* f = static_cast<const ast::ForStmt*>(s);
        stmt(f->init);
        cond = f->cond;
        inc = f->inc;
        body = f->body;
      } else {
        auto* w = static_cast<const ast::WhileStmt*>(s);
        cond = w->cond;
        body = w->body;
      }
      fb_->setRange(s->range);
      fb_->loopBegin();
      if (cond) {
        Handle<ir::Expression> c = expr(cond);
        fb_->setRange(cond->range);
        fb_->ifBegin(fb_->unary(ir::UnaryOp::LogicalNot, c));
        fb_->brk();
        fb_->ifEnd();
      }
      stmt(body);
      fb_->loopContinuing();
      if (inc) expr(inc);
      fb_->loopEnd();
      return;
    }
    case ast::StmtKind::DoWhile: {
      auto* d = static_cast<const ast::DoWhileStmt*>(s);
      fb_->loopBegin();
      stmt(d->body);
      fb_->loopContinuing();
      Handle<ir::Expression> c = expr(d->cond);
      fb_->setRange(d->cond->range);
      fb_->loopEnd(fb_->unary(ir::UnaryOp::LogicalNot, c));
      return;
    }
    case ast::StmtKind::Switch: {
      auto* sw = static_cast<const ast::SwitchStmt*>(s);
      Handle<ir::Expression> sel = expr(sw->cond);
      std::optional<ir::Scalar> sc = ir::scalarOf(m_->types, typeOf(sel));
      if (!sc || !sc->isInteger() || sc->width != 32) unsupported(sw->cond->range, "a switch on a non-32-bit-integer value");
      fb_->switchBegin(sel);
      for (size_t i = 0; i < sw->cases.size(); ++i) {
        const ast::CaseStmt* c = sw->cases[i];
        bool fallThrough = c->body.empty() || !isTerminator(c->body.back());
        if (i + 1 == sw->cases.size()) fallThrough = false;
        if (c->isDefault) {
          fb_->switchDefault(fallThrough);
        } else {
          sema::ConstValue v = sema_.constValue(c->value);
          if (!v.valid()) internal(c->range, "case value is not a constant");
          fb_->switchCase(v.asInt(), fallThrough);
        }
        for (const ast::Stmt* b : c->body) {
          stmt(b);
          if (isTerminator(b)) break;
        }
      }
      fb_->switchEnd();
      return;
    }
    case ast::StmtKind::Case:
      internal(s->range, "case label outside a switch");
    case ast::StmtKind::Break:
      fb_->brk();
      return;
    case ast::StmtKind::Continue:
      fb_->cont();
      return;
    case ast::StmtKind::Discard:
      fb_->kill();
      return;
    case ast::StmtKind::Return: {
      auto* r = static_cast<const ast::ReturnStmt*>(s);
      if (r->value && returnIrType_.valid()) {
        Handle<ir::Expression> v = castLayout(expr(r->value), returnIrType_, r->range);
        fb_->setRange(s->range);
        fb_->ret(v);
      } else {
        if (r->value) expr(r->value);  // `return f();` in a void function
        fb_->ret();
      }
      return;
    }
  }
}

}  // namespace oneshader::lower
