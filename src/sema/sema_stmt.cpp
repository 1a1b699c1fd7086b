// Sema: statements.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

void SemaImpl::checkFullExpr(Expr*& e) {
  if (!e) return;
  checkExpr(e);
  finalizeLiteral(e);
}

void SemaImpl::checkCompound(CompoundStmt* s, bool scoped) {
  if (!s) return;
  Scope* sc = nullptr;
  if (scoped) {
    sc = newScope(Scope::Kind::Block, nullptr);
    pushScope(sc);
  }
  for (Stmt* st : s->body) checkStmt(st);
  if (scoped) popScope();
}

// A statement that is the body of a loop or if gets its own scope. Only a declaration
// puts names into the scope it is in (the others that declare make their own), so the rest
// are checked in place: an `else if` chain thousands long stays one scope deep, and name
// lookup does not walk a scope per link.
static void checkScopedStmt(SemaImpl& S, Stmt* s) {
  if (!s) return;
  if (s->kind == StmtKind::Compound) {
    S.checkCompound(static_cast<CompoundStmt*>(s), true);
    return;
  }
  if (s->kind != StmtKind::Decl) {
    S.checkStmt(s);
    return;
  }
  Scope* sc = S.newScope(Scope::Kind::Block, nullptr);
  S.pushScope(sc);
  S.checkStmt(s);
  S.popScope();
}

