// A stable text form of the AST for tests and debugging.
//
// Declarations and statements print one per line, indented by two spaces per level;
// expressions print as S-expressions: `(+ a (* b c))`, `(cast float3 x)`, `(. v xyz)`,
// `([] a i)`, `(call f a b)`, `(call buf.Load i)`, `(construct float4 a b)`.
#include <charconv>
#include <string>

#include "syntax/ast.hpp"

namespace oneshader::ast {

namespace {

void appendIdentPath(std::string& out, std::span<Ident> quals, Ident name, bool global) {
  if (global) out += "::";
  for (Ident q : quals) {
    out += q.str();
    out += "::";
  }
  out += name ? name.str() : std::string_view("<anon>");
}

void appendTemplateArgs(std::string& out, std::span<TemplateArg> args, bool has) {
  if (!has) return;
  out += '<';
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) out += ", ";
    if (args[i].type)
      out += dumpTypeSpec(args[i].type);
    else
      out += dumpExpr(args[i].expr);
  }
  out += '>';
}

void appendDims(std::string& out, std::span<Expr*> dims) {
  for (Expr* d : dims) {
    out += '[';
    if (d) out += dumpExpr(d);
    out += ']';
  }
}

std::string floatText(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // n: inf/nan
  return s;
}

const char* intSuffix(IntSuffix s) {
  switch (s) {
    case IntSuffix::None: return "";
    case IntSuffix::U: return "u";
    case IntSuffix::L: return "l";
    case IntSuffix::UL: return "ul";
    case IntSuffix::LL: return "ll";
    case IntSuffix::ULL: return "ull";
  }
  return "";
}

void dumpExprTo(std::string& out, const Expr* e);

void appendArgs(std::string& out, std::span<Expr*> args) {
  for (Expr* a : args) {
    out += ' ';
    dumpExprTo(out, a);
  }
}

