// Deep copies of template declarations for instantiation: each instance gets its own nodes
// so Sema can annotate them with the instance's types. Sema slots are reset in the copy.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

namespace {
struct Cloner {
  AstContext& ctx;
  std::unordered_map<const Decl*, Decl*> declMap;  // original -> copy (params, locals)

  template <class T>
  std::span<T*> list(std::span<T*> src, T* (Cloner::*fn)(T*)) {
    std::vector<T*> out;
    out.reserve(src.size());
    for (T* x : src) out.push_back(x ? (this->*fn)(x) : nullptr);
    return ctx.copy(out);
  }

  TypeSpec* type(TypeSpec* t) {
    if (!t) return nullptr;
    auto* c = ctx.make<TypeSpec>(*t);
    c->resolved = nullptr;
    std::vector<TemplateArg> args;
    for (auto& a : t->templateArgs) args.push_back(TemplateArg{type(a.type), expr(a.expr)});
    c->templateArgs = ctx.copy(args);
    c->arrayDims = list(t->arrayDims, &Cloner::expr);
    if (t->inlineStruct) c->inlineStruct = static_cast<StructDecl*>(decl(t->inlineStruct));
    c->scopeType = type(t->scopeType);
    return c;
  }

  std::span<Attribute*> attrs(std::span<Attribute*> src) {
    std::vector<Attribute*> out;
    for (Attribute* a : src) {
      if (!a) continue;
      auto* c = ctx.make<Attribute>(*a);
      c->args = list(a->args, &Cloner::expr);
      out.push_back(c);
    }
    return ctx.copy(out);
  }

  Expr* expr(Expr* e) {
    if (!e) return nullptr;
    Expr* c = nullptr;
    switch (e->kind) {
      case ExprKind::IntLiteral: c = ctx.make<IntLiteralExpr>(*static_cast<IntLiteralExpr*>(e)); break;
      case ExprKind::FloatLiteral: c = ctx.make<FloatLiteralExpr>(*static_cast<FloatLiteralExpr*>(e)); break;
      case ExprKind::BoolLiteral: c = ctx.make<BoolLiteralExpr>(*static_cast<BoolLiteralExpr*>(e)); break;
      case ExprKind::StringLiteral: c = ctx.make<StringLiteralExpr>(*static_cast<StringLiteralExpr*>(e)); break;
      case ExprKind::DeclRef: {
        auto* x = ctx.make<DeclRefExpr>(*static_cast<DeclRefExpr*>(e));
        std::vector<TemplateArg> args;
        for (auto& a : x->templateArgs) args.push_back(TemplateArg{type(a.type), expr(a.expr)});
        x->templateArgs = ctx.copy(args);
        x->scopeType = type(x->scopeType);
        x->decl = nullptr;
        c = x;
        break;
      }
      case ExprKind::Paren: {
        auto* x = ctx.make<ParenExpr>(*static_cast<ParenExpr*>(e));
        x->sub = expr(x->sub);
        c = x;
        break;
      }
      case ExprKind::Unary: {
        auto* x = ctx.make<UnaryExpr>(*static_cast<UnaryExpr*>(e));
        x->sub = expr(x->sub);
        c = x;
        break;
      }
      case ExprKind::Binary: {
        auto* x = ctx.make<BinaryExpr>(*static_cast<BinaryExpr*>(e));
        x->lhs = expr(x->lhs);
        x->rhs = expr(x->rhs);
        c = x;
        break;
      }
      case ExprKind::Conditional: {
        auto* x = ctx.make<ConditionalExpr>(*static_cast<ConditionalExpr*>(e));
        x->cond = expr(x->cond);
        x->thenExpr = expr(x->thenExpr);
        x->elseExpr = expr(x->elseExpr);
        c = x;
        break;
      }
      case ExprKind::Cast: {
        auto* x = ctx.make<CastExpr>(*static_cast<CastExpr*>(e));
        x->typeSpec = type(x->typeSpec);
        x->sub = expr(x->sub);
        c = x;
        break;
      }
      case ExprKind::ImplicitCast:
        // Never present before Sema runs on a template body.
        return expr(static_cast<ImplicitCastExpr*>(e)->sub);
      case ExprKind::Construct: {
        auto* x = ctx.make<ConstructExpr>(*static_cast<ConstructExpr*>(e));
        x->typeSpec = type(x->typeSpec);
        x->args = list(x->args, &Cloner::expr);
        c = x;
        break;
      }
      case ExprKind::Call: {
        auto* x = ctx.make<CallExpr>(*static_cast<CallExpr*>(e));
        std::vector<TemplateArg> args;
        for (auto& a : x->templateArgs) args.push_back(TemplateArg{type(a.type), expr(a.expr)});
        x->templateArgs = ctx.copy(args);
        x->scopeType = type(x->scopeType);
        x->object = expr(x->object);
        x->calleeExpr = expr(x->calleeExpr);
        x->args = list(x->args, &Cloner::expr);
        x->callee = nullptr;
        x->intrinsic = ~0u;
        c = x;
        break;
      }
      case ExprKind::Member: {
        auto* x = ctx.make<MemberExpr>(*static_cast<MemberExpr*>(e));
        x->base = expr(x->base);
        x->field = nullptr;
        x->swizzleLen = 0;
        x->isMatrixSwizzle = false;
        c = x;
        break;
      }
      case ExprKind::Index: {
        auto* x = ctx.make<IndexExpr>(*static_cast<IndexExpr*>(e));
        x->base = expr(x->base);
        x->index = expr(x->index);
        if (x->level) x->level = expr(x->level);
        c = x;
        break;
      }
      case ExprKind::InitList: {
        auto* x = ctx.make<InitListExpr>(*static_cast<InitListExpr*>(e));
        x->inits = list(x->inits, &Cloner::expr);
        c = x;
        break;
      }
      case ExprKind::Sizeof: {
        auto* x = ctx.make<SizeofExpr>(*static_cast<SizeofExpr*>(e));
        x->typeSpec = type(x->typeSpec);
        x->sub = expr(x->sub);
        c = x;
        break;
      }
      case ExprKind::This: c = ctx.make<ThisExpr>(*static_cast<ThisExpr*>(e)); break;
      case ExprKind::Error: c = ctx.make<ErrorExpr>(*static_cast<ErrorExpr*>(e)); break;
    }
    c->type = nullptr;
    c->isLValue = false;
    return c;
  }