void SemaImpl::checkStmt(Stmt* s) {
  if (!s) return;
  if (!s->attributes.empty() && s->kind == StmtKind::Decl) {
    // `[[vk::aliased_pointer]] uint x;`: the attributes belong to the declared variables.
    for (Decl* d : static_cast<DeclStmt*>(s)->decls)
      if (d && d->attributes.empty()) d->attributes = s->attributes;
  } else if (!s->attributes.empty()) {
    uint32_t subject = AS_OtherStmt;
    switch (s->kind) {
      case StmtKind::For:
      case StmtKind::While:
      case StmtKind::DoWhile: subject = AS_Loop; break;
      case StmtKind::If: subject = AS_If; break;
      case StmtKind::Switch: subject = AS_Switch; break;
      default: break;
    }
    checkAttributes(s->attributes, subject);
    checkInlineSpirvStmtAttrs(s);
  }
  switch (s->kind) {
    case StmtKind::Compound: checkCompound(static_cast<CompoundStmt*>(s), true); break;
    case StmtKind::Decl: {
      for (Decl* d : static_cast<DeclStmt*>(s)->decls) {
        if (!d) continue;
        switch (d->kind) {
          case DeclKind::Var: {
            auto* v = static_cast<VarDecl*>(d);
            if (v->storage & SF_Groupshared) {
              error(DiagId::InvalidAttributeArg, v->range, {"groupshared", "only global variables can be groupshared"});
            }
            checkVarDecl(v, false, true);
            break;
          }
          case DeclKind::Struct: checkStructDecl(static_cast<StructDecl*>(d)); break;
          case DeclKind::Typedef: checkTypedef(static_cast<TypedefDecl*>(d)); break;
          case DeclKind::Enum: checkEnum(static_cast<EnumDecl*>(d)); break;
          case DeclKind::StaticAssert: checkStaticAssert(static_cast<StaticAssertDecl*>(d)); break;
          case DeclKind::Function: checkLocalFunctionDecl(static_cast<FunctionDecl*>(d)); break;
          default: notSupported("this local declaration", d->range); break;
        }
      }
      break;
    }
    case StmtKind::Expr: {
      auto* es = static_cast<ExprStmt*>(s);
      checkFullExpr(es->expr);
      break;
    }
    case StmtKind::If: {
      auto* is = static_cast<IfStmt*>(s);
      checkCondition(is->cond, "if");
      checkScopedStmt(*this, is->thenStmt);
      checkScopedStmt(*this, is->elseStmt);
      break;
    }
    case StmtKind::For: {
      auto* fs = static_cast<ForStmt*>(s);
      Scope* sc = newScope(Scope::Kind::Block, nullptr);
      pushScope(sc);
      checkStmt(fs->init);
      if (fs->cond) checkCondition(fs->cond, "for");
      if (fs->inc) checkFullExpr(fs->inc);
      if (fnCtx) ++fnCtx->loopDepth;
      checkScopedStmt(*this, fs->body);
      if (fnCtx) --fnCtx->loopDepth;
      popScope();
      break;
    }
    case StmtKind::While: {
      auto* ws = static_cast<WhileStmt*>(s);
      checkCondition(ws->cond, "while");
      if (fnCtx) ++fnCtx->loopDepth;
      checkScopedStmt(*this, ws->body);
      if (fnCtx) --fnCtx->loopDepth;
      break;
    }
    case StmtKind::DoWhile: {
      auto* ds = static_cast<DoWhileStmt*>(s);
      if (fnCtx) ++fnCtx->loopDepth;
      checkScopedStmt(*this, ds->body);
      if (fnCtx) --fnCtx->loopDepth;
      checkCondition(ds->cond, "do-while");
      break;
    }
    case StmtKind::Switch: {
      auto* ss = static_cast<SwitchStmt*>(s);
      const Type* ct = checkExpr(ss->cond);
      if (!ct->isError()) {
        finalizeLiteral(ss->cond);
        const Type* cv = asValueTypeOf(ss->cond->type);
        if (cv->isEnum()) cv = cv->underlyingType();
        // DXC converts a floating-point or bool selector to int (C's integral conversion).
        if (cv->isScalar() && !cv->isIntegral() && convert(ss->cond, types.intType())) cv = types.intType();
        if (!cv->isScalar() || !cv->isIntegral()) {
          error(DiagId::TypeMismatch, ss->cond->range, {typeName(ss->cond->type), "an integer scalar"});
          ct = types.errorType();  // the case values are not converted to it
        }
      }
      std::vector<int64_t> seen;
      bool seenDefault = false;
      if (fnCtx) ++fnCtx->switchDepth;
      Scope* sc = newScope(Scope::Kind::Block, nullptr);
      pushScope(sc);
      for (CaseStmt* c : ss->cases) {
        if (!c) continue;
        if (c->isDefault) {
          if (seenDefault) error(DiagId::Redefinition, c->range, {"default"});
          seenDefault = true;
        } else if (c->value) {
          const Type* vt = checkExpr(c->value);
          if (!vt->isError()) {
            if (!ct->isError() && ss->cond->type && !ss->cond->type->isError())
              convert(c->value, ss->cond->type);
            else
              finalizeLiteral(c->value);
            ConstValue v = eval(c->value);
            if (!v.valid()) {
              error(DiagId::NotConstant, c->value->range);
            } else {
              for (int64_t x : seen)
                if (x == v.asInt()) error(DiagId::Redefinition, c->value->range, {"case " + std::to_string(x)});
              seen.push_back(v.asInt());
            }
          }
        }
        for (Stmt* st : c->body) checkStmt(st);
      }
      popScope();
      if (fnCtx) --fnCtx->switchDepth;
      break;
    }
    case StmtKind::Case:
      // Only valid as a direct child of a switch (the parser structures those).
      error(DiagId::BreakOutsideLoop, s->range, {"case"});
      break;
    case StmtKind::Break:
      if (!fnCtx || (fnCtx->loopDepth == 0 && fnCtx->switchDepth == 0))
        error(DiagId::BreakOutsideLoop, s->range, {"break"});
      break;
    case StmtKind::Continue:
      if (!fnCtx || fnCtx->loopDepth == 0) error(DiagId::BreakOutsideLoop, s->range, {"continue"});
      break;
    case StmtKind::Return: {
      auto* rs = static_cast<ReturnStmt*>(s);
      const Type* rt = fnCtx ? fnCtx->returnType : types.voidType();
      std::string fname = fnCtx && fnCtx->fn ? std::string(fnCtx->fn->name.str()) : std::string();
      if (rs->value) {
        const Type* vt = checkExpr(rs->value);
        if (vt->isError() || rt->isError()) break;
        if (rt->isVoid()) {
          if (!vt->isVoid()) error(DiagId::ReturnTypeMismatch, rs->value->range, {typeName(vt), "void"});
          break;
        }
        if (conversionRank(vt, rt) == CR_None && !(vt->isLiteral())) {
          error(DiagId::ReturnTypeMismatch, rs->value->range, {typeName(vt), typeName(rt)});
          break;
        }
        convert(rs->value, rt);
      } else if (!rt->isVoid() && !rt->isError()) {
        error(DiagId::MissingReturnValue, s->range, {fname});
      }
      break;
    }
    case StmtKind::Discard:
      // Stage validity (pixel only) is checked per entry point.
      if (fnCtx && fnCtx->fn) discards.push_back(std::make_pair(fnCtx->fn, s->range));
      break;
    case StmtKind::Empty: break;
  }
}

}  // namespace oneshader::sema
