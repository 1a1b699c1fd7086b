// Helpers for the Sema tests: SourceManager -> Preprocessor -> Parser -> Sema on a string.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "diag/diag.hpp"
#include "sema/sema.hpp"
#include "syntax/ast.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"
#include "syntax/source.hpp"

namespace oneshader::testing {

struct Checked {
  SourceManager sm;
  DiagEngine diags{&sm};
  ast::AstContext ctx;
  std::unique_ptr<Preprocessor> pp;
  ast::TranslationUnit* tu = nullptr;
  sema::TypeContext types;
  std::unique_ptr<sema::Sema> sema;
  bool ok = false;
  bool parseErrors = false;

  // "OSH0005@3:14 message" for each diagnostic, in order.
  std::vector<std::string> diagList() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.diagnostics()) {
      PresumedLoc p = sm.presumedLoc(d.range.begin);
      out.push_back(diagCodeString(d.id) + "@" + std::to_string(p.line) + ":" + std::to_string(p.column) + " " +
                    d.message);
    }
    return out;
  }
  // "OSH0005@3:14" only.
  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.diagnostics()) {
      PresumedLoc p = sm.presumedLoc(d.range.begin);
      out.push_back(diagCodeString(d.id) + "@" + std::to_string(p.line) + ":" + std::to_string(p.column));
    }
    return out;
  }
  std::string allDiags() const {
    std::string s;
    for (auto& d : diagList()) s += d + "\n";
    return s;
  }

  // Walks every declaration (functions, their bodies, structs, namespaces, cbuffers).
  void forEachVar(const std::function<void(ast::VarDecl*)>& fn) const {
    std::function<void(ast::Decl*)> decl;
    std::function<void(ast::Stmt*)> stmt = [&](ast::Stmt* s) {
      using namespace ast;
      if (!s) return;
      switch (s->kind) {
        case StmtKind::Compound:
          for (auto* x : static_cast<CompoundStmt*>(s)->body) stmt(x);
          break;
        case StmtKind::Decl:
          for (auto* d : static_cast<DeclStmt*>(s)->decls) decl(d);
          break;
        case StmtKind::If:
          stmt(static_cast<IfStmt*>(s)->thenStmt);
          stmt(static_cast<IfStmt*>(s)->elseStmt);
          break;
        case StmtKind::For:
          stmt(static_cast<ForStmt*>(s)->init);
          stmt(static_cast<ForStmt*>(s)->body);
          break;
        case StmtKind::While: stmt(static_cast<WhileStmt*>(s)->body); break;
        case StmtKind::DoWhile: stmt(static_cast<DoWhileStmt*>(s)->body); break;
        case StmtKind::Switch:
          for (auto* c : static_cast<SwitchStmt*>(s)->cases)
            for (auto* x : c->body) stmt(x);
          break;
        default: break;
      }
    };
    decl = [&](ast::Decl* d) {
      using namespace ast;
      if (!d) return;
      switch (d->kind) {
        case DeclKind::Var: fn(static_cast<VarDecl*>(d)); break;
        case DeclKind::Function: stmt(static_cast<FunctionDecl*>(d)->body); break;
        case DeclKind::Struct:
          for (auto* m : static_cast<StructDecl*>(d)->members) decl(m);
          break;
        case DeclKind::Namespace:
          for (auto* m : static_cast<NamespaceDecl*>(d)->decls) decl(m);
          break;
        case DeclKind::CBuffer:
          for (auto* m : static_cast<CBufferDecl*>(d)->members) decl(m);
          break;
        default: break;
      }
    };
    for (auto* d : tu->decls) decl(d);
    // Template instances live only in the program.
    for (auto* f : sema->program().functions) stmt(f->body);
  }
  ast::VarDecl* var(const std::string& name) const {
    ast::VarDecl* found = nullptr;
    forEachVar([&](ast::VarDecl* v) {
      if (!found && v->name.str() == name) found = v;
    });
    return found;
  }
  // Typed dump of the initializer of the (first) variable called `name`.
  std::string init(const std::string& name) const {
    ast::VarDecl* v = var(name);
    if (!v) return "NO VAR " + name;
    if (!v->init) return "NO INIT";
    return sema::dumpTypedExpr(v->init);
  }
  std::string typeOf(const std::string& name) const {
    ast::VarDecl* v = var(name);
    if (!v) return "NO VAR " + name;
    return v->type ? v->type->toString() : "null";
  }
  ast::FunctionDecl* function(const std::string& name) const {
    for (auto* f : sema->program().functions)
      if (f->name.str() == name) return f;
    return nullptr;
  }
};

