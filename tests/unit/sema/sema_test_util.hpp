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
        case StmtKind::Compound: for (auto* x : static_cast<CompoundStmt*>(s)->body) stmt(x); break;
        case StmtKind::Decl: for (auto* d : static_cast<DeclStmt*>(s)->decls) decl(d); break;
        case StmtKind::If: stmt(static_cast<IfStmt*>(s)->thenStmt); stmt(static_cast<IfStmt*>(s)->elseStmt); break;
        case StmtKind::For: stmt(static_cast<ForStmt*>(s)->init); stmt(static_cast<ForStmt*>(s)->body); break;
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
        case DeclKind::Struct: for (auto* m : static_cast<StructDecl*>(d)->members) decl(m); break;
        case DeclKind::Namespace: for (auto* m : static_cast<NamespaceDecl*>(d)->decls) decl(m); break;
        case DeclKind::CBuffer: for (auto* m : static_cast<CBufferDecl*>(d)->members) decl(m); break;
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
