// Constant folding of scalar expressions (array sizes, attribute arguments, enum values,
// static const, case labels). Values follow the expression's Sema type: integers wrap at
// their bit width, floats round to their precision.
#include <cmath>

#include "sema/sema_impl.hpp"

namespace oneshader::sema {

int64_t ConstValue::asInt() const {
  switch (kind) {
    case Kind::Bool:
    case Kind::Int: return i;
    case Kind::Uint: return int64_t(u);
    case Kind::Float: return std::isfinite(f) ? int64_t(f) : 0;
    default: return 0;
  }
}
uint64_t ConstValue::asUint() const {
  switch (kind) {
    case Kind::Bool:
    case Kind::Int: return uint64_t(i);
    case Kind::Uint: return u;
    case Kind::Float: return f < 0 ? uint64_t(int64_t(f)) : (std::isfinite(f) ? uint64_t(f) : 0);
    default: return 0;
  }
}
double ConstValue::asFloat() const {
  switch (kind) {
    case Kind::Bool:
    case Kind::Int: return double(i);
    case Kind::Uint: return double(u);
    case Kind::Float: return f;
    default: return 0;
  }
}
bool ConstValue::asBool() const {
  switch (kind) {
    case Kind::Bool:
    case Kind::Int: return i != 0;
    case Kind::Uint: return u != 0;
    case Kind::Float: return f != 0;
    default: return false;
  }
}

namespace {
ConstValue mkInt(int64_t v) {
  ConstValue c;
  c.kind = ConstValue::Kind::Int;
  c.i = v;
  c.u = uint64_t(v);
  return c;
}
ConstValue mkUint(uint64_t v) {
  ConstValue c;
  c.kind = ConstValue::Kind::Uint;
  c.u = v;
  c.i = int64_t(v);
  return c;
}
ConstValue mkFloat(double v) {
  ConstValue c;
  c.kind = ConstValue::Kind::Float;
  c.f = v;
  return c;
}
ConstValue mkBool(bool v) {
  ConstValue c;
  c.kind = ConstValue::Kind::Bool;
  c.i = v ? 1 : 0;
  c.u = c.i;
  return c;
}

}  // namespace

// ---------------------------------------------------------------------------
// Conversions of constants, as DXC's constant evaluator (clang's APFloat/APInt) does
// them: floats round to nearest-even in the target format, overflowing to infinity;
// floats convert to integers toward zero, saturating (NaN gives 0, a negative value
// gives 0 for an unsigned type); integers truncate to the target width. min16float and
// min10float have half precision and min16int/min12int/min16uint 16 bits here, as in
// DXC's AST, although they are stored as 32-bit values.

double roundToFormat(double x, int precision, int minUlpExp, double overflowAt) {
  if (!std::isfinite(x) || x == 0) return x;
  double a = std::fabs(x);
  if (a >= overflowAt) return std::copysign(INFINITY, x);
  int e = 0;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int ulpExp = std::max(e - precision, minUlpExp);
  double r = std::nearbyint(std::ldexp(a, -ulpExp));  // exact scaling; ties to even
  return std::copysign(std::ldexp(r, ulpExp), x);
}
// float: 24 bits of precision, smallest subnormal 2^-149, overflow at FLT_MAX + half an ulp.
double roundToFloat(double x) { return roundToFormat(x, 24, -149, 0x1.ffffffp+127); }
// half: 11 bits, smallest subnormal 2^-24, overflow at 65504 + 16 = 65520.
double roundToHalf(double x) { return roundToFormat(x, 11, -24, 65520.0); }

uint32_t constIntBits(const Type* t) {
  switch (t->spelling()) {
    case ScalarSpelling::Min16Int:
    case ScalarSpelling::Min12Int:
    case ScalarSpelling::Min16Uint: return 16;
    default: return scalarBits(t->scalarKind());
  }
}
bool constHalfPrecision(const Type* t) {
  return t->scalarKind() == ScalarKind::Half || t->spelling() == ScalarSpelling::Min16Float ||
         t->spelling() == ScalarSpelling::Min10Float;
}

ConstValue fitConst(ConstValue v, const Type* t, bool* overflow) {
  if (!v.valid() || !t) return v;
  if (t->isEnum()) t = t->underlyingType();
  if (!t->isScalar()) {
    if (t->isVector() && t->vectorSize() == 1)
      t = t->componentType();
    else
      return ConstValue{};
  }
  ScalarKind k = t->scalarKind();
  const bool fromFloat = v.kind == ConstValue::Kind::Float;
  switch (k) {
    case ScalarKind::Bool: return mkBool(v.asBool());
    case ScalarKind::LiteralInt:
      if (fromFloat) break;  // truncated like a 64-bit signed integer below
      if (v.kind == ConstValue::Kind::Uint) return v;
      return mkInt(v.asInt());
    case ScalarKind::LiteralFloat:
    case ScalarKind::Double:
    case ScalarKind::Float:
    case ScalarKind::Half: {
      double d;
      bool single = k == ScalarKind::Float && !constHalfPrecision(t);
      if (fromFloat)
        d = v.f;
      else if (v.kind == ConstValue::Kind::Uint)
        d = single ? double(float(v.u)) : double(v.u);
      else
        d = single ? double(float(v.asInt())) : double(v.asInt());  // one rounding, from the integer
      if (constHalfPrecision(t))
        d = roundToHalf(d);
      else if (single && fromFloat)
        d = roundToFloat(d);
      if (overflow && std::isinf(d) && !(fromFloat && std::isinf(v.f))) *overflow = true;
      return mkFloat(d);
    }
    default: break;
  }
  const uint32_t bits = k == ScalarKind::LiteralInt ? 64 : constIntBits(t);
  const bool isSigned = k == ScalarKind::LiteralInt || isSignedKind(k);
  const uint64_t mask = bits < 64 ? (uint64_t(1) << bits) - 1 : ~uint64_t(0);
  uint64_t raw;
  if (fromFloat) {
    // Toward zero, saturating (APFloat::convertToInteger).
    double f = std::trunc(v.f);
    bool bad = false;
    if (std::isnan(v.f)) {
      raw = 0;
      bad = true;
    } else if (isSigned) {
      double lo = -std::ldexp(1.0, int(bits) - 1), hi = std::ldexp(1.0, int(bits) - 1);
      if (f < lo) {
        raw = uint64_t(1) << (bits - 1);
        bad = true;
      } else if (f >= hi) {
        raw = (uint64_t(1) << (bits - 1)) - 1;
        bad = true;
      } else
        raw = uint64_t(int64_t(f));
    } else {
      double hi = std::ldexp(1.0, int(bits));
      if (f < 0) {
        raw = 0;
        bad = true;
      } else if (f >= hi) {
        raw = mask;
        bad = true;
      } else
        raw = uint64_t(f);
    }
    if (bad && overflow) *overflow = true;
  } else {
    raw = v.asUint();
  }
  raw &= mask;
  if (isSigned) {
    int64_t s = int64_t(raw);
    if (bits < 64 && (raw >> (bits - 1)) & 1) s = int64_t(raw | ~mask);
    return mkInt(s);
  }
  return mkUint(raw);
}

namespace {
ConstValue fitTo(ConstValue v, const Type* t) { return fitConst(v, t, nullptr); }

bool isFloatVal(const ConstValue& v) { return v.kind == ConstValue::Kind::Float; }
bool isUnsignedVal(const ConstValue& v) { return v.kind == ConstValue::Kind::Uint; }
}  // namespace

ConstValue SemaImpl::eval(const Expr* e) const {
  if (!e) return {};
  if (!evalFrozen_ || specDefaults_) return evalNode(e);
  if (auto it = evalMemo_.find(e); it != evalMemo_.end()) return it->second;
  ConstValue v = evalNode(e);
  evalMemo_.emplace(e, v);
  return v;
}

ConstValue SemaImpl::evalNode(const Expr* e) const {
  if (!e) return {};
  const Type* t = e->type;
  if (t && t->isError()) return {};
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      auto* l = static_cast<const IntLiteralExpr*>(e);
      ConstValue v = l->value > uint64_t(INT64_MAX) ? mkUint(l->value) : mkInt(int64_t(l->value));
      if (l->suffix == IntSuffix::U || l->suffix == IntSuffix::UL || l->suffix == IntSuffix::ULL) v = mkUint(l->value);
      return fitTo(v, t);
    }
    case ExprKind::FloatLiteral: return fitTo(mkFloat(static_cast<const FloatLiteralExpr*>(e)->value), t);
    case ExprKind::BoolLiteral: return mkBool(static_cast<const BoolLiteralExpr*>(e)->value);
    case ExprKind::Paren: return eval(static_cast<const ParenExpr*>(e)->sub);
    case ExprKind::ImplicitCast: {
      auto* c = static_cast<const ImplicitCastExpr*>(e);
      ConstValue v = eval(c->sub);
      if (c->castKind == CastKind::VectorSplat || c->castKind == CastKind::Flat) return {};
      return fitTo(v, t);
    }
    case ExprKind::Cast: {
      auto* c = static_cast<const CastExpr*>(e);
      return fitTo(eval(c->sub), t);
    }
    case ExprKind::Construct: {
      // `T(x)` of a scalar type T: the functional spelling of the cast (T)x.
      auto* c = static_cast<const ConstructExpr*>(e);
      if (!t || !t->isScalar() || c->args.size() != 1) return {};
      return fitTo(eval(c->args[0]), t);
    }
    case ExprKind::DeclRef: {
      auto* d = static_cast<const DeclRefExpr*>(e);
      if (!d->decl) return {};
      if (d->decl->kind == DeclKind::EnumConstant)
        return fitTo(mkInt(static_cast<const EnumConstantDecl*>(d->decl)->constValue), t);
      if (d->decl->kind == DeclKind::Var) {
        auto* v = static_cast<const VarDecl*>(d->decl);
        auto it = constVars.find(v);
        if (it != constVars.end()) return fitTo(it->second, t);
        if (specDefaults_ && v->init && (specConstants.count(v) || specConstVars.count(v))) {
          if (evalGuard[v]++) return {};  // never recursive, but be safe
          ConstValue dv = fitTo(fitTo(eval(v->init), v->type), t);
          --evalGuard[v];
          return dv;
        }
      }
      return {};
    }
    case ExprKind::Unary: {
      auto* u = static_cast<const UnaryExpr*>(e);
      ConstValue v = eval(u->sub);
      if (!v.valid()) return {};
      switch (u->op) {
        case UnaryOp::Plus: return fitTo(v, t);
        case UnaryOp::Minus:
          if (isFloatVal(v)) return fitTo(mkFloat(-v.f), t);
          if (isUnsignedVal(v)) return fitTo(mkUint(0 - v.u), t);
          return fitTo(mkInt(int64_t(0 - uint64_t(v.asInt()))), t);
        case UnaryOp::Not: return mkBool(!v.asBool());
        case UnaryOp::BitNot:
          if (isFloatVal(v)) return {};
          return fitTo(isUnsignedVal(v) ? mkUint(~v.u) : mkInt(~v.asInt()), t);
        default: return {};
      }
    }
    case ExprKind::Binary: {
      auto* b = static_cast<const BinaryExpr*>(e);
      if (isAssignment(b->op) || b->op == BinaryOp::Comma) return {};
      ConstValue l = eval(b->lhs);
      if (!l.valid()) return {};
      if (b->op == BinaryOp::LogAnd && !l.asBool()) return mkBool(false);
      if (b->op == BinaryOp::LogOr && l.asBool()) return mkBool(true);
      ConstValue r = eval(b->rhs);
      if (!r.valid()) return {};
      bool fl = isFloatVal(l) || isFloatVal(r);
      bool un = isUnsignedVal(l) || isUnsignedVal(r);
      switch (b->op) {
        case BinaryOp::LogAnd:
        case BinaryOp::LogOr: return mkBool(r.asBool());
        case BinaryOp::Lt:
          return mkBool(fl ? l.asFloat() < r.asFloat() : un ? l.asUint() < r.asUint() : l.asInt() < r.asInt());
        case BinaryOp::Gt:
          return mkBool(fl ? l.asFloat() > r.asFloat() : un ? l.asUint() > r.asUint() : l.asInt() > r.asInt());
        case BinaryOp::Le:
          return mkBool(fl ? l.asFloat() <= r.asFloat() : un ? l.asUint() <= r.asUint() : l.asInt() <= r.asInt());
        case BinaryOp::Ge:
          return mkBool(fl ? l.asFloat() >= r.asFloat() : un ? l.asUint() >= r.asUint() : l.asInt() >= r.asInt());
        case BinaryOp::Eq: return mkBool(fl ? l.asFloat() == r.asFloat() : l.asUint() == r.asUint());
        case BinaryOp::Ne: return mkBool(fl ? l.asFloat() != r.asFloat() : l.asUint() != r.asUint());
        default: break;
      }
      if (fl) {
        double x = l.asFloat(), y = r.asFloat();
        switch (b->op) {
          case BinaryOp::Add: return fitTo(mkFloat(x + y), t);
          case BinaryOp::Sub: return fitTo(mkFloat(x - y), t);
          case BinaryOp::Mul: return fitTo(mkFloat(x * y), t);
          case BinaryOp::Div: return fitTo(mkFloat(x / y), t);
          case BinaryOp::Rem: return fitTo(mkFloat(std::fmod(x, y)), t);
          default: return {};
        }
      }
      uint64_t x = l.asUint(), y = r.asUint();
      int64_t sx = l.asInt(), sy = r.asInt();
      switch (b->op) {
        case BinaryOp::Add: return fitTo(un ? mkUint(x + y) : mkInt(int64_t(x + y)), t);
        case BinaryOp::Sub: return fitTo(un ? mkUint(x - y) : mkInt(int64_t(x - y)), t);
        case BinaryOp::Mul: return fitTo(un ? mkUint(x * y) : mkInt(int64_t(x * y)), t);
        case BinaryOp::Div:
          if (y == 0) return {};
          if (!un && sx == INT64_MIN && sy == -1) return {};
          return fitTo(un ? mkUint(x / y) : mkInt(sx / sy), t);
        case BinaryOp::Rem:
          if (y == 0) return {};
          if (!un && sx == INT64_MIN && sy == -1) return {};
          return fitTo(un ? mkUint(x % y) : mkInt(sx % sy), t);
        case BinaryOp::BitAnd: return fitTo(un ? mkUint(x & y) : mkInt(sx & sy), t);
        case BinaryOp::BitOr: return fitTo(un ? mkUint(x | y) : mkInt(sx | sy), t);
        case BinaryOp::BitXor: return fitTo(un ? mkUint(x ^ y) : mkInt(sx ^ sy), t);
        case BinaryOp::Shl:
        case BinaryOp::Shr: {
          const bool literal = t && t->isScalar() && t->scalarKind() == ScalarKind::LiteralInt;
          bool left = b->op == BinaryOp::Shl;
          uint64_t sh;
          if (literal) {
            // Literal ints are 64-bit in DXC's constant evaluator (clang): a negative amount
            // shifts the other way and an amount over 63 is clamped to 63.
            if (!un && sy < 0) {
              left = !left;
              sh = sy == INT64_MIN ? 63 : uint64_t(-sy);
            } else {
              sh = y;
            }
            if (sh > 63) sh = 63;
          } else {
            uint32_t bits = t && t->isScalar() ? scalarBits(t->scalarKind()) : 64;
            sh = y & (bits - 1);  // HLSL masks the shift amount to the width
          }
          if (left) return fitTo(isUnsignedVal(l) ? mkUint(x << sh) : mkInt(int64_t(x << sh)), t);
          return fitTo(isUnsignedVal(l) ? mkUint(x >> sh) : mkInt(sx >> sh), t);
        }
        default: return {};
      }
    }
    case ExprKind::Sizeof: {
      auto it = sizeofValues.find(static_cast<const SizeofExpr*>(e));
      if (it == sizeofValues.end()) return {};
      return fitTo(mkUint(it->second), t);
    }
    case ExprKind::Conditional: {
      auto* c = static_cast<const ConditionalExpr*>(e);
      ConstValue cv = eval(c->cond);
      if (!cv.valid()) return {};
      return eval(cv.asBool() ? c->thenExpr : c->elseExpr);
    }
    default: return {};
  }
}

