// Sema: expressions, implicit conversions, literal typing.
#include <algorithm>
#include <functional>

#include "sema/sema_impl.hpp"

namespace oneshader::sema {

// ---------------------------------------------------------------------------
// Literal typing
// ---------------------------------------------------------------------------
const Type* SemaImpl::defaultLiteralType(const Expr* e) {
  const Type* t = e->type;
  if (!t || !t->isScalar()) return t;
  if (t->scalarKind() == ScalarKind::LiteralFloat) return types.floatType();
  if (t->scalarKind() != ScalarKind::LiteralInt) return t;
  ConstValue v = eval(e);
  if (!v.valid()) return types.intType();
  // Literal values are non-negative as written; a folded subexpression may be negative.
  if (v.kind == ConstValue::Kind::Uint) {
    if (v.u <= 0x7fffffffull) return types.intType();
    if (v.u <= 0xffffffffull) return types.uintType();
    if (v.u <= 0x7fffffffffffffffull) return types.scalar(ScalarKind::Int64);
    return types.scalar(ScalarKind::Uint64);
  }
  int64_t i = v.asInt();
  if (i >= INT32_MIN && i <= INT32_MAX) return types.intType();
  if (i >= 0 && i <= int64_t(UINT32_MAX)) return types.uintType();
  return types.scalar(ScalarKind::Int64);
}

namespace {
// A literal as written, through parentheses and one unary + or - (`-0.5F`): what DXC's
// "implicit conversion ... changes value" warning for floating literals looks at.
const Expr* writtenLiteral(const Expr* e) {
  while (e && (e->kind == ExprKind::Paren || e->kind == ExprKind::ImplicitCast))
    e = e->kind == ExprKind::Paren ? static_cast<const ParenExpr*>(e)->sub
                                   : static_cast<const ImplicitCastExpr*>(e)->sub;
  if (e && e->kind == ExprKind::Unary) {
    auto* u = static_cast<const UnaryExpr*>(e);
    if (u->op == UnaryOp::Minus || u->op == UnaryOp::Plus) {
      e = u->sub;
      while (e && e->kind == ExprKind::Paren) e = static_cast<const ParenExpr*>(e)->sub;
    }
  }
  return e && (e->kind == ExprKind::FloatLiteral || e->kind == ExprKind::IntLiteral) ? e : nullptr;
}

std::string constText(const ConstValue& v) {
  switch (v.kind) {
    case ConstValue::Kind::Bool: return v.i ? "true" : "false";
    case ConstValue::Kind::Int: return std::to_string(v.i);
    case ConstValue::Kind::Uint: return std::to_string(v.u);
    case ConstValue::Kind::Float: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", v.f);
      // The shortest form that reads back as the same double.
      for (int p = 1; p <= 17; ++p) {
        char b2[64];
        std::snprintf(b2, sizeof b2, "%.*g", p, v.f);
        if (std::strtod(b2, nullptr) == v.f) return b2;
      }
      return buf;
    }
    default: return "?";
  }
}

// Bits a constant integer needs (clang's IntRange of a value): the minimum signed width of
// a negative value, the active bits of a non-negative one.
uint32_t valueBits(const ConstValue& v) {
  uint64_t x = v.kind == ConstValue::Kind::Uint ? v.u : uint64_t(v.i);
  bool negative = v.kind == ConstValue::Kind::Int && v.i < 0;
  if (negative) x = ~x;
  uint32_t active = 0;
  while (active < 64 && (x >> active)) ++active;
  return negative ? active + 1 : active;
}
}  // namespace

void SemaImpl::diagnoseConstantConversion(const Expr* e, const ConstValue& v, const Type* fromComp, const Type* toComp,
                                          bool implicit) {
  if (!v.valid() || !fromComp || !toComp || !toComp->isScalar()) return;
  if (toComp->isEnum()) toComp = toComp->underlyingType();
  if (!toComp->isScalar() || toComp->isLiteral()) return;
  bool overflow = false;
  ConstValue to = fitConst(v, toComp, &overflow);
  // DXC (clang's constant evaluator, an HLSL addition): a constant that does not fit.
  if (overflow) error(DiagId::ConstantOverflow, e->range, {typeName(toComp)});
  if (!implicit || toComp->isBool()) return;
  if (v.kind == ConstValue::Kind::Float && toComp->isIntegral()) {
    // A floating literal (optionally negated) whose value is not an integer of the type.
    const Expr* w = writtenLiteral(e);
    if (w && w->kind == ExprKind::FloatLiteral && (overflow || to.asFloat() != v.f))
      error(DiagId::ConstantConversion, e->range, {typeName(fromComp), typeName(toComp), constText(v), constText(to)});
    return;
  }
  if (v.kind != ConstValue::Kind::Float && v.kind != ConstValue::Kind::Bool && toComp->isIntegral() &&
      (fromComp->isIntegral() || fromComp->isLiteral())) {
    // An integer constant wider than the target (clang: its value range exceeds the target's width).
    if (valueBits(v) > constIntBits(toComp))
      error(DiagId::ConstantConversion, e->range, {typeName(fromComp), typeName(toComp), constText(v), constText(to)});
  }
}

Expr* SemaImpl::foldedLiteral(Expr* from, const ConstValue& v, const Type* target) {
  ConstValue c = fitConst(v, target);
  // A literal leaf of the right kind is retyped in place (its value rounded to the target);
  // anything else becomes a new literal that remembers what it was folded from.
  Expr* out = nullptr;
  if (target->isBool()) {
    auto* b = ctx.make<BoolLiteralExpr>();
    b->value = c.asBool();
    b->foldedFrom = from;
    out = b;
  } else if (target->isFloating()) {
    auto* f = dyn_cast<FloatLiteralExpr>(from);
    if (!f) {
      f = ctx.make<FloatLiteralExpr>();
      f->foldedFrom = from;
    }
    f->value = c.asFloat();
    out = f;
  } else {
    auto* i = dyn_cast<IntLiteralExpr>(from);
    if (!i) {
      i = ctx.make<IntLiteralExpr>();
      i->foldedFrom = from;
    }
    i->value = c.kind == ConstValue::Kind::Int ? uint64_t(c.i) : c.u;
    out = i;
  }
  out->range = from->range;
  out->type = target;
  out->isLValue = false;
  return out;
}

void SemaImpl::concretize(Expr*& e, const Type* target, bool reportChange) {
  if (!e || !e->type || !e->type->isLiteral() || !e->type->isScalar()) return;
  // DXC folds a literal expression at the point where it is converted to a concrete type:
  // clang evaluates it with literal float = double and literal int = 64-bit, and the
  // result is converted once (the 64-bit product 0.1 * 0.05 rounded to float, not the
  // product of two rounded floats).
  ConstValue v = eval(e);
  if (v.valid()) {
    diagnoseConstantConversion(e, v, e->type, target, reportChange);
    e = foldedLiteral(e, v, target);
    return;
  }
  e->type = target;
  switch (e->kind) {
    case ExprKind::Paren: concretize(static_cast<ParenExpr*>(e)->sub, target, reportChange); break;
    case ExprKind::Unary: concretize(static_cast<UnaryExpr*>(e)->sub, target, reportChange); break;
    case ExprKind::Binary: {
      auto* b = static_cast<BinaryExpr*>(e);
      if (b->op == BinaryOp::Comma) {
        concretize(b->rhs, target, reportChange);
      } else {
        concretize(b->lhs, target, reportChange);
        concretize(b->rhs, target, reportChange);
      }
      break;
    }
    case ExprKind::Conditional: {
      auto* c = static_cast<ConditionalExpr*>(e);
      concretize(c->thenExpr, target, reportChange);
      concretize(c->elseExpr, target, reportChange);
      break;
    }
    case ExprKind::ImplicitCast: {
      // literal int -> literal float: the int operand takes its own default type.
      auto* c = static_cast<ImplicitCastExpr*>(e);
      if (c->sub && c->sub->type && c->sub->type->isLiteral()) finalizeLiteral(c->sub);
      if (c->sub && c->sub->type) c->castKind = elementCastKind(c->sub->type->scalarKind(), target->scalarKind());
      break;
    }
    default: break;
  }
}

