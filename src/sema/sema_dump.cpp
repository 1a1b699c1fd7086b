// Typed S-expression dump of checked expressions (tests, debugging, lowering's reference).
#include <cstdio>

#include "sema/sema.hpp"

namespace oneshader::sema {

using namespace ast;

namespace {
void typed(std::string& out, const Expr* e) {
  out += ':';
  out += e->type ? e->type->toString() : std::string("?");
}

void dump(std::string& out, const Expr* e) {
  if (!e) {
    out += "<null>";
    return;
  }
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      uint64_t v = static_cast<const IntLiteralExpr*>(e)->value;
      // A folded negative value of a signed type prints as such (`-5:int`).
      bool sgn = e->type && e->type->isScalar() && !e->type->isLiteral() && isSignedKind(e->type->scalarKind());
      out += sgn ? std::to_string(int64_t(v)) : std::to_string(v);
      typed(out, e);
      return;
    }
    case ExprKind::FloatLiteral: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%g", static_cast<const FloatLiteralExpr*>(e)->value);
      out += buf;
      typed(out, e);
      return;
    }
    case ExprKind::BoolLiteral:
      out += static_cast<const BoolLiteralExpr*>(e)->value ? "true" : "false";
      typed(out, e);
      return;
    case ExprKind::StringLiteral:
      out += "\"" + std::string(static_cast<const StringLiteralExpr*>(e)->value) + "\"";
      return;
    case ExprKind::DeclRef:
      out += static_cast<const DeclRefExpr*>(e)->name.str();
      typed(out, e);
      return;
    case ExprKind::This:
      out += "this";
      typed(out, e);
      return;
    case ExprKind::Error: out += "<error>"; return;
    default: break;
  }
  out += '(';
  auto sub = [&](const Expr* x) {
    out += ' ';
    dump(out, x);
  };
  switch (e->kind) {
    case ExprKind::Paren:
      out += "()";
      typed(out, e);
      sub(static_cast<const ParenExpr*>(e)->sub);
      break;
    case ExprKind::Unary: {
      auto* x = static_cast<const UnaryExpr*>(e);
      out += isPostfix(x->op) ? std::string("post") + unaryOpSpelling(x->op) : std::string(unaryOpSpelling(x->op));
      typed(out, e);
      sub(x->sub);
      break;
    }
    case ExprKind::Binary: {
      auto* x = static_cast<const BinaryExpr*>(e);
      out += binaryOpSpelling(x->op);
      typed(out, e);
      sub(x->lhs);
      sub(x->rhs);
      break;
    }
    case ExprKind::Conditional: {
      auto* x = static_cast<const ConditionalExpr*>(e);
      out += "?";
      typed(out, e);
      sub(x->cond);
      sub(x->thenExpr);
      sub(x->elseExpr);
      break;
    }
    case ExprKind::Cast:
      out += "cast";
      typed(out, e);
      sub(static_cast<const CastExpr*>(e)->sub);
      break;
    case ExprKind::ImplicitCast: {
      auto* x = static_cast<const ImplicitCastExpr*>(e);
      out += castKindName(x->castKind);
      typed(out, e);
      sub(x->sub);
      break;
    }
    case ExprKind::Construct: {
      out += "ctor";
      typed(out, e);
      for (auto* a : static_cast<const ConstructExpr*>(e)->args) sub(a);
      break;
    }
    case ExprKind::Call: {
      auto* x = static_cast<const CallExpr*>(e);
      out += "call ";
      out += x->name.str();
      typed(out, e);
      if (x->object) sub(x->object);
      for (auto* a : x->args) sub(a);
      break;
    }
    case ExprKind::Member: {
      auto* x = static_cast<const MemberExpr*>(e);
      out += ".";
      out += x->member.str();
      typed(out, e);
      sub(x->base);
      break;
    }
    case ExprKind::Index: {
      auto* x = static_cast<const IndexExpr*>(e);
      out += x->level ? "[][]" : "[]";
      typed(out, e);
      sub(x->base);
      if (x->level) sub(x->level);
      sub(x->index);
      break;
    }
    case ExprKind::InitList: {
      out += "{}";
      typed(out, e);
      for (auto* a : static_cast<const InitListExpr*>(e)->inits) sub(a);
      break;
    }
    case ExprKind::Sizeof:
      out += "sizeof";
      typed(out, e);
      break;
    default: break;
  }
  out += ')';
}
}  // namespace

std::string dumpTypedExpr(const ast::Expr* e) {
  std::string out;
  dump(out, e);
  return out;
}

}  // namespace oneshader::sema