  void varFields(VarDecl* c, VarDecl* v) {
    c->typeSpec = type(v->typeSpec);
    c->arrayDims = list(v->arrayDims, &Cloner::expr);
    c->init = expr(v->init);
    c->type = nullptr;
    c->attributes = attrs(v->attributes);
  }

  Decl* decl(Decl* d) {
    if (!d) return nullptr;
    Decl* c = nullptr;
    switch (d->kind) {
      case DeclKind::Var: {
        auto* x = ctx.make<VarDecl>(*static_cast<VarDecl*>(d));
        varFields(x, static_cast<VarDecl*>(d));
        c = x;
        break;
      }
      case DeclKind::Param: {
        auto* x = ctx.make<ParamDecl>(*static_cast<ParamDecl*>(d));
        varFields(x, static_cast<VarDecl*>(d));
        c = x;
        break;
      }
      case DeclKind::Field: {
        auto* x = ctx.make<FieldDecl>(*static_cast<FieldDecl*>(d));
        varFields(x, static_cast<VarDecl*>(d));
        x->bitWidth = expr(x->bitWidth);
        c = x;
        break;
      }
      case DeclKind::Function: c = function(static_cast<FunctionDecl*>(d)); break;
      case DeclKind::Struct: c = structure(static_cast<StructDecl*>(d)); break;
      case DeclKind::Typedef: {
        auto* x = ctx.make<TypedefDecl>(*static_cast<TypedefDecl*>(d));
        x->typeSpec = type(x->typeSpec);
        x->arrayDims = list(x->arrayDims, &Cloner::expr);
        x->type = nullptr;
        c = x;
        break;
      }
      case DeclKind::Enum: {
        auto* x = ctx.make<EnumDecl>(*static_cast<EnumDecl*>(d));
        x->underlying = type(x->underlying);
        std::vector<EnumConstantDecl*> ks;
        for (auto* k : x->enumerators) {
          auto* kc = ctx.make<EnumConstantDecl>(*k);
          kc->value = expr(k->value);
          ks.push_back(kc);
        }
        x->enumerators = ctx.copy(ks);
        x->type = nullptr;
        c = x;
        break;
      }
      case DeclKind::StaticAssert: {
        auto* x = ctx.make<StaticAssertDecl>(*static_cast<StaticAssertDecl*>(d));
        x->cond = expr(x->cond);
        c = x;
        break;
      }
      default: return d;  // namespaces, using: not inside templates
    }
    declMap[d] = c;
    return c;
  }

  FunctionDecl* function(FunctionDecl* f) {
    auto* c = ctx.make<FunctionDecl>(*f);
    c->returnTypeSpec = type(f->returnTypeSpec);
    std::vector<ParamDecl*> ps;
    for (ParamDecl* p : f->params) {
      auto* pc = static_cast<ParamDecl*>(decl(p));
      pc->parent = c;
      ps.push_back(pc);
    }
    c->params = ctx.copy(ps);
    c->body = static_cast<CompoundStmt*>(stmt(f->body));
    c->attributes = attrs(f->attributes);
    c->returnType = nullptr;
    return c;
  }

