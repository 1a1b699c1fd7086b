// Helpers for the parser tests: run SourceManager -> Preprocessor -> Parser on a string.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "diag/diag.hpp"
#include "syntax/ast.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"
#include "syntax/source.hpp"

namespace oneshader::testing {

struct Parsed {
  SourceManager sm;
  DiagEngine diags{&sm};
  ast::AstContext ctx;
  std::unique_ptr<Preprocessor> pp;
  ast::TranslationUnit* tu = nullptr;

  std::string dump() const { return ast::dumpAst(*tu); }
  // "OSH2001@3:14 expected ';'" for each diagnostic, in order.
  std::vector<std::string> diagList() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.diagnostics()) {
      PresumedLoc p = sm.presumedLoc(d.range.begin);
      out.push_back(diagCodeString(d.id) + "@" + std::to_string(p.line) + ":" + std::to_string(p.column) + " " +
                    d.message);
    }
    return out;
  }
};

inline std::unique_ptr<Parsed> parseSource(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  FileId f = p->sm.addBuffer("test.hlsl", text);
  p->pp = std::make_unique<Preprocessor>(p->sm, p->diags);
  p->pp->enterMainFile(f);
  Parser parser(*p->pp, p->ctx, p->diags);
  p->tu = parser.parseTranslationUnit();
  return p;
}

// Parses `prelude` declarations, then `expr` as the initializer of a variable, and
// returns the S-expression of that initializer (or the diagnostics if any).
inline std::string parseExpr(const std::string& expr, const std::string& prelude = "") {
  auto p = parseSource(prelude + "\nstatic const int __e = " + expr + ";\n");
  if (p->diags.hasErrors()) {
    std::string s = "ERRORS:";
    for (auto& d : p->diagList()) s += " " + d;
    return s;
  }
  const ast::Decl* last = p->tu->decls.back();
  auto* v = ast::dyn_cast<ast::VarDecl>(last);
  if (!v || !v->init) return "NO INIT";
  return ast::dumpExpr(v->init);
}

}  // namespace oneshader::testing