void dumpExprTo(std::string& out, const Expr* e) {
  if (!e) {
    out += "<null>";
    return;
  }
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      auto* x = static_cast<const IntLiteralExpr*>(e);
      out += std::to_string(x->value);
      out += intSuffix(x->suffix);
      return;
    }
    case ExprKind::FloatLiteral: {
      auto* x = static_cast<const FloatLiteralExpr*>(e);
      out += floatText(x->value);
      switch (x->suffix) {
        case FloatSuffix::None: break;
        case FloatSuffix::F: out += 'f'; break;
        case FloatSuffix::H: out += 'h'; break;
        case FloatSuffix::L: out += 'l'; break;
      }
      return;
    }
    case ExprKind::BoolLiteral: out += static_cast<const BoolLiteralExpr*>(e)->value ? "true" : "false"; return;
    case ExprKind::StringLiteral: {
      out += '"';
      for (char c : static_cast<const StringLiteralExpr*>(e)->value) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n')
          out += "\\n";
        else
          out += c;
      }
      out += '"';
      return;
    }
    case ExprKind::DeclRef: {
      auto* x = static_cast<const DeclRefExpr*>(e);
      appendIdentPath(out, x->qualifiers, x->name, x->leadingGlobalScope);
      appendTemplateArgs(out, x->templateArgs, x->hasTemplateArgs);
      return;
    }
    case ExprKind::Paren:
      out += "(paren ";
      dumpExprTo(out, static_cast<const ParenExpr*>(e)->sub);
      out += ')';
      return;
    case ExprKind::Unary: {
      auto* x = static_cast<const UnaryExpr*>(e);
      out += '(';
      if (x->op == UnaryOp::PreInc || x->op == UnaryOp::PreDec) out += "pre";
      if (isPostfix(x->op)) out += "post";
      out += unaryOpSpelling(x->op);
      out += ' ';
      dumpExprTo(out, x->sub);
      out += ')';
      return;
    }
    case ExprKind::Binary: {
      auto* x = static_cast<const BinaryExpr*>(e);
      out += '(';
      out += binaryOpSpelling(x->op);
      out += ' ';
      dumpExprTo(out, x->lhs);
      out += ' ';
      dumpExprTo(out, x->rhs);
      out += ')';
      return;
    }
    case ExprKind::Conditional: {
      auto* x = static_cast<const ConditionalExpr*>(e);
      out += "(? ";
      dumpExprTo(out, x->cond);
      out += ' ';
      dumpExprTo(out, x->thenExpr);
      out += ' ';
      dumpExprTo(out, x->elseExpr);
      out += ')';
      return;
    }
    case ExprKind::Cast: {
      auto* x = static_cast<const CastExpr*>(e);
      out += "(cast ";
      out += dumpTypeSpec(x->typeSpec);
      out += ' ';
      dumpExprTo(out, x->sub);
      out += ')';
      return;
    }
    case ExprKind::ImplicitCast: {
      auto* x = static_cast<const ImplicitCastExpr*>(e);
      out += "(implicit ";
      out += castKindName(x->castKind);
      out += ' ';
      dumpExprTo(out, x->sub);
      out += ')';
      return;
    }
    case ExprKind::Construct: {
      auto* x = static_cast<const ConstructExpr*>(e);
      out += "(construct ";
      out += dumpTypeSpec(x->typeSpec);
      appendArgs(out, x->args);
      out += ')';
      return;
    }
    case ExprKind::Call: {
      auto* x = static_cast<const CallExpr*>(e);
      out += "(call ";
      if (x->object) {
        dumpExprTo(out, x->object);
        out += '.';
      }
      if (x->calleeExpr)
        dumpExprTo(out, x->calleeExpr);
      else
        appendIdentPath(out, x->qualifiers, x->name, false);
      appendTemplateArgs(out, x->templateArgs, x->hasTemplateArgs);
      appendArgs(out, x->args);
      out += ')';
      return;
    }
    case ExprKind::Member: {
      auto* x = static_cast<const MemberExpr*>(e);
      out += x->isArrow ? "(-> " : "(. ";
      dumpExprTo(out, x->base);
      out += ' ';
      out += x->member.str();
      out += ')';
      return;
    }
    case ExprKind::Index: {
      auto* x = static_cast<const IndexExpr*>(e);
      out += "([] ";
      dumpExprTo(out, x->base);
      out += ' ';
      dumpExprTo(out, x->index);
      out += ')';
      return;
    }
    case ExprKind::InitList:
      out += "(init";
      appendArgs(out, static_cast<const InitListExpr*>(e)->inits);
      out += ')';
      return;
    case ExprKind::Sizeof: {
      auto* x = static_cast<const SizeofExpr*>(e);
      out += "(sizeof ";
      if (x->typeSpec)
        out += dumpTypeSpec(x->typeSpec);
      else
        dumpExprTo(out, x->sub);
      out += ')';
      return;
    }
    case ExprKind::This: out += "this"; return;
    case ExprKind::Error: out += "<error>"; return;
  }
}

// ---- declarations and statements ----
struct Dumper {
  std::string out;
  int indent = 0;