// Checks the annotation contract on every expression of every checked function and
// global initializer: non-null type, no error type, no literal type, binary operands of
// equal type (except `,`, shifts, logical ops), casts typed. Returns the violations.
inline std::vector<std::string> contractViolations(const Checked& c) {
  using namespace ast;
  std::vector<std::string> out;
  std::function<void(Expr*)> expr = [&](Expr* e) {
    if (!e) return;
    if (!e->type) {
      out.push_back("null type: " + dumpExpr(e));
      return;
    }
    if (e->type->isError()) out.push_back("error type: " + sema::dumpTypedExpr(e));
    if (e->type->isLiteral()) out.push_back("literal type: " + sema::dumpTypedExpr(e));
    switch (e->kind) {
      case ExprKind::Paren: expr(static_cast<ParenExpr*>(e)->sub); break;
      case ExprKind::Unary: expr(static_cast<UnaryExpr*>(e)->sub); break;
      case ExprKind::Binary: {
        auto* b = static_cast<BinaryExpr*>(e);
        expr(b->lhs);
        expr(b->rhs);
        bool exempt =
            b->op == BinaryOp::Comma || b->op == BinaryOp::LogAnd || b->op == BinaryOp::LogOr || isAssignment(b->op);
        if (!exempt && b->lhs->type != b->rhs->type) out.push_back("operand types differ: " + sema::dumpTypedExpr(e));
        if (b->op == BinaryOp::Assign && b->lhs->type != b->rhs->type)
          out.push_back("assignment types differ: " + sema::dumpTypedExpr(e));
        break;
      }
      case ExprKind::Conditional: {
        auto* x = static_cast<ConditionalExpr*>(e);
        expr(x->cond);
        expr(x->thenExpr);
        expr(x->elseExpr);
        if (x->thenExpr->type != x->elseExpr->type) out.push_back("arms differ: " + sema::dumpTypedExpr(e));
        break;
      }
      case ExprKind::Cast: expr(static_cast<CastExpr*>(e)->sub); break;
      case ExprKind::ImplicitCast: expr(static_cast<ImplicitCastExpr*>(e)->sub); break;
      case ExprKind::Construct:
        for (auto* a : static_cast<ConstructExpr*>(e)->args) expr(a);
        break;
      case ExprKind::Call: {
        auto* x = static_cast<CallExpr*>(e);
        expr(x->object);
        for (auto* a : x->args) expr(a);
        if (!x->callee && x->intrinsic == ~0u) out.push_back("unresolved call: " + sema::dumpTypedExpr(e));
        if (x->callee)
          for (size_t i = 0; i < x->args.size() && i < x->callee->params.size(); ++i)
            if (x->args[i]->type != x->callee->params[i]->type)
              out.push_back("argument type differs: " + sema::dumpTypedExpr(e));
        break;
      }
      case ExprKind::Member: expr(static_cast<MemberExpr*>(e)->base); break;
      case ExprKind::Index:
        expr(static_cast<IndexExpr*>(e)->base);
        expr(static_cast<IndexExpr*>(e)->index);
        break;
      case ExprKind::InitList:
        for (auto* a : static_cast<InitListExpr*>(e)->inits) expr(a);
        break;
      case ExprKind::DeclRef:
        if (!static_cast<DeclRefExpr*>(e)->decl) out.push_back("unresolved name: " + sema::dumpTypedExpr(e));
        break;
      default: break;
    }
  };
  std::function<void(Stmt*)> stmt = [&](Stmt* s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Compound:
        for (auto* x : static_cast<CompoundStmt*>(s)->body) stmt(x);
        break;
      case StmtKind::Decl:
        for (auto* d : static_cast<DeclStmt*>(s)->decls)
          if (d && d->kind == DeclKind::Var) expr(static_cast<VarDecl*>(d)->init);
        break;
      case StmtKind::Expr: expr(static_cast<ExprStmt*>(s)->expr); break;
      case StmtKind::If: {
        auto* x = static_cast<IfStmt*>(s);
        expr(x->cond);
        if (x->cond && !(x->cond->type->isScalar() && x->cond->type->isBool())) out.push_back("if condition not bool");
        stmt(x->thenStmt);
        stmt(x->elseStmt);
        break;
      }
      case StmtKind::For: {
        auto* x = static_cast<ForStmt*>(s);
        stmt(x->init);
        expr(x->cond);
        expr(x->inc);
        stmt(x->body);
        break;
      }
      case StmtKind::While:
        expr(static_cast<WhileStmt*>(s)->cond);
        stmt(static_cast<WhileStmt*>(s)->body);
        break;
      case StmtKind::DoWhile:
        expr(static_cast<DoWhileStmt*>(s)->cond);
        stmt(static_cast<DoWhileStmt*>(s)->body);
        break;
      case StmtKind::Switch:
        expr(static_cast<SwitchStmt*>(s)->cond);
        for (auto* k : static_cast<SwitchStmt*>(s)->cases) {
          expr(k->value);
          for (auto* x : k->body) stmt(x);
        }
        break;
      case StmtKind::Return: {
        auto* r = static_cast<ReturnStmt*>(s);
        expr(r->value);
        break;
      }
      default: break;
    }
  };
  for (auto* f : c.sema->program().functions) stmt(f->body);
  for (auto& g : c.sema->program().globals)
    if (g.decl) expr(g.decl->init);
  return out;
}

inline std::unique_ptr<Checked> check(const std::string& text, sema::SemaOptions opts = {}) {
  auto c = std::make_unique<Checked>();
  FileId f = c->sm.addBuffer("test.hlsl", text);
  c->pp = std::make_unique<Preprocessor>(c->sm, c->diags);
  c->pp->enterMainFile(f);
  Parser parser(*c->pp, c->ctx, c->diags);
  c->tu = parser.parseTranslationUnit();
  c->parseErrors = c->diags.hasErrors();
  c->sema = std::make_unique<sema::Sema>(c->ctx, c->types, c->diags, opts);
  c->ok = c->sema->check(c->tu) && !c->parseErrors;
  return c;
}

// Checks `body` as the body of a function `void test_fn()` after `prelude`.
inline std::unique_ptr<Checked> checkBody(const std::string& body, const std::string& prelude = "",
                                          sema::SemaOptions opts = {}) {
  return check(prelude + "\nvoid test_fn() {\n" + body + "\n}\n", opts);
}

}  // namespace oneshader::testing