namespace {
// The scalar types OpSpecConstantOp works on (Shader capability): 32-bit bool, int, uint.
bool specScalar(const Type* t) {
  if (!t || t->isError() || !t->isScalar() || t->spelling() != ScalarSpelling::Plain) return false;
  ScalarKind k = t->scalarKind();
  return k == ScalarKind::Bool || k == ScalarKind::Int || k == ScalarKind::Uint;
}
}  // namespace

bool SemaImpl::isSpecExpr(const Expr* e) const {
  if (!e || !e->type || e->type->isError()) return false;
  // Every specialization-constant expression reads one (the DeclRef case below).
  if (specConstants.empty() && specConstVars.empty()) return false;
  if (auto it = specExprMemo.find(e); it != specExprMemo.end()) return it->second;
  // An operand: a specialization-constant expression, or a constant of an allowed type.
  auto operand = [&](const Expr* x, bool& spec) {
    if (isSpecExpr(x)) {
      spec = true;
      return true;
    }
    return x && specScalar(x->type) && eval(x).valid();
  };
  bool r = false;
  switch (e->kind) {
    case ExprKind::DeclRef: {
      auto* d = static_cast<const DeclRefExpr*>(e);
      if (d->decl && d->decl->kind == DeclKind::Var) {
        auto* v = static_cast<const VarDecl*>(d->decl);
        r = (specConstants.count(v) && specScalar(v->type)) || specConstVars.count(v);
      }
      break;
    }
    case ExprKind::Paren: r = isSpecExpr(static_cast<const ParenExpr*>(e)->sub); break;
    case ExprKind::ImplicitCast: {
      auto* c = static_cast<const ImplicitCastExpr*>(e);
      bool conv = c->castKind == CastKind::NoOp || c->castKind == CastKind::IntegralCast ||
                  c->castKind == CastKind::ToBool || c->castKind == CastKind::BoolToInt;
      r = conv && specScalar(e->type) && specScalar(c->sub->type) && isSpecExpr(c->sub);
      break;
    }
    case ExprKind::Cast: {
      auto* c = static_cast<const CastExpr*>(e);
      r = specScalar(e->type) && specScalar(c->sub->type) && isSpecExpr(c->sub);
      break;
    }
    case ExprKind::Unary: {
      auto* u = static_cast<const UnaryExpr*>(e);
      bool op = u->op == UnaryOp::Plus || u->op == UnaryOp::Minus || u->op == UnaryOp::Not || u->op == UnaryOp::BitNot;
      r = op && specScalar(e->type) && specScalar(u->sub->type) && isSpecExpr(u->sub);
      break;
    }
    case ExprKind::Binary: {
      auto* b = static_cast<const BinaryExpr*>(e);
      switch (b->op) {
        case BinaryOp::Add:
        case BinaryOp::Sub:
        case BinaryOp::Mul:
        case BinaryOp::Div:
        case BinaryOp::Rem:
        case BinaryOp::Shl:
        case BinaryOp::Shr:
        case BinaryOp::BitAnd:
        case BinaryOp::BitOr:
        case BinaryOp::BitXor:
        case BinaryOp::LogAnd:
        case BinaryOp::LogOr:
        case BinaryOp::Lt:
        case BinaryOp::Gt:
        case BinaryOp::Le:
        case BinaryOp::Ge:
        case BinaryOp::Eq:
        case BinaryOp::Ne: {
          bool spec = false;
          r = specScalar(e->type) && operand(b->lhs, spec) && operand(b->rhs, spec) && spec;
          break;
        }
        default: break;
      }
      break;
    }
    case ExprKind::Conditional: {
      auto* c = static_cast<const ConditionalExpr*>(e);
      bool spec = false;
      r = specScalar(e->type) && operand(c->cond, spec) && operand(c->thenExpr, spec) && operand(c->elseExpr, spec) &&
          spec;
      break;
    }
    default: break;
  }
  specExprMemo[e] = r;
  return r;
}