  void line(const std::string& s) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    out += s;
    out += '\n';
  }

  static std::string attrs(std::span<Attribute*> as) {
    std::string s;
    for (const Attribute* a : as) {
      s += a->doubleBracket ? " [[" : " [";
      if (a->ns) {
        s += a->ns.str();
        s += "::";
      }
      s += a->name.str();
      if (!a->args.empty()) {
        s += '(';
        for (size_t i = 0; i < a->args.size(); ++i) {
          if (i) s += ", ";
          s += dumpExpr(a->args[i]);
        }
        s += ')';
      }
      s += a->doubleBracket ? "]]" : "]";
    }
    return s;
  }

  static std::string regs(std::span<RegisterAnnot> rs) {
    std::string s;
    for (const RegisterAnnot& r : rs) {
      s += " register(";
      bool first = true;
      if (r.profile) {
        s += r.profile.str();
        first = false;
      }
      if (r.regClass) {
        if (!first) s += ", ";
        s += r.regClass;
        s += std::to_string(r.index);
        first = false;
      }
      if (r.hasSpace) {
        if (!first) s += ", ";
        s += "space" + std::to_string(r.space);
      }
      s += ')';
    }
    return s;
  }

  static std::string storage(uint32_t sf, uint8_t interp) {
    std::string s;
    static const char* names[] = {"static",  "const",  "groupshared", "uniform", "extern",   "volatile",
                                  "precise", "shared", "inline",      "export",  "constexpr"};
    for (int i = 0; i < 11; ++i)
      if (sf & (1u << i)) {
        s += names[i];
        s += ' ';
      }
    static const char* inames[] = {"nointerpolation", "linear", "centroid", "noperspective", "sample"};
    for (int i = 0; i < 5; ++i)
      if (interp & (1u << i)) {
        s += inames[i];
        s += ' ';
      }
    return s;
  }

  static std::string var(const VarDecl* v) {
    std::string s;
    switch (v->dir) {
      case ParamDir::In: s += "in "; break;
      case ParamDir::Out: s += "out "; break;
      case ParamDir::InOut: s += "inout "; break;
      case ParamDir::None: break;
    }
    static const char* prims[] = {"",         "point ",    "line ",       "triangle ", "lineadj ", "triangleadj ",
                                  "indices ", "vertices ", "primitives ", "payload "};
    s += prims[static_cast<int>(v->prim)];
    // const is shown through the type
    s += storage(v->storage & ~static_cast<uint32_t>(SF_Const | SF_Volatile), v->interp);
    s += v->name ? std::string(v->name.str()) : "<anon>";
    s += " '";
    s += v->typeSpec ? dumpTypeSpec(v->typeSpec) : "?";
    appendDims(s, v->arrayDims);
    s += "'";
    if (auto* f = dyn_cast<FieldDecl>(v); f && f->bitWidth) s += " : " + dumpExpr(f->bitWidth);
    if (v->semantic) s += " : " + std::string(v->semantic.str());
    s += regs(v->registers);
    if (v->packOffset) {
      s += " packoffset(c" + std::to_string(v->packOffset->reg);
      if (v->packOffset->hasComponent) {
        s += '.';
        s += "xyzw"[v->packOffset->component];
      }
      s += ')';
    }
    s += attrs(v->attributes);
    if (v->init) s += " = " + dumpExpr(v->init);
    return s;
  }

  static std::string tparams(std::span<TemplateParamDecl*> ps, bool isTemplate) {
    if (!isTemplate) return "";
    std::string s = " template<";
    for (size_t i = 0; i < ps.size(); ++i) {
      if (i) s += ", ";
      const TemplateParamDecl* p = ps[i];
      if (p->isType)
        s += "typename ";
      else
        s += dumpTypeSpec(p->typeSpec) + " ";
      s += p->name.str();
      if (p->defaultType) s += " = " + dumpTypeSpec(p->defaultType);
      if (p->defaultValue) s += " = " + dumpExpr(p->defaultValue);
    }
    return s + ">";
  }

  void decl(const Decl* d) {
    switch (d->kind) {
      case DeclKind::Var: line("VarDecl " + var(static_cast<const VarDecl*>(d))); return;
      case DeclKind::Param: line("ParamDecl " + var(static_cast<const VarDecl*>(d))); return;
      case DeclKind::Field: line("FieldDecl " + var(static_cast<const VarDecl*>(d))); return;
      case DeclKind::Function: {
        auto* f = static_cast<const FunctionDecl*>(d);
        std::string s = "FunctionDecl ";
        s += storage(f->storage, f->interp);
        std::string name;
        appendIdentPath(name, f->qualifiers, f->name, false);
        s += name + " '" + (f->returnTypeSpec ? dumpTypeSpec(f->returnTypeSpec) : "?") + "'";
        if (f->returnSemantic) s += " : " + std::string(f->returnSemantic.str());
        if (f->isMethod) s += " method";
        if (f->isConstMethod) s += " const";
        s += tparams(f->templateParams, f->isTemplate);
        s += attrs(f->attributes);
        if (!f->body) s += " prototype";
        line(s);
        ++indent;
        for (const ParamDecl* p : f->params) decl(p);
        if (f->body) stmt(f->body);
        --indent;
        return;
      }
      case DeclKind::Struct: {
        auto* sd = static_cast<const StructDecl*>(d);
        static const char* tags[] = {"struct", "class", "interface"};
        std::string s = "StructDecl ";
        s += tags[static_cast<int>(sd->tag)];
        s += ' ';
        s += sd->name ? std::string(sd->name.str()) : "<anon>";
        if (!sd->bases.empty()) {
          s += " :";
          for (const TypeSpec* b : sd->bases) s += " " + dumpTypeSpec(b);
        }
        s += tparams(sd->templateParams, sd->isTemplate);
        s += attrs(sd->attributes);
        if (!sd->isDefinition) s += " forward";
        line(s);
        ++indent;
        for (const Decl* m : sd->members) decl(m);
        --indent;
        return;
      }
      case DeclKind::CBuffer: {
        auto* cb = static_cast<const CBufferDecl*>(d);
        line(std::string(cb->isTBuffer ? "TBufferDecl " : "CBufferDecl ") + std::string(cb->name.str()) +
             regs(cb->registers) + attrs(cb->attributes));
        ++indent;
        for (const Decl* m : cb->members) decl(m);
        --indent;
        return;
      }
      case DeclKind::Typedef: {
        auto* td = static_cast<const TypedefDecl*>(d);
        std::string t = dumpTypeSpec(td->typeSpec);
        appendDims(t, td->arrayDims);
        line(std::string(td->isUsing ? "UsingAlias " : "TypedefDecl ") + std::string(td->name.str()) + " '" + t + "'" +
             tparams(td->templateParams, td->isTemplate));
        return;
      }
      case DeclKind::Namespace: {
        auto* ns = static_cast<const NamespaceDecl*>(d);
        line("NamespaceDecl " + std::string(ns->name.str()));
        ++indent;
        for (const Decl* m : ns->decls) decl(m);
        --indent;
        return;
      }
      case DeclKind::Enum: {
        auto* ed = static_cast<const EnumDecl*>(d);
        std::string s = std::string("EnumDecl ") + (ed->isScoped ? "class " : "") +
                        (ed->name ? std::string(ed->name.str()) : "<anon>");
        if (ed->underlying) s += " : " + dumpTypeSpec(ed->underlying);
        line(s);
        ++indent;
        for (const Decl* c : ed->enumerators) decl(c);
        --indent;
        return;
      }
      case DeclKind::EnumConstant: {
        auto* c = static_cast<const EnumConstantDecl*>(d);
        line("EnumConstant " + std::string(c->name.str()) + (c->value ? " = " + dumpExpr(c->value) : ""));
        return;
      }
      case DeclKind::TemplateParam: line("TemplateParam " + std::string(d->name.str())); return;
      case DeclKind::UsingNamespace: {
        auto* u = static_cast<const UsingNamespaceDecl*>(d);
        std::string p;
        for (size_t i = 0; i < u->path.size(); ++i) {
          if (i) p += "::";
          p += u->path[i].str();
        }
        line("UsingNamespace " + p);
        return;
      }
      case DeclKind::StaticAssert: {
        auto* sa = static_cast<const StaticAssertDecl*>(d);
        line("StaticAssert " + dumpExpr(sa->cond) + (sa->message ? " " + dumpExpr(sa->message) : ""));
        return;
      }
    }
  }

  void stmt(const Stmt* s) {
    if (!s) {
      line("<null>");
      return;
    }
    std::string a = attrs(s->attributes);
    switch (s->kind) {
      case StmtKind::Compound:
        line("CompoundStmt" + a);
        ++indent;
        for (const Stmt* c : static_cast<const CompoundStmt*>(s)->body) stmt(c);
        --indent;
        return;
      case StmtKind::Decl:
        line("DeclStmt" + a);
        ++indent;
        for (const Decl* d : static_cast<const DeclStmt*>(s)->decls) decl(d);
        --indent;
        return;
      case StmtKind::Expr: line("ExprStmt " + dumpExpr(static_cast<const ExprStmt*>(s)->expr) + a); return;
      case StmtKind::If: {
        auto* x = static_cast<const IfStmt*>(s);
        line("IfStmt " + dumpExpr(x->cond) + a);
        ++indent;
        stmt(x->thenStmt);
        if (x->elseStmt) {
          line("else");
          stmt(x->elseStmt);
        }
        --indent;
        return;
      }
      case StmtKind::For: {
        auto* x = static_cast<const ForStmt*>(s);
        line("ForStmt" + a);
        ++indent;
        if (x->init)
          stmt(x->init);
        else
          line("<no init>");
        line("cond " + (x->cond ? dumpExpr(x->cond) : std::string("<none>")));
        line("inc " + (x->inc ? dumpExpr(x->inc) : std::string("<none>")));
        stmt(x->body);
        --indent;
        return;
      }
      case StmtKind::While: {
        auto* x = static_cast<const WhileStmt*>(s);
        line("WhileStmt " + dumpExpr(x->cond) + a);
        ++indent;
        stmt(x->body);
        --indent;
        return;
      }
      case StmtKind::DoWhile: {
        auto* x = static_cast<const DoWhileStmt*>(s);
        line("DoWhileStmt " + dumpExpr(x->cond) + a);
        ++indent;
        stmt(x->body);
        --indent;
        return;
      }
      case StmtKind::Switch: {
        auto* x = static_cast<const SwitchStmt*>(s);
        line("SwitchStmt " + dumpExpr(x->cond) + a);
        ++indent;
        for (const CaseStmt* c : x->cases) stmt(c);
        --indent;
        return;
      }
      case StmtKind::Case: {
        auto* x = static_cast<const CaseStmt*>(s);
        line(x->isDefault ? std::string("Default") : "Case " + dumpExpr(x->value));
        ++indent;
        for (const Stmt* c : x->body) stmt(c);
        --indent;
        return;
      }
      case StmtKind::Break: line("BreakStmt" + a); return;
      case StmtKind::Continue: line("ContinueStmt" + a); return;
      case StmtKind::Return: {
        auto* x = static_cast<const ReturnStmt*>(s);
        line("ReturnStmt" + (x->value ? " " + dumpExpr(x->value) : std::string()) + a);
        return;
      }
      case StmtKind::Discard: line("DiscardStmt" + a); return;
      case StmtKind::Empty: line("EmptyStmt" + a); return;
    }
  }
};

}  // namespace

