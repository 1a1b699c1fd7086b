// Lowering of statements into structured IR control flow.
#include "lower/lower_impl.hpp"
#include "sema/attributes.hpp"

namespace oneshader::lower {

// [unroll] / [loop] / [fastopt] on loops, [branch] / [flatten] on if and switch (the
// attribute table checked the subjects).
static ir::ControlHint controlHint(const ast::Stmt* s) {
  using sema::AttrId;
  for (const ast::Attribute* a : s->attributes) {
    if (!a || a->invalid) continue;
    switch (AttrId(a->semaId)) {
      case AttrId::Unroll: return ir::ControlHint::Unroll;
      case AttrId::Loop:
      case AttrId::FastOpt: return ir::ControlHint::DontUnroll;
      case AttrId::Flatten: return ir::ControlHint::Flatten;
      case AttrId::Branch: return ir::ControlHint::DontFlatten;
      default: break;
    }
  }
  return ir::ControlHint::None;
}

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

// An initializer made only of literals, constructors, initializer lists and casts of
// them (or anything Sema folds): lowering it has no side effects and gives an expression
// tree foldConstant() can turn into an ir::Constant.
static bool pureConstantInit(const sema::Sema& sema, const ast::Expr* e) {
  if (!e) return false;
  if (sema.constValue(e).valid()) return true;
  switch (e->kind) {
    case ast::ExprKind::IntLiteral:
    case ast::ExprKind::FloatLiteral:
    case ast::ExprKind::BoolLiteral: return true;
    case ast::ExprKind::Paren: return pureConstantInit(sema, static_cast<const ast::ParenExpr*>(e)->sub);
    case ast::ExprKind::ImplicitCast: return pureConstantInit(sema, static_cast<const ast::ImplicitCastExpr*>(e)->sub);
    case ast::ExprKind::Cast: return pureConstantInit(sema, static_cast<const ast::CastExpr*>(e)->sub);
    case ast::ExprKind::Construct:
      for (const ast::Expr* a : static_cast<const ast::ConstructExpr*>(e)->args)
        if (!pureConstantInit(sema, a)) return false;
      return true;
    case ast::ExprKind::InitList:
      for (const ast::Expr* a : static_cast<const ast::InitListExpr*>(e)->inits)
        if (!pureConstantInit(sema, a)) return false;
      return true;
    default: return false;
  }
}

// The scalar constants of a folded vector constant (for composing vectors of vectors).
static bool scalarParts(ir::Module& m, ir::ModuleBuilder& mb, ir::Handle<ir::Constant> c,
                        std::vector<ir::Handle<ir::Constant>>& out) {
  const ir::Constant& k = m.constants[c];
  const ir::Type& t = m.types[k.type];
  if (t.kind == ir::TypeKind::Scalar) {
    out.push_back(c);
    return true;
  }
  if (t.kind != ir::TypeKind::Vector) return false;
  if (k.kind == ir::Constant::Kind::Composite) {
    for (uint32_t i = 0; i < k.components.count; ++i) out.push_back(m.constantComponents[k.components.first + i]);
    return true;
  }
  if (k.kind == ir::Constant::Kind::Zero) {
    for (uint32_t i = 0; i < t.size; ++i) out.push_back(mb.constant(ir::Literal::of(t.scalar, 0)));
    return true;
  }
  return false;
}

std::optional<ir::Handle<ir::Constant>> Lowerer::foldConstant(Handle<ir::Expression> h) {
  const ir::Expression x = fb_->fn().expressions[h];
  ir::ModuleBuilder& mb = *mb_;
  switch (x.kind) {
    case ir::ExprKind::Literal: return mb.constant(x.literal);
    case ir::ExprKind::Constant: return x.constant;
    case ir::ExprKind::ZeroValue: return mb.zeroConstant(x.type);
    case ir::ExprKind::Splat: {
      auto c = foldConstant(x.a);
      if (!c) return std::nullopt;
      return mb.composite(x.type, std::vector<ir::Handle<ir::Constant>>(irT(x.type).size, *c));
    }
    case ir::ExprKind::Compose: {
      bool vec = irT(x.type).kind == ir::TypeKind::Vector;
      std::vector<ir::Handle<ir::Constant>> parts;
      std::vector<Handle<ir::Expression>> ops(fb_->fn().operandsOf(x.operands),
                                              fb_->fn().operandsOf(x.operands) + x.operands.count);
      for (Handle<ir::Expression> o : ops) {
        auto c = foldConstant(o);
        if (!c) return std::nullopt;
        if (vec) {
          if (!scalarParts(*m_, mb, *c, parts)) return std::nullopt;
        } else {
          parts.push_back(*c);
        }
      }
      return mb.composite(x.type, parts);
    }
    case ir::ExprKind::Unary:
    case ir::ExprKind::Convert: {
      // -literal and conversions of a literal (what Sema's implicit casts of literals become).
      auto c = foldConstant(x.a);
      if (!c || m_->constants[*c].kind != ir::Constant::Kind::Literal) return std::nullopt;
      ir::Literal l = m_->constants[*c].value;
      const ir::Type& rt = irT(x.type);
      if (rt.kind != ir::TypeKind::Scalar) return std::nullopt;
      auto asDouble = [&]() {
        switch (l.scalar.kind) {
          case ir::ScalarKind::Float: return l.f;
          case ir::ScalarKind::Sint: return double(l.i);
          case ir::ScalarKind::Uint: return double(l.u);
          default: return double(l.b);
        }
      };
      if (x.kind == ir::ExprKind::Unary) {
        if (ir::UnaryOp(x.op) != ir::UnaryOp::Negate) return std::nullopt;
        if (l.scalar.kind == ir::ScalarKind::Float) return mb.constant(ir::Literal::ofFloat(l.scalar, -l.f));
        if (l.scalar.kind == ir::ScalarKind::Sint && l.scalar.width == 32)
          return mb.constant(ir::Literal::i32(int32_t(-l.i)));
        return std::nullopt;
      }
      ir::Scalar to = rt.scalar;
      if (to.kind == ir::ScalarKind::Float) return mb.constant(ir::Literal::ofFloat(to, asDouble()));
      if (l.scalar.kind == ir::ScalarKind::Float || to.width != 32 || l.scalar.kind == ir::ScalarKind::Bool)
        return std::nullopt;
      if (to.kind == ir::ScalarKind::Sint) return mb.constant(ir::Literal::i32(int32_t(l.u)));
      if (to.kind == ir::ScalarKind::Uint) return mb.constant(ir::Literal::u32(uint32_t(l.u)));
      return std::nullopt;
    }
    case ir::ExprKind::AccessIndex: {
      auto c = foldConstant(x.a);
      if (!c) return std::nullopt;
      const ir::Constant& k = m_->constants[*c];
      if (k.kind == ir::Constant::Kind::Zero) return mb.zeroConstant(x.type);
      if (k.kind != ir::Constant::Kind::Composite || x.index >= k.components.count) return std::nullopt;
      return m_->constantComponents[k.components.first + x.index];
    }
    default: return std::nullopt;
  }
}

// `static` locals (DXC): one Private variable per declaration, named FUNCTION.NAME, that
// keeps its value across calls. A constant initializer becomes the variable's initializer;
// any other runs once, guarded by a Private bool FUNCTION.NAME.init.done (DXC's "init
// once"). No initializer: zero, as every HLSL static.
void Lowerer::staticLocal(const ast::VarDecl* v) {
  if (v->type->isResource()) {
    // A static local resource: an alias like a local one (DXC: a Private variable that its
    // legalization resolves); without an initializer it names nothing until assigned.
    staticResDecls_.insert(v);
    res_.slots.erase(ResKey{v, {}});
    if (v->init) assignResource(ResKey{v, {}}, v->type, v->init);
    return;
  }
  // `static const` scalars folded by Sema are constants: reads become literals.
  if ((v->storage & ast::SF_Const) && v->init && v->type->isScalar() && sema_.constValue(v->init).valid()) {
    constGlobals_.insert(v);
    return;
  }
  if (auto it = staticLocals_.find(v); it != staticLocals_.end()) {
    // The function is lowered again (another resource specialization): same variables.
    globals_[v] = GlobalRef::of(it->second.var, -1, nullptr);
    if (it->second.done.valid()) initOnce(it->second, v);
    return;
  }
  std::string name = fb_->fn().name + "." + std::string(v->name.str());
  Handle<ir::Type> t = irType(v->type, v->range);
  ir::GlobalVariable gv;
  gv.name = name;
  gv.space = ir::AddressSpace::Private;
  gv.type = t;
  gv.range = v->range;
  ir::FunctionBuilder& f = *fb_;
  f.setRange(v->range);
  bool guarded = v->init != nullptr;
  if (!v->init) {
    gv.init = mb_->zeroConstant(t);
  } else if (pureConstantInit(sema_, v->init)) {
    // Lower the initializer, fold it, and drop the folded expressions again.
    ir::Function& fn = f.fn();
    uint32_t mark = fn.expressions.size(), stmts = fn.statements.size();
    Handle<ir::Expression> val = initializer(v->init, v->type);
    std::optional<Handle<ir::Constant>> c;
    if (fn.statements.size() == stmts) {
      c = foldConstant(val);
      fn.expressions.raw().resize(mark);
      if (fn.exprRanges.size() > mark) fn.exprRanges.resize(mark);
    }
    if (c) {
      gv.init = *c;
      guarded = false;
    }
  }
  StaticLocal sl;
  sl.var = mb_->global(gv);
  if (guarded) {
    ir::GlobalVariable done;
    done.name = name + ".init.done";
    done.space = ir::AddressSpace::Private;
    done.type = m_->types.scalar(ir::Scalar::boolean());
    done.init = mb_->constant(ir::Literal::boolean(false));
    done.range = v->range;
    sl.done = mb_->global(done);
  }
  staticLocals_[v] = sl;
  globals_[v] = GlobalRef::of(sl.var, -1, nullptr);
  if (guarded) initOnce(sl, v);
}

// if (!NAME.init.done) { NAME = init; NAME.init.done = true; }: the initializer is
// evaluated on the first call only.
void Lowerer::initOnce(const StaticLocal& sl, const ast::VarDecl* v) {
  ir::FunctionBuilder& f = *fb_;
  f.setRange(v->range);
  f.ifBegin(f.unary(ir::UnaryOp::LogicalNot, f.load(f.global(sl.done))));
  Handle<ir::Expression> value = initializer(v->init, v->type);
  f.setRange(v->range);
  f.store(f.global(sl.var), value);
  f.store(f.global(sl.done), f.boolean(true));
  f.ifEnd();
}

void Lowerer::localVar(const ast::VarDecl* v) {
  addRequirements(fb_->fn().spirvRequirements, v->attributes);
  if (spirvClassLocal(v)) return;    // [[vk::ext_storage_class(N)]]
  if (resultIdLocal(v)) return;      // vk::ext_result_id<T>
  if (pointerValueLocal(v)) return;  // vk::WorkgroupSpirvPointer<T>
  if (v->storage & ast::SF_Static) {
    if (!v->type) internal(v->range, "variable without a type");
    staticLocal(v);
    return;
  }
  if (v->storage & ast::SF_Groupshared) unsupported(v->range, "groupshared local variables");
  if (!v->type) internal(v->range, "variable without a type");
  if (v->type->isString()) return;  // a printf format: printf() reads its literal
  if (v->type->isResource()) {
    // An alias of a global resource (lower_resources.cpp): no IR variable.
    res_.slots.erase(ResKey{v, {}});
    if (v->init) {
      if (v->init->kind == ast::ExprKind::InitList) unsupported(v->init->range, "an initializer list for a resource");
      assignResource(ResKey{v, {}}, v->type, v->init);
    }
    return;
  }
  bool holds = holdsResource(v->type);
  if (holds && v->init && v->init->kind == ast::ExprKind::InitList)
    unsupported(v->init->range, "an initializer list for a value holding resources");
  fb_->setRange(v->range);
  uint32_t l = fb_->addLocal(std::string(v->name.str()), irType(v->type, v->range));
  fb_->fn().locals[l].spirvDecorations = decorationsOf(v->attributes, v->range, v->type);
  fb_->fn().locals[l].declRange = v->nameRange;
  locals_[v] = l;
  // `RayQuery<F> q = RayQuery<F>();` declares a fresh query: nothing to store (DXC).
  bool freshQuery = v->type->isRayQuery() && v->init && stripNoOps(v->init)->kind == ast::ExprKind::Construct;
  if (v->init && !freshQuery) {
    Handle<ir::Expression> val = initializer(v->init, v->type);
    fb_->setRange(v->range);
    fb_->store(fb_->local(l), val);
    if (holds) assignResource(ResKey{v, {}}, v->type, v->init);
  }
}

void Lowerer::stmt(const ast::Stmt* s) {
  if (!s) return;
  fb_->setRange(s->range);
  switch (s->kind) {
    case ast::StmtKind::Compound: {
      // A lexical scope for debug information (ir::LexicalScope).
      std::vector<ir::LexicalScope>& scopes = fb_->fn().scopes;
      uint32_t outer = scope_;
      scope_ = uint32_t(scopes.size());
      scopes.push_back(ir::LexicalScope{s->range, outer});
      for (const ast::Stmt* c : static_cast<const ast::CompoundStmt*>(s)->body) {
        stmt(c);
        if (isTerminator(c)) break;  // the rest of the block is unreachable
      }
      scope_ = outer;
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
      stmtAttrs_ = s->attributes;  // [[vk::ext_capability]] on vk::ext_execution_mode(...);
      expr(static_cast<const ast::ExprStmt*>(s)->expr);
      stmtAttrs_ = {};
      return;
    case ast::StmtKind::Empty: return;
    case ast::StmtKind::If: {
      auto* i = static_cast<const ast::IfStmt*>(s);
      Handle<ir::Expression> c = expr(i->cond);
      fb_->setRange(s->range);
      fb_->ifBegin(c, controlHint(s));
      // Resource aliases (lower_resources.cpp): each branch from the state before; a
      // constant condition keeps the taken branch's state only.
      sema::ConstValue cv = sema_.constValue(i->cond);
      ResState entry = res_;
      bool savedDead = dead_;
      if (cv.valid() && !cv.asBool()) dead_ = true;
      stmt(i->thenStmt);
      dead_ = savedDead;
      ResState thenS = std::move(res_);
      res_ = entry;
      if (i->elseStmt) {
        fb_->ifElse();
        if (cv.valid() && cv.asBool()) dead_ = true;
        stmt(i->elseStmt);
        dead_ = savedDead;
      }
      fb_->ifEnd();
      if (cv.valid()) {
        if (cv.asBool()) res_ = std::move(thenS);
      } else
        res_ = mergeRes(thenS, res_, s->range);
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
      ResLoop lp;
      ResState entry;
      loopHead(body, inc, lp, entry);
      fb_->loopBegin(controlHint(s));
      if (cond) {
        Handle<ir::Expression> c = expr(cond);
        fb_->setRange(cond->range);
        fb_->ifBegin(fb_->unary(ir::UnaryOp::LogicalNot, c));
        fb_->brk();
        fb_->ifEnd();
        if (!dead_) resBreaks_.back().push_back(res_);
      }
      stmt(body);
      fb_->loopContinuing();
      for (const ResState& c : resContinues_.back()) res_ = mergeRes(res_, c, s->range);
      if (inc) expr(inc);
      fb_->loopEnd();
      loopTail(lp, entry, s->range);
      return;
    }
    case ast::StmtKind::DoWhile: {
      auto* d = static_cast<const ast::DoWhileStmt*>(s);
      ResLoop lp;
      ResState entry;
      loopHead(d->body, d->cond, lp, entry);
      fb_->loopBegin(controlHint(s));
      stmt(d->body);
      fb_->loopContinuing();
      for (const ResState& cs : resContinues_.back()) res_ = mergeRes(res_, cs, s->range);
      Handle<ir::Expression> c = expr(d->cond);
      fb_->setRange(d->cond->range);
      fb_->loopEnd(fb_->unary(ir::UnaryOp::LogicalNot, c));
      if (!dead_) resBreaks_.back().push_back(res_);
      loopTail(lp, entry, s->range);
      return;
    }
    case ast::StmtKind::Switch: {
      auto* sw = static_cast<const ast::SwitchStmt*>(s);
      Handle<ir::Expression> sel = expr(sw->cond);
      std::optional<ir::Scalar> sc = ir::scalarOf(m_->types, typeOf(sel));
      // 32- and 64-bit integers (SPIR-V OpSwitch literals take the selector's width).
      if (!sc || !sc->isInteger() || (sc->width != 32 && sc->width != 64))
        unsupported(sw->cond->range,
                    sc && sc->isInteger() ? "a switch on a 16-bit integer value" : "a switch on a non-integer value");
      fb_->switchBegin(sel, controlHint(s));
      // Resource aliases: each case from the state before the switch (or the case falling
      // into it); a constant selector keeps the taken case's paths only.
      sema::ConstValue cv = sema_.constValue(sw->cond);
      size_t taken = sw->cases.size();
      if (cv.valid()) {
        for (size_t i = 0; i < sw->cases.size(); ++i) {
          const ast::CaseStmt* c = sw->cases[i];
          if (c->isDefault) {
            if (taken == sw->cases.size()) taken = i;
          } else if (sema::ConstValue v = sema_.constValue(c->value); v.valid() && v.asInt() == cv.asInt()) {
            taken = i;
            break;
          }
        }
      }
      ResState entry = res_;
      bool savedDead = dead_;
      bool hasDefault = false;
      bool prevLive = false;
      resBreaks_.push_back({});
      resBreakIsLoop_.push_back(false);
      for (size_t i = 0; i < sw->cases.size(); ++i) {
        const ast::CaseStmt* c = sw->cases[i];
        bool fallThrough = c->body.empty() || !isTerminator(c->body.back());
        if (i + 1 == sw->cases.size()) fallThrough = false;
        hasDefault |= c->isDefault;
        bool live = !cv.valid() || i == taken || (prevLive && res_.reachable && i > 0);
        if (!cv.valid())
          res_ = i > 0 ? mergeRes(entry, res_, c->range) : entry;
        else if (i == taken || !(prevLive && res_.reachable && i > 0))
          res_ = entry;
        dead_ = savedDead || !live;
        prevLive = live;
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
      dead_ = savedDead;
      {
        ResState out;
        out.reachable = false;
        if (prevLive && !sw->cases.empty()) out = res_;  // the last case runs off the end
        for (const ResState& b : resBreaks_.back()) out = mergeRes(out, b, s->range);
        if ((!cv.valid() && !hasDefault) || (cv.valid() && taken == sw->cases.size()))
          out = mergeRes(out, entry, s->range);
        resBreaks_.pop_back();
        resBreakIsLoop_.pop_back();
        res_ = std::move(out);
      }
      fb_->switchEnd();
      return;
    }
    case ast::StmtKind::Case: internal(s->range, "case label outside a switch");
    case ast::StmtKind::Break:
      fb_->brk();
      if (!resBreaks_.empty() && !dead_) resBreaks_.back().push_back(res_);
      res_.reachable = false;
      return;
    case ast::StmtKind::Continue:
      fb_->cont();
      if (!resContinues_.empty() && !dead_) resContinues_.back().push_back(res_);
      res_.reachable = false;
      return;
    case ast::StmtKind::Discard:
      fb_->kill();
      res_.reachable = false;
      return;
    case ast::StmtKind::Return: {
      auto* r = static_cast<const ast::ReturnStmt*>(s);
      if (inlineReturn_) {
        if (inlineReturn_->type && holdsResource(inlineReturn_->type))
          unsupported(r->range, "returning a resource from an inlined helper");
        inlinedReturn(r);
        return;
      }
      if (returnType_ && returnType_->isResource()) {
        resourceReturn(r);
        return;
      }
      if (returnType_ && holdsResource(returnType_)) unsupported(r->range, "returning a value holding resources");
      res_.reachable = false;
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