ConstValue SemaImpl::evalSpecDefault(const Expr* e) const {
  bool saved = specDefaults_;
  specDefaults_ = true;
  ConstValue v = eval(e);
  specDefaults_ = saved;
  return v;
}

const VarDecl* SemaImpl::specConstantNamed(const Expr* e) const {
  while (e) {
    switch (e->kind) {
      case ExprKind::Paren: e = static_cast<const ParenExpr*>(e)->sub; continue;
      case ExprKind::ImplicitCast: {
        auto* c = static_cast<const ImplicitCastExpr*>(e);
        if (c->castKind != CastKind::NoOp && c->castKind != CastKind::IntegralCast) return nullptr;
        e = c->sub;
        continue;
      }
      case ExprKind::Cast:
        if (!e->type || !e->type->isIntegral()) return nullptr;
        e = static_cast<const CastExpr*>(e)->sub;
        continue;
      case ExprKind::DeclRef: {
        auto* d = static_cast<const DeclRefExpr*>(e);
        if (!d->decl || d->decl->kind != DeclKind::Var) return nullptr;
        auto* v = static_cast<const VarDecl*>(d->decl);
        if (specConstants.count(v)) return v;
        if (!specConstVars.count(v)) return nullptr;
        e = v->init;
        continue;
      }
      default: return nullptr;
    }
  }
  return nullptr;
}

bool SemaImpl::evalUint(Expr* e, uint32_t& out, const char* what) {
  ConstValue v = eval(e);
  if (!v.valid() || v.asInt() < 0 || v.asInt() > int64_t(UINT32_MAX)) {
    error(DiagId::NotConstant, e->range);
    return false;
  }
  out = uint32_t(v.asInt());
  return true;
}

}  // namespace oneshader::sema