std::string dumpExpr(const Expr* e) {
  std::string out;
  dumpExprTo(out, e);
  return out;
}

std::string dumpTypeSpec(const TypeSpec* t) {
  if (!t) return "<null>";
  std::string s;
  static const char* mods[] = {"const", "row_major", "column_major", "snorm",
                               "unorm", "unsigned",  "volatile",     "globallycoherent"};
  for (int i = 0; i < 8; ++i)
    if (t->mods & (1u << i)) {
      s += mods[i];
      s += ' ';
    }
  if (t->inlineStruct) s += "struct ";
  if (t->scopeType) s += "typename " + dumpTypeSpec(t->scopeType) + "::";
  appendIdentPath(s, t->qualifiers, t->name, t->leadingGlobalScope && !t->scopeType);
  appendTemplateArgs(s, t->templateArgs, t->hasTemplateArgs);
  appendDims(s, t->arrayDims);
  return s;
}

std::string dumpDecl(const Decl* d) {
  Dumper du;
  du.decl(d);
  return du.out;
}

std::string dumpStmt(const Stmt* s) {
  Dumper du;
  du.stmt(s);
  return du.out;
}

std::string dumpAst(const TranslationUnit& tu) {
  Dumper du;
  du.line("TranslationUnit");
  du.indent = 1;
  for (const Decl* d : tu.decls) du.decl(d);
  return du.out;
}

}  // namespace oneshader::ast