  StructDecl* structure(StructDecl* s) {
    auto* c = ctx.make<StructDecl>(*s);
    c->bases = list(s->bases, &Cloner::type);
    std::vector<TemplateArg> sargs;
    for (auto& a : s->specArgs) sargs.push_back(TemplateArg{type(a.type), expr(a.expr)});
    c->specArgs = ctx.copy(sargs);
    std::vector<Decl*> members;
    std::vector<FieldDecl*> fields;
    std::vector<FunctionDecl*> methods;
    for (Decl* m : s->members) {
      Decl* mc = decl(m);
      if (!mc) continue;
      mc->parent = c;
      members.push_back(mc);
      if (mc->kind == DeclKind::Field) fields.push_back(static_cast<FieldDecl*>(mc));
      if (mc->kind == DeclKind::Function) {
        auto* fc = static_cast<FunctionDecl*>(mc);
        fc->owner = c;
        methods.push_back(fc);
      }
    }
    c->members = ctx.copy(members);
    c->fields = ctx.copy(fields);
    c->methods = ctx.copy(methods);
    c->type = nullptr;
    return c;
  }

  Stmt* stmt(Stmt* s) {
    if (!s) return nullptr;
    Stmt* c = nullptr;
    switch (s->kind) {
      case StmtKind::Compound: {
        auto* x = ctx.make<CompoundStmt>(*static_cast<CompoundStmt*>(s));
        x->body = list(x->body, &Cloner::stmt);
        c = x;
        break;
      }
      case StmtKind::Decl: {
        auto* x = ctx.make<DeclStmt>(*static_cast<DeclStmt*>(s));
        x->decls = list(x->decls, &Cloner::decl);
        c = x;
        break;
      }
      case StmtKind::Expr: {
        auto* x = ctx.make<ExprStmt>(*static_cast<ExprStmt*>(s));
        x->expr = expr(x->expr);
        c = x;
        break;
      }
      case StmtKind::If: {
        auto* x = ctx.make<IfStmt>(*static_cast<IfStmt*>(s));
        x->cond = expr(x->cond);
        x->thenStmt = stmt(x->thenStmt);
        x->elseStmt = stmt(x->elseStmt);
        c = x;
        break;
      }
      case StmtKind::For: {
        auto* x = ctx.make<ForStmt>(*static_cast<ForStmt*>(s));
        x->init = stmt(x->init);
        x->cond = expr(x->cond);
        x->inc = expr(x->inc);
        x->body = stmt(x->body);
        c = x;
        break;
      }
      case StmtKind::While: {
        auto* x = ctx.make<WhileStmt>(*static_cast<WhileStmt*>(s));
        x->cond = expr(x->cond);
        x->body = stmt(x->body);
        c = x;
        break;
      }
      case StmtKind::DoWhile: {
        auto* x = ctx.make<DoWhileStmt>(*static_cast<DoWhileStmt*>(s));
        x->body = stmt(x->body);
        x->cond = expr(x->cond);
        c = x;
        break;
      }
      case StmtKind::Switch: {
        auto* x = ctx.make<SwitchStmt>(*static_cast<SwitchStmt*>(s));
        x->cond = expr(x->cond);
        std::vector<CaseStmt*> cs;
        for (CaseStmt* k : x->cases) cs.push_back(k ? static_cast<CaseStmt*>(stmt(k)) : nullptr);
        x->cases = ctx.copy(cs);
        c = x;
        break;
      }
      case StmtKind::Case: {
        auto* x = ctx.make<CaseStmt>(*static_cast<CaseStmt*>(s));
        x->value = expr(x->value);
        x->body = list(x->body, &Cloner::stmt);
        c = x;
        break;
      }
      case StmtKind::Break: c = ctx.make<BreakStmt>(*static_cast<BreakStmt*>(s)); break;
      case StmtKind::Continue: c = ctx.make<ContinueStmt>(*static_cast<ContinueStmt*>(s)); break;
      case StmtKind::Return: {
        auto* x = ctx.make<ReturnStmt>(*static_cast<ReturnStmt*>(s));
        x->value = expr(x->value);
        c = x;
        break;
      }
      case StmtKind::Discard: c = ctx.make<DiscardStmt>(*static_cast<DiscardStmt*>(s)); break;
      case StmtKind::Empty: c = ctx.make<EmptyStmt>(*static_cast<EmptyStmt*>(s)); break;
    }
    c->attributes = attrs(s->attributes);
    return c;
  }
};
}  // namespace

FunctionDecl* SemaImpl::cloneFunction(FunctionDecl* f) {
  Cloner c{ctx, {}};
  return c.function(f);
}

StructDecl* SemaImpl::cloneStruct(StructDecl* s) {
  Cloner c{ctx, {}};
  return c.structure(s);
}

TypeSpec* SemaImpl::cloneTypeSpec(TypeSpec* t, std::span<Expr*>& dims) {
  Cloner c{ctx, {}};
  dims = c.list(dims, &Cloner::expr);
  return c.type(t);
}

}  // namespace oneshader::sema