void SemaImpl::finalizeLiteral(Expr*& e) {
  if (e && e->type && e->type->isLiteral() && e->type->isScalar()) concretize(e, defaultLiteralType(e));
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------
CastKind SemaImpl::elementCastKind(ScalarKind from, ScalarKind to) const {
  if (from == to) return CastKind::NoOp;
  if (to == ScalarKind::Bool) return CastKind::ToBool;
  if (from == ScalarKind::Bool) return isFloatKind(to) ? CastKind::BoolToFloat : CastKind::BoolToInt;
  bool fi = isIntegralKind(from), ti = isIntegralKind(to);
  if (fi && ti) return CastKind::IntegralCast;
  if (fi && !ti) return CastKind::IntToFloat;
  if (!fi && ti) return CastKind::FloatToInt;
  return CastKind::FloatingCast;
}

static ConvRank elementRank(const Type* from, const Type* to) {
  if (from == to) return CR_Exact;
  ScalarKind f = from->scalarKind(), t = to->scalarKind();
  bool plain = to->spelling() == ScalarSpelling::Plain;
  if (f == ScalarKind::LiteralInt) {
    if (t == ScalarKind::Int && plain) return CR_Exact;
    if (isIntegralKind(t)) return CR_Promotion;
    return CR_Conversion;
  }
  if (f == ScalarKind::LiteralFloat) {
    if (t == ScalarKind::Float && plain) return CR_Exact;
    if (isFloatKind(t)) return CR_Promotion;
    return CR_Conversion;
  }
  if (f == t) return CR_Promotion;  // same kind, other spelling (min16float vs float)
  bool sameClass = (isFloatKind(f) && isFloatKind(t)) || (isSignedKind(f) && isSignedKind(t)) ||
                   (isUnsignedKind(f) && isUnsignedKind(t));
  if (sameClass && scalarBits(t) > scalarBits(f)) return CR_Promotion;
  return CR_Conversion;
}

// DXC converts an integer scalar to an unscoped enum implicitly (`d = First + Second;`).
static bool implicitToEnum(const Type* from, const Type* to) {
  return to->isEnum() && !to->enumDecl()->isScoped && from->isNumeric() && from->isScalar() && from->isIntegral();
}

static const Type* asValueType(const Type* t) {
  // Unscoped enums convert like their underlying type.
  if (t && t->isEnum() && !t->enumDecl()->isScoped) return t->underlyingType();
  return t;
}

ConvRank SemaImpl::conversionRank(const Type* from, const Type* to) const {
  if (!from || !to) return CR_None;
  if (from->isError() || to->isError()) return CR_Exact;
  if (from == to) return CR_Exact;
  if (from->isResource() && to->isStruct() && from->elementType() == to &&
      (from->resourceKind() == ResourceKind::ConstantBuffer || from->resourceKind() == ResourceKind::TextureBuffer))
    return CR_Conversion;                                                      // a copy of the block (convert)
  if (from->isHeapEntry()) return to->isResource() ? CR_Conversion : CR_None;  // convert(): HeapToResource
  if (from->isEnum() && to->isEnum()) return CR_None;
  from = asValueType(from);
  if (implicitToEnum(from, to)) return CR_Conversion;
  if (from->isEnum()) return CR_None;
  if (!from->isNumeric() || !to->isNumeric()) return CR_None;
  ConvRank er = elementRank(from->componentType(), to->componentType());
  auto combine = [&](ConvRank shape) {
    if (shape == CR_Splat) return er == CR_Exact ? CR_Splat : CR_SplatConversion;
    return std::max(shape, er);
  };
  bool fromScalarLike = from->isScalar() || (from->isVector() && from->vectorSize() == 1) ||
                        (from->isMatrix() && from->rows() == 1 && from->cols() == 1);
  if (from->isScalar() && to->isScalar()) return er;
  if (to->isScalar()) return fromScalarLike ? std::max(er, CR_Conversion) : CR_Truncation;
  if (to->isVector()) {
    if (from->isVector()) {
      if (from->vectorSize() == to->vectorSize()) return er;
      if (from->vectorSize() > to->vectorSize()) return CR_Truncation;
      return fromScalarLike ? combine(CR_Splat) : CR_None;
    }
    if (fromScalarLike) return combine(CR_Splat);
    // Matrix -> vector, DXC's ConvertDimensions: a 1xN / Nx1 matrix is its N components (a
    // shorter vector truncates); any matrix truncates to one component; otherwise the
    // component counts must match (float2x2 -> float4, row by row).
    uint32_t n = from->rows() * from->cols(), o = to->vectorSize();
    if (from->rows() == 1 || from->cols() == 1)
      return o > n ? CR_None : o < n ? CR_Truncation : std::max(CR_Conversion, er);
    if (o == 1) return CR_Truncation;
    return o == n ? std::max(CR_Conversion, er) : CR_None;
  }
  // to matrix
  if (fromScalarLike) return combine(CR_Splat);
  if (from->isMatrix()) {
    if (from->rows() == to->rows() && from->cols() == to->cols()) return er;
    if (from->rows() >= to->rows() && from->cols() >= to->cols()) return CR_Truncation;
    return CR_None;
  }
  // Vector -> matrix (DXC): the same component count (row by row), or a truncation to one
  // component or to a 1xN / Nx1 matrix of fewer components.
  uint32_t n = to->rows() * to->cols(), o = from->vectorSize();
  if (n == o) return std::max(CR_Conversion, er);
  if (n == 1 || ((to->rows() == 1 || to->cols() == 1) && n < o)) return CR_Truncation;
  return CR_None;
}

Expr* SemaImpl::makeCast(Expr* e, const Type* to, CastKind k) {
  auto* c = ctx.make<ImplicitCastExpr>();
  c->range = e->range;
  c->castKind = k;
  c->sub = e;
  c->type = to;
  return c;
}

static bool isNarrowing(ScalarKind f, ScalarKind t) {
  if (isLiteralKind(f)) return false;
  bool bothFloat = isFloatKind(f) && isFloatKind(t);
  bool bothInt = isIntegralKind(f) && isIntegralKind(t);
  return (bothFloat || bothInt) && scalarBits(t) < scalarBits(f);
}

// The scalar leaves of a type in HLSL's flattening order (vector components, matrix
// components row by row, array elements, struct fields), enums as their underlying type;
// false when a leaf is not a number (a resource, an unsized array) or there are too many.
// Whether a struct with bitfields is in `t` (itself, an element, a field).
static bool containsBitfields(const Type* t) {
  while (t->isArray()) t = t->elementType();
  if (!t->isStruct()) return false;
  if (t->hasBitfields()) return true;
  for (const StructField& f : t->fields())
    if (f.type && containsBitfields(f.type)) return true;
  return false;
}

static bool numericLeaves(const Type* t, std::vector<const Type*>& out) {
  if (t->isEnum()) t = t->underlyingType();
  if (t->isNumeric()) {
    out.insert(out.end(), t->componentCount(), t->componentType());
    return true;
  }
  if (out.size() > (1u << 16)) return false;
  if (t->isArray() && !t->isUnsizedArray()) {
    for (uint32_t i = 0; i < t->arraySize(); ++i)
      if (!numericLeaves(t->elementType(), out)) return false;
    return true;
  }
  if (t->isStruct()) {
    for (const StructField& f : t->fields())
      if (!f.type || !numericLeaves(f.type, out)) return false;
    return true;
  }
  return false;
}

bool SemaImpl::convert(Expr*& e, const Type* to, bool explicitCast, bool warn) {
  const Type* from = e->type;
  if (!from || !to) return false;
  if (from->isError() || to->isError()) return true;
  if (from == to) return true;
  SourceRange r = e->range;
  auto fail = [&] {
    error(DiagId::TypeMismatch, r, {typeName(from), typeName(to)});
    return false;
  };
  // Literal typing: give the literal subtree a concrete type first.
  if (from->isLiteral() && from->isScalar()) {
    const Type* toComp = to->isNumeric() ? to->componentType() : nullptr;
    if (!toComp && to->isEnum()) toComp = to->underlyingType();
    if (toComp && toComp->isLiteral()) {
      // literal int -> literal float inside a literal expression: both stay 64-bit.
      if (from->scalarKind() == ScalarKind::LiteralInt && toComp->scalarKind() == ScalarKind::LiteralFloat) {
        e = makeCast(e, to, CastKind::IntToFloat);
        return true;
      }
      finalizeLiteral(e);
      return convert(e, to, explicitCast, warn);
    }
    const Type* target;
    if (from->scalarKind() == ScalarKind::LiteralInt)
      target = toComp && toComp->isIntegral() ? toComp : defaultLiteralType(e);
    else
      target = toComp && toComp->isFloating() ? toComp : types.floatType();
    // A constant goes straight to the destination's component type, as DXC folds the
    // conversion: `float f = 1 << 40;` is one float, `bool b = 0.5;` is true.
    if (toComp && toComp->isScalar() && !toComp->isEnum() && eval(e).valid()) target = toComp;
    // OSH0051 as DXC's CheckImplicitConversion: implicit scalar conversions only (DXC
    // leaves vector and matrix destinations to its other conversion warnings).
    concretize(e, target, !explicitCast && to->isScalar());
    from = e->type;
    if (from == to) return true;
    warn = false;
  } else if (to->isNumeric() && from->isNumeric() && from->componentType() != to->componentType() &&
             writtenLiteral(e)) {
    // A suffixed literal (`-0.5F`, `70000u`) converted to another type.
    diagnoseConstantConversion(e, eval(e), from->componentType(), to->componentType(), !explicitCast && to->isScalar());
  }
  // A descriptor heap entry is read as any resource type (lower_heap.cpp).
  if (from->isHeapEntry()) {
    if (!to->isResource()) return fail();
    e = makeCast(e, to, CastKind::HeapToResource);
    return true;
  }
  // Enums.
  if (to->isEnum()) {
    if (!explicitCast && !implicitToEnum(asValueType(from), to)) return fail();
    const Type* under = to->underlyingType();
    if (!convert(e, under, true, false)) return false;
    e = makeCast(e, to, CastKind::NoOp);
    return true;
  }
  if (from->isEnum()) {
    if (from->enumDecl()->isScoped && !explicitCast) return fail();
    e = makeCast(e, from->underlyingType(), CastKind::NoOp);
    return convert(e, to, explicitCast, warn);
  }
  // A ConstantBuffer<S> / TextureBuffer<S> where an S is expected: a copy of its value (DXC).
  if (from->isResource() && to->isStruct() && from->elementType() == to &&
      (from->resourceKind() == ResourceKind::ConstantBuffer || from->resourceKind() == ResourceKind::TextureBuffer)) {
    e = makeCast(e, to, CastKind::NoOp);
    return true;
  }
  // Aggregates.
  if (!from->isNumeric() || !to->isNumeric()) {
    if (containsBitfields(from) || containsBitfields(to)) {
      // (S)0 is the zero value; other conversions would go field by field.
      ConstValue cv = from->isNumeric() ? eval(e) : ConstValue{};
      if (explicitCast && from->isNumeric() && from->componentCount() == 1 && cv.valid() && cv.asFloat() == 0) {
        e = makeCast(e, to, CastKind::Flat);
        return true;
      }
      notSupported("a conversion of a struct with bitfields", r);
      return false;
    }
    if (explicitCast && from->isNumeric() && from->componentCount() == 1 && (to->isStruct() || to->isArray())) {
      // (S)0: every leaf of the aggregate gets the value.
      e = makeCast(e, to, CastKind::Flat);
      return true;
    }
    // DXC's flat conversions: an explicit cast between an aggregate and any numeric type
    // or aggregate with at least as many scalar leaves takes the leading leaves in order,
    // each converted (`(T)s`, `(int2)intArray2`, `(float[4])float2Array2`); implicitly,
    // only between aggregates whose leaves are the same scalar types (`first = second`
    // for two structs of the same members).
    if ((from->isAggregate() || from->isNumeric()) && (to->isAggregate() || to->isNumeric())) {
      std::vector<const Type*> fromLeaves, toLeaves;
      if (numericLeaves(from, fromLeaves) && numericLeaves(to, toLeaves) && !toLeaves.empty() &&
          (explicitCast ? fromLeaves.size() >= toLeaves.size()
                        : from->isAggregate() && to->isAggregate() && fromLeaves == toLeaves)) {
        e = makeCast(e, to, CastKind::Flat);
        return true;
      }
    }
    return fail();
  }
  ConvRank rank = conversionRank(from, to);
  if (rank == CR_None) {
    if (explicitCast && from->componentCount() == to->componentCount() && (from->isMatrix() || to->isMatrix())) {
      notSupported("a cast between matrix and vector shapes", r);
      return false;
    }
    return fail();
  }
  const Type* fromComp = from->componentType();
  const Type* toComp = to->componentType();
  // 1. Shape reduction.
  const Type* cur = from;
  bool truncated = false;
  if (to->isScalar() && !cur->isScalar()) {
    truncated = cur->componentCount() > 1;
    e = makeCast(e, fromComp, CastKind::VectorToScalar);
    cur = fromComp;
  } else if (to->isVector() && cur->isVector() && cur->vectorSize() != to->vectorSize()) {
    if (cur->vectorSize() > to->vectorSize()) {
      truncated = true;
      cur = types.vector(fromComp, to->vectorSize());
      e = makeCast(e, cur, CastKind::VectorTruncate);
    } else {  // float1 -> float4
      e = makeCast(e, fromComp, CastKind::VectorToScalar);
      cur = fromComp;
    }
  } else if (to->isVector() && cur->isMatrix() && cur->rows() * cur->cols() == 1) {  // 1x1 matrix
    e = makeCast(e, fromComp, CastKind::VectorToScalar);
    cur = fromComp;
  } else if (to->isVector() && cur->isMatrix()) {  // float1x3 -> float3 / float2, float2x2 -> float4
    truncated = cur->rows() * cur->cols() > to->vectorSize();
    cur = types.vector(fromComp, to->vectorSize());
    e = makeCast(e, cur, CastKind::VectorTruncate);
  } else if (to->isMatrix() && cur->isVector() && cur->vectorSize() > 1) {  // float4 -> float2x2 / float1x3
    truncated = cur->vectorSize() > to->rows() * to->cols();
    cur = types.matrix(fromComp, to->rows(), to->cols(), to->rowMajor());
    e = makeCast(e, cur, CastKind::MatrixTruncate);
  } else if (to->isMatrix() && cur->isMatrix() && (cur->rows() != to->rows() || cur->cols() != to->cols())) {
    if (cur->rows() == 1 && cur->cols() == 1) {
      e = makeCast(e, fromComp, CastKind::VectorToScalar);
      cur = fromComp;
    } else {
      truncated = true;
      cur = types.matrix(fromComp, to->rows(), to->cols(), cur->rowMajor());
      e = makeCast(e, cur, CastKind::MatrixTruncate);
    }
  } else if (to->isMatrix() && cur->isVector()) {  // float1 -> float2x2
    e = makeCast(e, fromComp, CastKind::VectorToScalar);
    cur = fromComp;
  }
  if (truncated && warn && !explicitCast) error(DiagId::ImplicitTruncation, r);
  // 2. Element conversion.
  if (fromComp != toComp) {
    CastKind k = elementCastKind(fromComp->scalarKind(), toComp->scalarKind());
    if (warn && !explicitCast && isNarrowing(fromComp->scalarKind(), toComp->scalarKind()))
      error(DiagId::ImplicitNarrowing, r, {typeName(fromComp), typeName(toComp)});
    cur = types.withComponent(cur, toComp);
    e = makeCast(e, cur, k);
  }
  // 3. Shape expansion / layout.
  if (cur != to) {
    if (cur->isScalar()) {
      e = makeCast(e, to, CastKind::VectorSplat);
    } else {
      e = makeCast(e, to, CastKind::NoOp);  // e.g. row_major vs column_major of one shape
    }
  }
  return true;
}

bool SemaImpl::checkAndConvert(Expr*& e, const Type* to, const char* what) {
  const Type* t = checkExpr(e);
  if (t->isError()) return false;
  return convert(e, to);
}

// Common scalar type of two component types (usual arithmetic conversions).
const Type* SemaImpl::commonScalar(const Type* a, const Type* b) const {
  if (a == b) return a;
  ScalarKind ka = a->scalarKind(), kb = b->scalarKind();
  if (ka == ScalarKind::LiteralInt) {
    if (kb == ScalarKind::Bool) return a;
    return b;
  }
  if (kb == ScalarKind::LiteralInt) {
    if (ka == ScalarKind::Bool) return b;
    return a;
  }
  if (ka == ScalarKind::LiteralFloat) return isFloatKind(kb) ? b : const_cast<TypeContext&>(types).floatType();
  if (kb == ScalarKind::LiteralFloat) return isFloatKind(ka) ? a : const_cast<TypeContext&>(types).floatType();
  int ra = scalarRank(ka), rb = scalarRank(kb);
  if (ra != rb) return ra > rb ? a : b;
  // Same kind, different spelling: the plain (full precision) one wins.
  return a->spelling() == ScalarSpelling::Plain ? a : b;
}

const Type* SemaImpl::commonType(const Type* a, const Type* b, SourceRange r, bool report, bool* truncated) {
  if (a->isError() || b->isError()) return types.errorType();
  a = asValueType(a);
  b = asValueType(b);
  if (!a->isNumeric() || !b->isNumeric()) {
    if (report) error(DiagId::InvalidOperands, r, {typeName(a), typeName(b)});
    return types.errorType();
  }
  const Type* comp = commonScalar(a->componentType(), b->componentType());
  auto scalarLike = [](const Type* t) { return t->isScalar() || (t->isVector() && t->vectorSize() == 1); };
  const Type* shape;
  if (scalarLike(a) && scalarLike(b)) {
    shape = a->isVector() ? a : b;
    if (a->isScalar() && b->isScalar())
      shape = a;
    else
      shape = a->isVector() ? a : b;
  } else if (scalarLike(a)) {
    shape = b;
  } else if (scalarLike(b)) {
    shape = a;
  } else if (a->isVector() && b->isVector()) {
    shape = a->vectorSize() <= b->vectorSize() ? a : b;
    if (a->vectorSize() != b->vectorSize() && truncated) *truncated = true;
  } else if (a->isMatrix() != b->isMatrix() && a->componentCount() == b->componentCount()) {
    // A matrix and a vector of as many components (DXC): the left operand's shape, the
    // other converted row by row (`m2x2 * v4` is a float2x2, `v4 < m2x2` a bool4).
    shape = a;
  } else if (a->isMatrix() && b->isMatrix()) {
    if (a->rows() == b->rows() && a->cols() == b->cols()) {
      shape = a;
    } else if ((a->rows() <= b->rows() && a->cols() <= b->cols()) ||
               (a->rows() >= b->rows() && a->cols() >= b->cols())) {
      shape = a->rows() <= b->rows() ? a : b;
      if (truncated) *truncated = true;
    } else {
      if (report) error(DiagId::InvalidOperands, r, {typeName(a), typeName(b)});
      return types.errorType();
    }
  } else {
    if (report) error(DiagId::InvalidOperands, r, {typeName(a), typeName(b)});
    return types.errorType();
  }
  return types.withComponent(shape, comp);
}

// ---------------------------------------------------------------------------
// L-values
// ---------------------------------------------------------------------------
bool SemaImpl::isModifiable(Expr* e, std::string& what) {
  e = skipParens(e);
  if (!e) return false;
  switch (e->kind) {
    case ExprKind::DeclRef: {
      Decl* d = static_cast<DeclRefExpr*>(e)->decl;
      what = std::string(static_cast<DeclRefExpr*>(e)->name.str());
      if (!d) return false;
      if (d->kind == DeclKind::Var || d->kind == DeclKind::Param || d->kind == DeclKind::Field) {
        auto* v = static_cast<VarDecl*>(d);
        if ((v->storage & SF_Const) || (v->typeSpec && (v->typeSpec->mods & TM_Const))) return false;
        if (v->parent && v->parent->kind == DeclKind::CBuffer) return false;
        if (d->kind == DeclKind::Field) {
          return !(fnCtx && fnCtx->fn && fnCtx->fn->isConstMethod);
        }
        // Non-static globals are uniform (read-only) unless groupshared or resources.
        bool isGlobal = globalVars.count(v) != 0;
        if (isGlobal && !(v->storage & (SF_Static | SF_Groupshared)) && !(v->type && v->type->isResource()))
          return false;
        return true;
      }
      return false;
    }
    case ExprKind::Unary: {  // `++x` / `--x`: x (already checked modifiable)
      auto* u = static_cast<UnaryExpr*>(e);
      return e->isLValue && (u->op == UnaryOp::PreInc || u->op == UnaryOp::PreDec);
    }
    case ExprKind::Member: {
      auto* m = static_cast<MemberExpr*>(e);
      if (!m->isLValue) {
        what = std::string(m->member.str());
        return false;
      }
      if (m->base->type && m->base->type->isResource()) {  // ConstantBuffer<S>.field
        what = typeName(m->base->type);
        return false;
      }
      return isModifiable(m->base, what);
    }
    case ExprKind::Index: {
      auto* ix = static_cast<IndexExpr*>(e);
      const Type* bt = ix->base->type;
      if (bt && bt->isResource()) {
        what = typeName(bt);
        return bt->isWritableResource();
      }
      return isModifiable(ix->base, what);
    }
    case ExprKind::This: return !(fnCtx && fnCtx->fn && fnCtx->fn->isConstMethod);
    case ExprKind::Call:  // p.Get(): the pointee is writable, whatever holds the pointer
      return static_cast<CallExpr*>(e)->intrinsic == uint32_t(VkBuiltin::BufferPointerGet);
    default: return false;
  }
}

bool SemaImpl::requireLValue(Expr* e, SourceRange r) {
  if (e->type->isError()) return false;
  if (!e->isLValue) {
    error(DiagId::NotAssignable, r);
    return false;
  }
  std::string what;
  if (!isModifiable(e, what)) {
    error(DiagId::ConstAssign, r, {what});
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------
// HLSL 202x's conforming literals (DXC -HV 202x): an integer literal has the first of these
// types that holds its value: an unsuffixed decimal one int, then int64_t (then uint64_t); an
// unsuffixed hexadecimal, octal or binary one int, uint, int64_t, uint64_t; `u` uint, then
// uint64_t; `l` and `ll` int64_t (`long` is 64 bits); `ul` and `ull` uint64_t.
const Type* SemaImpl::conformingIntLiteralType(const IntLiteralExpr* l) {
  uint64_t v = l->value;
  bool decimal = true;
  if (const SourceManager* sm = diags.sourceManager(); sm && l->range.begin.valid()) {
    std::string_view text = sm->text(sm->fileOf(l->range.begin)).substr(sm->offsetOf(l->range.begin));
    decimal =
        !(text.size() > 1 && text[0] == '0' && text[1] != 'u' && text[1] != 'U' && text[1] != 'l' && text[1] != 'L');
  }
  auto fits = [&](uint64_t max) { return v <= max; };
  switch (l->suffix) {
    case IntSuffix::None:
      if (fits(0x7fffffffu)) return types.intType();
      if (!decimal && fits(0xffffffffu)) return types.uintType();
      if (fits(0x7fffffffffffffffull)) return types.scalar(ScalarKind::Int64);
      return types.scalar(ScalarKind::Uint64);
    case IntSuffix::U: return fits(0xffffffffu) ? types.uintType() : types.scalar(ScalarKind::Uint64);
    case IntSuffix::L:
    case IntSuffix::LL: return types.scalar(fits(0x7fffffffffffffffull) ? ScalarKind::Int64 : ScalarKind::Uint64);
    case IntSuffix::UL:
    case IntSuffix::ULL: return types.scalar(ScalarKind::Uint64);
  }
  return types.intType();
}

const Type* SemaImpl::checkExpr(Expr*& e) {
  if (!e) return types.errorType();
  if (e->type) return e->type;  // already checked (e.g. shared default argument)
  const Type* t = nullptr;
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      auto* l = static_cast<IntLiteralExpr*>(e);
      if (opts.hlslVersion > 2021) {
        t = conformingIntLiteralType(l);
        if (l->overflow) error(DiagId::LexBadNumber, l->range, {"integer literal is too large"});
        break;
      }
      switch (l->suffix) {
        case IntSuffix::None: t = types.scalar(ScalarKind::LiteralInt); break;
        case IntSuffix::U: t = types.uintType(); break;
        // HLSL 2021 has a 32-bit `long` (DXC: `1l` is int32_t, `1ul` uint32_t); `ll` is 64-bit.
        case IntSuffix::L: t = types.intType(); break;
        case IntSuffix::UL: t = types.uintType(); break;
        case IntSuffix::LL: t = types.scalar(ScalarKind::Int64); break;
        case IntSuffix::ULL: t = types.scalar(ScalarKind::Uint64); break;
      }
      if (l->overflow) error(DiagId::LexBadNumber, l->range, {"integer literal is too large"});
      break;
    }
    case ExprKind::FloatLiteral: {
      auto* l = static_cast<FloatLiteralExpr*>(e);
      switch (l->suffix) {
        // HLSL 202x (conforming literals): an unsuffixed float literal is a float.
        case FloatSuffix::None:
          t = types.scalar(opts.hlslVersion > 2021 ? ScalarKind::Float : ScalarKind::LiteralFloat);
          break;
        case FloatSuffix::F: t = types.floatType(); break;
        case FloatSuffix::H:
          t = is16BitAllowed() ? types.scalar(ScalarKind::Half)
                               : types.scalar(ScalarKind::Float, ScalarSpelling::HalfAsFloat);
          break;
        case FloatSuffix::L: t = types.scalar(ScalarKind::Double); break;
      }
      break;
    }
    case ExprKind::BoolLiteral: t = types.boolType(); break;
    case ExprKind::StringLiteral: t = types.stringType(); break;
    case ExprKind::DeclRef: t = checkDeclRef(static_cast<DeclRefExpr*>(e)); break;
    case ExprKind::Paren: {
      auto* p = static_cast<ParenExpr*>(e);
      t = checkExpr(p->sub);
      p->isLValue = p->sub->isLValue;
      break;
    }
    case ExprKind::Unary: t = checkUnary(static_cast<UnaryExpr*>(e)); break;
    case ExprKind::Binary: t = checkBinary(static_cast<BinaryExpr*>(e), e); break;
    case ExprKind::Conditional: t = checkConditional(static_cast<ConditionalExpr*>(e)); break;
    case ExprKind::Cast: t = checkCast(static_cast<CastExpr*>(e)); break;
    case ExprKind::ImplicitCast: t = e->type; break;
    case ExprKind::Construct: t = checkConstruct(static_cast<ConstructExpr*>(e)); break;
    case ExprKind::Call: t = checkCall(static_cast<CallExpr*>(e)); break;
    case ExprKind::Member: t = checkMember(static_cast<MemberExpr*>(e), e); break;
    case ExprKind::Index: t = checkIndex(static_cast<IndexExpr*>(e), e); break;
    case ExprKind::InitList:
      notSupported("an initializer list in an expression", e->range);
      t = types.errorType();
      break;
    case ExprKind::Sizeof: {
      auto* so = static_cast<SizeofExpr*>(e);
      const Type* of = so->typeSpec ? resolveType(so->typeSpec) : checkExpr(so->sub);
      if (so->sub) finalizeLiteral(so->sub);
      if (of->isError()) {
        t = of;
        break;
      }
      const Type* leaf = of;
      while (leaf->isArray()) leaf = leaf->elementType();
      if (leaf->isSpirvOpaque()) {
        error(DiagId::SpirvOpaqueLayout, e->range, {typeName(leaf), "the operand of sizeof"});
        t = types.errorType();
        break;
      }
      uint64_t n = of->isLiteral() ? UINT64_MAX : clangSizeOf(of);
      if (n == UINT64_MAX) {
        notSupported("sizeof of '" + typeName(of) + "'", e->range);
        t = types.errorType();
        break;
      }
      sizeofValues[so] = n;
      t = types.uintType();
      break;
    }
    case ExprKind::This: {
      if (!fnCtx || !fnCtx->owner || !fnCtx->owner->type) {
        error(DiagId::InvalidUnaryOperand, e->range, {"this"});
        t = types.errorType();
      } else {
        t = fnCtx->owner->type;
        e->isLValue = true;
      }
      break;
    }
    case ExprKind::Error: t = types.errorType(); break;
  }
  if (!t) t = types.errorType();
  e->type = t;
  return t;
}

const Type* SemaImpl::checkDeclRef(DeclRefExpr* e) {
  if (e->hasTemplateArgs) {
    notSupported("template arguments on a variable name", e->range);
    return types.errorType();
  }
  std::vector<Decl*> found = e->scopeType ? lookupInType(e->scopeType, e->qualifiers, e->name, e->range)
                                          : lookupQualified(e->qualifiers, e->leadingGlobalScope, e->name, e->range);
  if (found.empty() && e->qualifiers.empty() && !e->scopeType && !e->leadingGlobalScope)
    if (VarDecl* h = descriptorHeapDecl(e->name)) found.push_back(h);
  if (found.empty()) {
    if ((e->qualifiers.empty() && !e->scopeType) || !diags.hasErrors())
      error(DiagId::UndeclaredIdentifier, e->range, {std::string(e->name.str())});
    return types.errorType();
  }
  return checkDeclRefTo(e, found.front());
}

const Type* SemaImpl::checkDeclRefTo(DeclRefExpr* e, Decl* d) {
  e->decl = d;
  switch (d->kind) {
    case DeclKind::Var:
    case DeclKind::Param:
    case DeclKind::Field: {
      auto* v = static_cast<VarDecl*>(d);
      if (d->kind == DeclKind::Field && !(fnCtx && fnCtx->owner)) {
        error(DiagId::UndeclaredIdentifier, e->range, {std::string(e->name.str())});
        return types.errorType();
      }
      // A `static const` member declared without a value has no definition to read (DXC:
      // "found unregistered decl").
      // The definition may come later, out of line (`static const uint S::M = 3;`): checked
      // once every declaration is seen.
      if (d->kind == DeclKind::Var && (v->storage & SF_Static) && (v->storage & SF_Const) && !v->init && v->parent &&
          v->parent->kind == DeclKind::Struct && !constVars.count(v))
        staticMemberUses.emplace_back(e->range, v);
      e->isLValue = true;
      return v->type ? v->type : types.errorType();
    }
    case DeclKind::EnumConstant: {
      auto* c = static_cast<EnumConstantDecl*>(d);
      auto it = enumOf.find(c);
      if (it != enumOf.end() && it->second->type) return it->second->type;
      return types.intType();
    }
    case DeclKind::Function: notSupported("a function name used as a value", e->range); return types.errorType();
    default: error(DiagId::UndeclaredIdentifier, e->range, {std::string(e->name.str())}); return types.errorType();
  }
}

VarDecl* SemaImpl::descriptorHeapDecl(Ident name) {
  int sampler = name.str() == "SamplerDescriptorHeap" ? 1 : name.str() == "ResourceDescriptorHeap" ? 0 : -1;
  if (sampler < 0) return nullptr;
  if (!heapDecls[sampler]) {
    auto* v = ctx.make<VarDecl>();
    v->name = name;
    v->storage = SF_Static | SF_Const;
    v->type = types.descriptorHeap(sampler != 0, false);
    checkedDecls.insert(v);
    heapDecls[sampler] = v;
  }
  return heapDecls[sampler];
}

const Type* SemaImpl::checkUnary(UnaryExpr* e) {
  const Type* t = checkExpr(e->sub);
  if (t->isError()) return t;
  t = asValueType(t);
  if (t->isEnum()) {  // scoped enum: arithmetic needs a cast
    error(DiagId::InvalidUnaryOperand, e->range, {typeName(e->sub->type)});
    return types.errorType();
  }
  if (!t->isNumeric()) {
    error(DiagId::InvalidUnaryOperand, e->range, {typeName(t)});
    return types.errorType();
  }
  switch (e->op) {
    case UnaryOp::PreInc:
    case UnaryOp::PreDec:
    case UnaryOp::PostInc:
    case UnaryOp::PostDec:
      if (t->isBool()) {
        error(DiagId::InvalidUnaryOperand, e->range, {typeName(t)});
        return types.errorType();
      }
      if (!requireLValue(e->sub, e->sub->range)) return types.errorType();
      if (e->sub->type != t) convert(e->sub, t);
      // `++x` and `--x` designate x (C++, DXC: `++m = n;`); postfix ones are values.
      e->isLValue = e->op == UnaryOp::PreInc || e->op == UnaryOp::PreDec;
      return t;
    case UnaryOp::Plus:
    case UnaryOp::Minus: {
      if (t->isBool()) {
        const Type* it = types.withComponent(t, types.intType());
        convert(e->sub, it);
        return it;
      }
      if (e->sub->type != t) convert(e->sub, t);
      return t;
    }
    case UnaryOp::Not: {
      // A literal operand converts to bool directly (at 64 bits: `!1e-50` is false).
      const Type* bt = t->isLiteral() ? types.boolType() : types.boolLike(asValueType(e->sub->type));
      convert(e->sub, bt);
      return bt;
    }
    case UnaryOp::BitNot: {
      if (t->isFloating()) {
        error(DiagId::InvalidUnaryOperand, e->range, {typeName(t)});
        return types.errorType();
      }
      if (t->isBool()) {
        const Type* it = types.withComponent(t, types.intType());
        convert(e->sub, it);
        return it;
      }
      if (e->sub->type != t) convert(e->sub, t);
      return t;
    }
  }
  return t;
}

const Type* SemaImpl::checkBinary(BinaryExpr* e, Expr*& slot) {
  BinaryOp op = e->op;
  if (op == BinaryOp::Comma) {
    checkExpr(e->lhs);
    finalizeLiteral(e->lhs);
    return checkExpr(e->rhs);
  }
  const Type* lt = checkExpr(e->lhs);
  const Type* rt = checkExpr(e->rhs);
  if (lt->isError() || rt->isError()) return types.errorType();
  if (op != BinaryOp::Assign)
    if (const Type* t = checkOverloadedOperator(slot, e->lhs, binaryOpSpelling(op), {e->rhs}, e->opRange)) return t;
  if (op == BinaryOp::Assign) {
    if (!requireLValue(e->lhs, e->lhs->range)) return types.errorType();
    // A resource assigned another (`t = gTex;`): the l-value becomes an alias of it
    // (lower_resources.cpp); the types must match.
    convert(e->rhs, lt);
    return lt;
  }
  bool compound = isCompoundAssignment(op);
  BinaryOp base = compound ? compoundBaseOp(op) : op;
  bool bitwise = base == BinaryOp::BitAnd || base == BinaryOp::BitOr || base == BinaryOp::BitXor ||
                 base == BinaryOp::Shl || base == BinaryOp::Shr;
  bool logical = base == BinaryOp::LogAnd || base == BinaryOp::LogOr;
  const Type* lv = asValueType(lt);
  const Type* rv = asValueType(rt);
  if (!lv->isNumeric() || !rv->isNumeric()) {
    error(DiagId::InvalidOperands, e->opRange.valid() ? e->opRange : e->range, {typeName(lt), typeName(rt)});
    return types.errorType();
  }
  if (logical) {
    if (!lv->isScalar() || !rv->isScalar()) {
      if (opts.hlslVersion < 2021) {
        // Before HLSL 2021, && and || on vectors are component-wise (and not short-circuiting).
        const Type* ct = commonType(lv, rv, e->range, true);
        if (ct->isError()) return ct;
        const Type* bt = types.boolLike(ct);
        convert(e->lhs, bt);
        convert(e->rhs, bt);
        return bt;
      }
      // HLSL 2021: && and || take scalars; and()/or() work on vectors.
      error(DiagId::InvalidOperands, e->opRange.valid() ? e->opRange : e->range, {typeName(lt), typeName(rt)});
      return types.errorType();
    }
    convert(e->lhs, types.boolType());
    convert(e->rhs, types.boolType());
    return types.boolType();
  }
  if (bitwise && (lv->isFloating() || rv->isFloating())) {
    error(DiagId::InvalidOperands, e->opRange.valid() ? e->opRange : e->range, {typeName(lt), typeName(rt)});
    return types.errorType();
  }
  if (compound) {
    if (!requireLValue(e->lhs, e->lhs->range)) return types.errorType();
    if (lv->isBool() && !bitwise) {
      error(DiagId::InvalidOperands, e->opRange.valid() ? e->opRange : e->range, {typeName(lt), typeName(rt)});
      return types.errorType();
    }
    const Type* comp = commonScalar(lv->componentType(), rv->componentType());
    if (comp->isLiteral()) comp = lv->componentType();
    if (base == BinaryOp::Shl || base == BinaryOp::Shr) comp = lv->componentType();
    const Type* ct = types.withComponent(lv, comp);
    convert(e->rhs, ct);
    if (ct != lt) compoundTypes[e] = ct;
    return lt;
  }
  bool truncated = false;
  const Type* ct = commonType(lv, rv, e->opRange.valid() ? e->opRange : e->range, true, &truncated);
  if (ct->isError()) return ct;
  if (truncated) error(DiagId::ImplicitTruncation, e->range);
  // Arithmetic on bool promotes to int.
  if (ct->isBool() && !isComparison(base)) ct = types.withComponent(ct, types.intType());
  if (base == BinaryOp::Shl || base == BinaryOp::Shr) {
    // The result has the left operand's component type.
    const Type* lc = lv->componentType();
    if (lc->isLiteral()) {
      if (rv->componentType()->isLiteral()) {
        // both literal: keep literal
      } else {
        finalizeLiteral(e->lhs);
        lc = e->lhs->type->componentType();
      }
    }
    if (lc->isBool()) lc = types.intType();
    ct = types.withComponent(ct, lc);
    convert(e->lhs, ct, false, false);
    if (!ct->isLiteral()) convert(e->rhs, ct, false, false);
    return ct;
  }
  if (isComparison(base)) {
    if (ct->isLiteral()) {
      // Literal against literal: a constant comparison is evaluated at 64 bits, as DXC's
      // constant evaluator does (`0.1 + 0.2 == 0.3` is false).
      ConstValue cv = eval(e);
      if (cv.valid()) {
        slot = foldedLiteral(e, cv, types.boolType());
        return types.boolType();
      }
      finalizeLiteral(e->lhs);
      finalizeLiteral(e->rhs);
      ct = commonType(asValueType(e->lhs->type), asValueType(e->rhs->type), e->range, true);
    }
    convert(e->lhs, ct, false, !truncated);
    convert(e->rhs, ct, false, !truncated);
    return types.boolLike(ct);
  }
  convert(e->lhs, ct, false, !truncated);
  convert(e->rhs, ct, false, !truncated);
  if ((base == BinaryOp::Div || base == BinaryOp::Rem) && ct->isIntegral()) {
    ConstValue z = eval(e->rhs);
    if (z.valid() && z.asUint() == 0) error(DiagId::DivisionByZero, e->opRange.valid() ? e->opRange : e->range);
  }
  return ct;
}

bool SemaImpl::checkCondition(Expr*& e, const char* what) {
  const Type* t = checkExpr(e);
  if (t->isError()) return false;
  t = asValueType(t);
  if (!t->isNumeric() || t->componentCount() != 1) {
    error(DiagId::ConditionNotScalar, e->range, {typeName(e->type)});
    return false;
  }
  return convert(e, types.boolType());
}

const Type* SemaImpl::checkConditional(ConditionalExpr* e) {
  const Type* ct = checkExpr(e->cond);
  const Type* a = checkExpr(e->thenExpr);
  const Type* b = checkExpr(e->elseExpr);
  uint32_t lanes = 0;  // before HLSL 2021: a vector condition selects per component
  if (!ct->isError() && opts.hlslVersion < 2021 && asValueType(ct)->isNumeric() && asValueType(ct)->isVector() &&
      asValueType(ct)->componentCount() > 1) {
    lanes = asValueType(ct)->componentCount();
    convert(e->cond, types.boolLike(asValueType(ct)));
  } else if (!ct->isError()) {
    const Type* cv = asValueType(ct);
    if (!cv->isNumeric() || cv->componentCount() != 1) {
      error(DiagId::ConditionNotScalar, e->cond->range, {typeName(ct)});
    } else {
      convert(e->cond, types.boolType());
    }
  }
  if (a->isError() || b->isError()) return types.errorType();
  if (lanes) {
    const Type* av = asValueType(a);
    const Type* bv = asValueType(b);
    bool ok = av->isNumeric() && bv->isNumeric() &&
              (av->isScalar() || (av->isVector() && av->componentCount() == lanes)) &&
              (bv->isScalar() || (bv->isVector() && bv->componentCount() == lanes));
    if (!ok) {
      error(DiagId::TypeMismatch, e->elseExpr->range, {typeName(b), typeName(a)});
      return types.errorType();
    }
    bool truncated = false;
    const Type* st =
        commonType(types.scalar(av->scalarKind()), types.scalar(bv->scalarKind()), e->range, true, &truncated);
    if (st->isError()) return st;
    // Untyped literals on both sides: float / int, as for any literal without a destination.
    if (st->scalarKind() == ScalarKind::LiteralFloat)
      st = types.floatType();
    else if (st->scalarKind() == ScalarKind::LiteralInt)
      st = types.intType();
    const Type* t = types.vector(st, lanes);
    convert(e->thenExpr, t, false, false);
    convert(e->elseExpr, t, false, false);
    return t;
  }
  if (a == b) return a;
  if (!asValueType(a)->isNumeric() || !asValueType(b)->isNumeric()) {
    error(DiagId::TypeMismatch, e->elseExpr->range, {typeName(b), typeName(a)});
    return types.errorType();
  }
  bool truncated = false;
  const Type* t = commonType(a, b, e->range, true, &truncated);
  if (t->isError()) return t;
  if (truncated) error(DiagId::ImplicitTruncation, e->range);
  convert(e->thenExpr, t, false, false);
  convert(e->elseExpr, t, false, false);
  return t;
}

const Type* SemaImpl::checkCast(CastExpr* e) {
  const Type* to = resolveType(e->typeSpec);
  const Type* from = checkExpr(e->sub);
  if (to->isError() || from->isError()) return types.errorType();
  if (to->isVoid()) {
    finalizeLiteral(e->sub);
    return to;
  }
  if (from->isHeapEntry() && to->isResource()) {  // `(Texture2D)ResourceDescriptorHeap[i]`
    if (!convert(e->sub, to, true)) return types.errorType();
    return to;
  }
  if (from->isResource() || to->isResource()) {
    if (from != to) {
      error(DiagId::TypeMismatch, e->range, {typeName(from), typeName(to)});
      return types.errorType();
    }
    return to;
  }
  if (from->isBufferPointer() || to->isBufferPointer()) {
    if (!bufferPointerConversion(e->sub, to)) return types.errorType();
    return to;
  }
  // Explicit casts may truncate vectors to scalars without a warning, and splat to aggregates.
  if (!convert(e->sub, to, true)) return types.errorType();
  return to;
}

// The explicit conversions of a vk::BufferPointer: the same type (a copy), a 64-bit address
// to a pointer and a pointer to a 64-bit integer (OpConvertUToPtr / OpConvertPtrToU). Any
// other integer converts to uint64_t first; different pointer types do not convert.
bool SemaImpl::bufferPointerConversion(Expr*& e, const Type* to) {
  const Type* from = e->type;
  if (from == to) return true;
  const Type* u64 = types.scalar(ScalarKind::Uint64);
  if (to->isBufferPointer() && !from->isBufferPointer() && from->isScalar() && from->isIntegral()) {
    if (!convert(e, u64, true)) return false;
    e = makeCast(e, to, CastKind::IntToPointer);
    return true;
  }
  if (from->isBufferPointer() && !to->isBufferPointer() && to->isScalar() && to->isIntegral() && !to->isLiteral()) {
    e = makeCast(e, u64, CastKind::PointerToInt);
    return convert(e, to, true);
  }
  error(DiagId::TypeMismatch, e->range, {typeName(from), typeName(to)});
  return false;
}

const Type* SemaImpl::checkConstruct(ConstructExpr* e) {
  const Type* t = resolveType(e->typeSpec);
  bool bad = t->isError();
  for (Expr*& a : e->args) {
    checkExpr(a);
    if (a->type->isError()) bad = true;
  }
  if (bad) return types.errorType();
  if (t->isBufferPointer()) {
    // vk::BufferPointer<T, A>(p) copies a pointer of that type; (u64) makes one from an
    // address (section 11.2).
    if (e->args.size() != 1) {
      if (e->args.empty())
        error(DiagId::BufferPointerNoDefault, e->range);
      else
        error(DiagId::WrongArgCount, e->range, {typeName(t), "1", std::to_string(e->args.size())});
      return types.errorType();
    }
    if (!bufferPointerConversion(e->args[0], t)) return types.errorType();
    return t;
  }
  // `RayQuery<F>()`: a fresh query (DXC; lowering gives the variable no initial store).
  if (t->isRayQuery() && e->args.empty()) return t;
  // `S(x)`: the explicit conversion `(S)x` (DXC: a splat of a scalar, or the flat
  // conversion of a value with as many components).
  if (t->isStruct() && e->args.size() == 1) {
    // A vk::BufferPointer is a leaf of DXC's flat conversion (vk.buffer-pointer.initlist):
    // `S(p)` fills S's leaves as the initializer list `{p}` would.
    if (asValueType(e->args[0]->type)->isBufferPointer()) {
      auto* il = ctx.make<InitListExpr>();
      il->range = e->args[0]->range;
      std::vector<Expr*> inits{e->args[0]};
      il->inits = ctx.copy(std::span<Expr* const>(inits));
      if (checkInitList(il, t)->isError()) return types.errorType();
      e->args[0] = il;
      return t;
    }
    if (!convert(e->args[0], t, true)) return types.errorType();
    return t;
  }
  if (!t->isNumeric()) {
    if (t->isStruct())
      notSupported("constructor syntax for structs with more than one argument", e->range);
    else
      error(DiagId::TypeMismatch, e->range, {"an argument list", typeName(t)});
    return types.errorType();
  }
  const Type* comp = t->componentType();
  // `int(x)` of a scalar type is the functional spelling of the cast `(int)x` (clang's
  // functional cast): explicit, so no OSH0051 for `int(3.5)` (DXC's cast.2sint.explicit).
  bool scalarCast = t->isScalar() && e->args.size() == 1;
  uint32_t total = 0;
  for (Expr*& a : e->args) {
    const Type* at = asValueType(a->type);
    std::vector<const Type*> leaves;
    if (at->isAggregate() && numericLeaves(at, leaves) && !leaves.empty() && leaves.size() <= 4) {
      // A struct or array argument gives its scalar leaves (DXC: `float4(s2, 1)` for a struct
      // of one float3): a flat conversion to a vector of them.
      convert(a, leaves.size() == 1 ? comp : types.vector(comp, uint32_t(leaves.size())), true, false);
      at = a->type;
    }
    if (!at->isNumeric()) {
      error(DiagId::TypeMismatch, a->range, {typeName(a->type), typeName(comp)});
      return types.errorType();
    }
    total += at->componentCount();
    convert(a, types.withComponent(at, comp), scalarCast, false);
  }
  if (total != t->componentCount()) {
    if (t->isScalar() && e->args.size() == 1) {
      // float(v) with a vector: an explicit truncation.
      convert(e->args[0], t, true);
      return t;
    }
    error(DiagId::WrongArgCount, e->range,
          {typeName(t), std::to_string(t->componentCount()) + " scalar component", std::to_string(total)});
    return types.errorType();
  }
  return t;
}

const Type* SemaImpl::checkSwizzle(MemberExpr* e, const Type* bt) {
  std::string_view s = e->member.str();
  const Type* comp = bt->componentType();
  if (bt->isMatrix()) {
    // _m01_m12 (zero-based) or _12_23 (one-based)
    size_t i = 0;
    uint8_t n = 0;
    while (i < s.size()) {
      if (s[i] != '_' || n == 4) goto bad;
      ++i;
      uint32_t r, c;
      if (i < s.size() && s[i] == 'm') {
        if (i + 2 >= s.size()) goto bad;
        r = uint32_t(s[i + 1] - '0');
        c = uint32_t(s[i + 2] - '0');
        if (s[i + 1] < '0' || s[i + 1] > '3' || s[i + 2] < '0' || s[i + 2] > '3') goto bad;
        i += 3;
      } else {
        if (i + 1 >= s.size()) goto bad;
        if (s[i] < '1' || s[i] > '4' || s[i + 1] < '1' || s[i + 1] > '4') goto bad;
        r = uint32_t(s[i] - '1');
        c = uint32_t(s[i + 1] - '1');
        i += 2;
      }
      if (r >= bt->rows() || c >= bt->cols()) goto bad;
      e->swizzle[n++] = uint8_t(r * 4 + c);
    }
    if (n == 0) goto bad;
    e->swizzleLen = n;
    e->isMatrixSwizzle = true;
  } else {
    uint32_t size = bt->isVector() ? bt->vectorSize() : 1;
    if (s.empty() || s.size() > 4) goto bad;
    int set = -1;
    for (size_t i = 0; i < s.size(); ++i) {
      int idx = -1, which = -1;
      switch (s[i]) {
        case 'x':
          idx = 0;
          which = 0;
          break;
        case 'y':
          idx = 1;
          which = 0;
          break;
        case 'z':
          idx = 2;
          which = 0;
          break;
        case 'w':
          idx = 3;
          which = 0;
          break;
        case 'r':
          idx = 0;
          which = 1;
          break;
        case 'g':
          idx = 1;
          which = 1;
          break;
        case 'b':
          idx = 2;
          which = 1;
          break;
        case 'a':
          idx = 3;
          which = 1;
          break;
        default: goto bad;
      }
      if (set >= 0 && set != which) goto bad;
      set = which;
      if (uint32_t(idx) >= size) goto bad;
      e->swizzle[i] = uint8_t(idx);
    }
    e->swizzleLen = uint8_t(s.size());
  }
  {
    bool dup = false;
    for (int i = 0; i < e->swizzleLen; ++i)
      for (int j = i + 1; j < e->swizzleLen; ++j)
        if (e->swizzle[i] == e->swizzle[j]) dup = true;
    e->isLValue = e->base->isLValue && !dup;
    return e->swizzleLen == 1 ? comp : types.vector(comp, e->swizzleLen);
  }
bad:
  e->swizzleLen = 0;
  error(DiagId::InvalidSwizzle, e->memberRange.valid() ? e->memberRange : e->range, {std::string(s), typeName(bt)});
  return types.errorType();
}

const Type* SemaImpl::checkMember(MemberExpr* e, Expr*& slot) {
  const Type* bt = checkExpr(e->base);
  if (bt->isError()) return bt;
  if (e->isArrow) {
    error(DiagId::UnexpectedToken, e->range, {"'->' (HLSL has no pointers; use '.')"});
    return types.errorType();
  }
  bool cbufferView =
      bt->isResource() &&
      (bt->resourceKind() == ResourceKind::ConstantBuffer || bt->resourceKind() == ResourceKind::TextureBuffer) &&
      bt->elementType() && bt->elementType()->isStruct();
  if (bt->isStruct() || cbufferView) {
    const Type* st = cbufferView ? bt->elementType() : bt;
    if (const StructField* f = st->findField(e->member)) {
      e->field = f->decl;
      e->isLValue = e->base->isLValue;
      return f->type ? f->type : types.errorType();
    }
    // `obj.M` for a static data member M of the struct (or of a base): M itself, as DXC
    // reads it (the object is not evaluated).
    if (!cbufferView)
      for (Scope* s = scopeOf(st->structDecl()); s;) {
        if (auto* v = s->find(e->member))
          for (Decl* d : *v)
            if (d->kind == DeclKind::Var && (static_cast<VarDecl*>(d)->storage & SF_Static)) {
              auto* ref = ctx.make<DeclRefExpr>();
              ref->range = e->range;
              ref->name = e->member;
              slot = ref;
              ref->type = checkDeclRefTo(ref, d);
              return ref->type;
            }
        s = s->usingNamespaces.empty() ? nullptr : s->usingNamespaces.front();
      }
    error(DiagId::NoMember, e->memberRange.valid() ? e->memberRange : e->range,
          {std::string(e->member.str()), typeName(bt)});
    return types.errorType();
  }
  if (bt->isLiteral()) {
    finalizeLiteral(e->base);
    bt = e->base->type;
  }
  bt = asValueType(bt);
  if (bt->isNumeric()) return checkSwizzle(e, bt);
  if (bt->isResource() && (e->member.str() == "mips" || e->member.str() == "sample") &&
      textureCoordDims(bt->resourceKind())) {
    // `t.mips[level][p]` / `t.sample[s][p]` are checkMipsOrSample's; anything else uses the
    // operator object itself.
    notSupported("'." + std::string(e->member.str()) + "' other than as ." + std::string(e->member.str()) + "[" +
                     (e->member.str() == "mips" ? "level" : "sample") + "][location]",
                 e->range);
    return types.errorType();
  }
  error(DiagId::NoMember, e->memberRange.valid() ? e->memberRange : e->range,
        {std::string(e->member.str()), typeName(bt)});
  return types.errorType();
}

// `t.mips[level][p]` (Texture1D/2D/3D and the 1D/2D arrays) and `t.sample[s][p]`
// (Texture2DMS[Array]), vk::SampledTexture* too: a texel of that mip level or sample (DXC:
// OpImageFetch with Lod / Sample). The location is uintN as for `t[p]`, the level or sample
// a uint. Rewritten to base `t`, index `p`, level `level`; nullptr when `e` is no such form.
const Type* SemaImpl::checkMipsOrSample(IndexExpr* e) {
  auto* inner = dyn_cast<IndexExpr>(e->base);
  auto* m = inner ? dyn_cast<MemberExpr>(inner->base) : nullptr;
  if (!m || m->isArrow || (m->member.str() != "mips" && m->member.str() != "sample")) return nullptr;
  const Type* tt = checkExpr(m->base);
  if (tt->isError()) return tt;
  if (!tt->isResource()) return nullptr;
  ResourceKind k = tt->resourceKind();
  bool mips = m->member.str() == "mips";
  bool ok = mips ? (k == ResourceKind::Texture1D || k == ResourceKind::Texture1DArray || k == ResourceKind::Texture2D ||
                    k == ResourceKind::Texture2DArray || k == ResourceKind::Texture3D)
                 : (k == ResourceKind::Texture2DMS || k == ResourceKind::Texture2DMSArray);
  if (!ok) {
    error(DiagId::NoMember, m->memberRange.valid() ? m->memberRange : m->range,
          {std::string(m->member.str()), typeName(tt)});
    return types.errorType();
  }
  const Type* lt = checkExpr(inner->index);
  const Type* pt = checkExpr(e->index);
  if (lt->isError() || pt->isError()) return types.errorType();
  finalizeLiteral(inner->index);
  finalizeLiteral(e->index);
  lt = asValueType(inner->index->type);
  pt = asValueType(e->index->type);
  if (!lt->isNumeric() || !lt->isScalar() || (!lt->isIntegral() && !lt->isBool() && !lt->isFloating())) {
    error(DiagId::TypeMismatch, inner->index->range, {typeName(inner->index->type), "uint"});
    return types.errorType();
  }
  convert(inner->index, types.uintType());
  uint32_t dims = textureCoordDims(k);
  if (!pt->isNumeric() || !pt->isIntegral() || pt->componentCount() != dims) {
    error(DiagId::TypeMismatch, e->index->range,
          {typeName(e->index->type), dims == 1 ? "uint" : "uint" + std::to_string(dims)});
    return types.errorType();
  }
  convert(e->index, dims == 1 ? types.uintType() : types.vector(types.uintType(), dims));
  e->base = m->base;
  e->level = inner->index;
  e->isLValue = false;
  return tt->elementType();
}

const Type* SemaImpl::checkIndex(IndexExpr* e, Expr*& slot) {
  if (const Type* t = checkMipsOrSample(e)) return t;
  const Type* bt = checkExpr(e->base);
  const Type* it = checkExpr(e->index);
  if (bt->isError() || it->isError()) return types.errorType();
  if (const Type* t = checkOverloadedOperator(slot, e->base, "[]", {e->index}, SourceRange{})) return t;
  finalizeLiteral(e->index);
  it = asValueType(e->index->type);
  bool textureIndex = bt->isResource() && bt->resourceKind() >= ResourceKind::Texture1D &&
                      bt->resourceKind() <= ResourceKind::RWTexture3D;
  if (!it->isNumeric() || !it->isIntegral() || (!it->isScalar() && !textureIndex)) {
    if (it->isNumeric() && it->isScalar() && (it->isBool() || it->isFloating())) {
      convert(e->index, types.uintType());
    } else {
      error(DiagId::TypeMismatch, e->index->range, {typeName(e->index->type), "uint"});
      return types.errorType();
    }
  }
  ConstValue cv = eval(e->index);
  auto checkRange = [&](uint32_t n) {
    if (cv.valid() && n > 0 && (cv.asInt() < 0 || uint64_t(cv.asInt()) >= n))
      error(DiagId::IndexOutOfRange, e->index->range, {std::to_string(cv.asInt()), typeName(bt)});
  };
  if (bt->isDescriptorHeap()) {  // an entry: converts to the resource type it is read as
    if (!it->isScalar()) {
      error(DiagId::TypeMismatch, e->index->range, {typeName(it), "uint"});
      return types.errorType();
    }
    convert(e->index, types.uintType());
    return types.descriptorHeap(bt->isSamplerHeap(), true);
  }
  if (bt->isArray()) {
    if (!bt->isUnsizedArray()) checkRange(bt->arraySize());
    e->isLValue = e->base->isLValue;
    return bt->elementType();
  }
  if (bt->isVector()) {
    checkRange(bt->vectorSize());
    e->isLValue = e->base->isLValue;
    return bt->componentType();
  }
  if (bt->isMatrix()) {
    checkRange(bt->rows());
    e->isLValue = e->base->isLValue;
    return types.vector(bt->componentType(), bt->cols());
  }
  if (bt->isResource()) {
    switch (bt->resourceKind()) {
      case ResourceKind::StructuredBuffer:
      case ResourceKind::RWStructuredBuffer:
      case ResourceKind::Buffer:
      case ResourceKind::RWBuffer:
        if (!it->isScalar()) {
          error(DiagId::TypeMismatch, e->index->range, {typeName(it), "uint"});
          return types.errorType();
        }
        e->isLValue = true;
        return bt->elementType();
      default:
        if (textureIndex) {
          uint32_t dims = textureCoordDims(bt->resourceKind());
          // Texture2DMS[Array]: sample 0 (DXC); cube textures have no operator[].
          bool cube =
              bt->resourceKind() == ResourceKind::TextureCube || bt->resourceKind() == ResourceKind::TextureCubeArray;
          if (cube) {
            notSupported("indexing '" + typeName(bt) + "'", e->range);
            return types.errorType();
          }
          if (it->componentCount() != dims) {
            error(DiagId::TypeMismatch, e->index->range,
                  {typeName(e->index->type), dims == 1 ? "uint" : "uint" + std::to_string(dims)});
            return types.errorType();
          }
          convert(e->index, dims == 1 ? types.uintType() : types.vector(types.uintType(), dims));
          e->isLValue = true;
          return bt->elementType();
        }
        break;
    }
  }
  error(DiagId::InvalidOperands, e->range, {typeName(bt), typeName(it)});
  return types.errorType();
}

// Number of scalar leaves of a type (for flattened initializer lists).
static uint32_t leafCount(const Type* t) {
  if (!t) return 0;
  if (t->isNumeric()) return t->componentCount();
  if (t->isEnum()) return 1;
  if (t->isArray()) return t->arraySize() * leafCount(t->elementType());
  if (t->isStruct()) {
    uint32_t n = 0;
    for (const auto& f : t->fields()) n += leafCount(f.type);
    return n;
  }
  return 1;  // resources: one object
}

const Type* SemaImpl::checkInitList(InitListExpr* e, const Type* target) {
  e->type = target;
  if (target->isError()) {
    for (Expr*& x : e->inits)
      if (x->kind != ExprKind::InitList) checkExpr(x);
    return target;
  }
  if (containsBitfields(target)) {
    for (Expr*& x : e->inits)
      if (x->kind != ExprKind::InitList) checkExpr(x);
    notSupported("an initializer list of a struct with bitfields", e->range);
    return types.errorType();
  }
  size_t n = e->inits.size();
  // Structured form: one initializer per element/field/component.
  size_t expected = 0;
  const Type* uniformElem = nullptr;
  if (target->isArray()) {
    expected = target->arraySize();
    uniformElem = target->elementType();
  } else if (target->isStruct()) {
    expected = target->fields().size();
  } else if (target->isNumeric()) {
    expected = target->componentCount();
    uniformElem = target->componentType();
  } else {
    error(DiagId::TypeMismatch, e->range, {"an initializer list", typeName(target)});
    return types.errorType();
  }
  bool structured = n == expected;
  if (structured) {
    // Scalars for vectors; anything for arrays/structs that converts.
    for (size_t i = 0; i < n && structured; ++i) {
      Expr* x = e->inits[i];
      const Type* et = uniformElem ? uniformElem : target->fields()[i].type;
      if (x->kind == ExprKind::InitList) continue;
      const Type* xt = checkExpr(x);
      e->inits[i] = x;
      if (xt->isError()) continue;
      if (leafCount(xt) != leafCount(et) && !(xt->isNumeric() && xt->componentCount() == 1 && et->isNumeric()))
        structured = false;
      // A number for a struct or array element (`P p = {1, 2.}` with `struct P { O y; float
      // z; }`, O holding one int): the braces are elided, the leaves fill it (DXC).
      if (asValueType(xt)->isNumeric() && (et->isStruct() || et->isArray())) structured = false;
    }
  }
  if (structured) {
    for (size_t i = 0; i < n; ++i) {
      const Type* et = uniformElem ? uniformElem : target->fields()[i].type;
      checkInitializer(e->inits[i], et);
    }
    return target;
  }
  // Flat form: leaves in order. Braces inside it group nothing (HLSL, DXC: `float2x3 m =
  // {{1, 2, 3}, {4, 5, 6}}` and `{{1}, {2, 3}, 4, {{5}, {{6}}}}` are six leaves): nested
  // lists are spliced into this one.
  bool nested = false;
  for (Expr* x : e->inits) nested |= x->kind == ExprKind::InitList;
  if (nested) {
    std::vector<Expr*> flat;
    std::function<void(InitListExpr*)> splice = [&](InitListExpr* l) {
      for (Expr* x : l->inits) {
        if (x->kind == ExprKind::InitList)
          splice(static_cast<InitListExpr*>(x));
        else
          flat.push_back(x);
      }
    };
    splice(e);
    e->inits = ctx.copy(flat);
  }
  uint32_t have = 0;
  for (Expr*& x : e->inits) {
    const Type* xt = checkExpr(x);
    if (xt->isError()) return xt;
    if (x->type->isLiteral() && x->type->isScalar() && target->isNumeric()) {
      convert(x, target->componentType(), false, false);  // folded into the component type once
    } else {
      finalizeLiteral(x);
      if (target->isNumeric() && asValueType(x->type)->isNumeric())
        convert(x, types.withComponent(asValueType(x->type), target->componentType()), false, false);
    }
    have += leafCount(x->type);
  }
  if (have != leafCount(target)) {
    error(DiagId::WrongArgCount, e->range,
          {typeName(target) + " initializer", std::to_string(leafCount(target)) + " scalar", std::to_string(have)});
    return types.errorType();
  }
  return target;
}

bool SemaImpl::checkInitializer(Expr*& init, const Type* target) {
  if (init->kind == ExprKind::InitList) {
    return !checkInitList(static_cast<InitListExpr*>(init), target)->isError();
  }
  return checkAndConvert(init, target);
}

}  // namespace oneshader::sema
