// Lowering of expressions: values, l-values, conversions, operators.
#include <cmath>

#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;

Handle<Expression> Lowerer::scalarConst(ir::Scalar s, double v) {
  if (s.kind == ir::ScalarKind::Float) return fb_->literal(ir::Literal::ofFloat(s, v));
  if (s.kind == ir::ScalarKind::Bool) return fb_->literal(ir::Literal::boolean(v != 0));
  if (s.kind == ir::ScalarKind::Sint) return fb_->literal(ir::Literal::of(s, uint64_t(int64_t(v))));
  return fb_->literal(ir::Literal::of(s, uint64_t(v)));
}

// ---------------------------------------------------------------- matrix shapes

bool Lowerer::isRowArray(Handle<ir::Type> t) {
  const ir::Type& tt = irT(t);
  return tt.kind == ir::TypeKind::Array && tt.arraySize > 0 && irT(tt.base).kind == ir::TypeKind::Vector;
}

bool Lowerer::isMatrixLike(Handle<ir::Type> t) { return irT(t).kind == ir::TypeKind::Matrix || isRowArray(t); }

uint32_t Lowerer::rowCount(Handle<ir::Type> t) {
  const ir::Type& tt = irT(t);
  return tt.kind == ir::TypeKind::Matrix ? tt.columns : tt.arraySize;
}

Handle<ir::Type> Lowerer::rowType(Handle<ir::Type> t) {
  const ir::Type tt = irT(t);
  return tt.kind == ir::TypeKind::Matrix ? m_->types.vector(tt.scalar, tt.size) : tt.base;
}

std::optional<ir::Scalar> Lowerer::scalarOfM(Handle<ir::Type> t) {
  if (isRowArray(t)) return irT(irT(t).base).scalar;
  return ir::scalarOf(m_->types, t);
}

Handle<ir::Type> Lowerer::matrixType(ir::Scalar s, uint32_t rows, uint32_t cols) {
  if (s.kind == ir::ScalarKind::Float) return m_->types.matrix(s, rows, cols);
  Handle<ir::Type> row = m_->types.vector(s, cols);
  return m_->types.array(row, rows);
}

Handle<ir::Type> Lowerer::withScalarM(Handle<ir::Type> t, ir::Scalar s) {
  if (isMatrixLike(t)) return matrixType(s, rowCount(t), irT(rowType(t)).size);
  return ir::withScalar(m_->types, t, s);
}

Handle<Expression> Lowerer::perRow(Handle<ir::Type> resultType, uint32_t rows,
                                   const std::function<Handle<Expression>(uint32_t)>& fn) {
  std::vector<Handle<Expression>> parts;
  for (uint32_t i = 0; i < rows; ++i) parts.push_back(fn(i));
  return fb_->compose(resultType, parts);
}

// A scalar replicated to type `t` (scalar: itself; vector: splat; matrix: rows of splats).
Handle<Expression> Lowerer::splatTo(Handle<ir::Type> t, Handle<Expression> scalar) {
  const ir::Type tt = irT(t);  // a copy: interning the column type below may grow the type table
  if (tt.kind == ir::TypeKind::Scalar) return scalar;
  if (tt.kind == ir::TypeKind::Vector) return fb_->splat(t, scalar);
  if (isMatrixLike(t)) {
    Handle<Expression> c = fb_->splat(rowType(t), scalar);
    std::vector<Handle<Expression>> cols(rowCount(t), c);
    return fb_->compose(t, cols);
  }
  return scalar;
}

// ---------------------------------------------------------------- layout casts

Handle<Expression> Lowerer::pointerCast(Handle<Expression> v, Handle<ir::Type> to, bool bitcast) {
  if (typeOf(v) == to) return v;
  Expression e;
  e.kind = bitcast ? ir::ExprKind::Bitcast : ir::ExprKind::Convert;
  e.a = v;
  e.type = to;
  return fb_->add(e);
}

Handle<Expression> Lowerer::castLayout(Handle<Expression> v, Handle<ir::Type> to, SourceRange r) {
  Handle<ir::Type> from = typeOf(v);
  if (from == to) return v;
  const ir::Type ft = irT(from);
  const ir::Type tt = irT(to);
  if (ft.kind == ir::TypeKind::Struct && tt.kind == ir::TypeKind::Struct && ft.members.size() == tt.members.size()) {
    std::vector<Handle<Expression>> parts;
    for (size_t i = 0; i < tt.members.size(); ++i)
      parts.push_back(castLayout(fb_->accessIndex(v, uint32_t(i)), tt.members[i].type, r));
    return fb_->compose(to, parts);
  }
  if (ft.kind == ir::TypeKind::Array && tt.kind == ir::TypeKind::Array && ft.arraySize == tt.arraySize &&
      ft.arraySize != 0) {
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < tt.arraySize; ++i) parts.push_back(castLayout(fb_->accessIndex(v, i), tt.base, r));
    return fb_->compose(to, parts);
  }
  // A column_major 1xN (row_major Nx1) matrix in a cbuffer with FXC's packing is an array of
  // N scalars in memory (lower_decl.cpp memType) and an N-vector as a value.
  if ((ft.kind == ir::TypeKind::Array && tt.kind == ir::TypeKind::Vector && ft.arraySize == tt.size) ||
      (ft.kind == ir::TypeKind::Vector && tt.kind == ir::TypeKind::Array && tt.arraySize == ft.size)) {
    uint32_t n = ft.kind == ir::TypeKind::Array ? ft.arraySize : ft.size;
    Handle<ir::Type> elem = tt.kind == ir::TypeKind::Array ? tt.base : m_->types.scalar(tt.scalar);
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < n; ++i) parts.push_back(castLayout(fb_->accessIndex(v, i), elem, r));
    return fb_->compose(to, parts);
  }
  std::optional<ir::Scalar> fs = ir::scalarOf(m_->types, from), ts = ir::scalarOf(m_->types, to);
  if (fs && ts && ir::componentCount(m_->types, from) == ir::componentCount(m_->types, to)) {
    if (ts->kind == ir::ScalarKind::Bool)  // memory uint -> bool: x != 0
      return fb_->binary(ir::BinaryOp::NotEqual, v, splatTo(from, scalarConst(*fs, 0)));
    return fb_->convert(v, *ts);
  }
  internal(r,
           "cannot convert between '" + ir::typeName(m_->types, from) + "' and '" + ir::typeName(m_->types, to) + "'");
}

// ---------------------------------------------------------------- conversions

static bool sameScalar(ir::Scalar a, ir::Scalar b) { return a == b; }

// Element conversion keeping the shape.
static Handle<Expression> convertScalarKind(Lowerer& L, Handle<Expression> v, ir::Scalar to) {
  ir::FunctionBuilder& b = *L.fb_;
  Handle<ir::Type> ft = L.typeOf(v);
  ir::Scalar from = *L.scalarOfM(ft);
  if (sameScalar(from, to)) return v;
  if (L.isMatrixLike(ft))  // per row (DXC), into a float matrix or an array of rows
    return L.perRow(L.withScalarM(ft, to), L.rowCount(ft),
                    [&](uint32_t i) { return convertScalarKind(L, b.accessIndex(v, i), to); });
  if (to.kind == ir::ScalarKind::Bool) {
    Handle<Expression> zero = L.splatTo(ft, L.scalarConst(from, 0));
    return b.binary(ir::BinaryOp::NotEqual, v, zero);
  }
  if (from.isInteger() && to.isInteger() && from.width == to.width)
    return b.bitcast(v, ir::withScalar(L.m_->types, ft, to));
  return b.convert(v, to);
}

Handle<Expression> Lowerer::convert(Handle<Expression> v, const sema::Type* from, const sema::Type* to, SourceRange r) {
  if (from == to) return v;
  Handle<ir::Type> target = irType(to, r);
  if (typeOf(v) == target) return v;
  if (!from->isNumeric() || !to->isNumeric()) {
    if (to->isStruct() || to->isArray()) return castLayout(v, target, r);
    unsupported(r, "a conversion from '" + from->toString() + "' to '" + to->toString() + "'");
  }
  ir::Scalar ts = irScalar(to, r);
  const ir::Type vt = irT(typeOf(v));
  const ir::Type tt = irT(target);
  const ir::Scalar vs = *scalarOfM(typeOf(v));
  const bool bothMatrices = isMatrixLike(typeOf(v)) && isMatrixLike(target);
  uint32_t have = ir::componentCount(m_->types, typeOf(v)), want = ir::componentCount(m_->types, target);
  // A shape change with a matrix on either side that the IR shapes alone do not describe
  // (1xN and Nx1 matrices are IR vectors; float2x2 <-> float4; float3x3 -> float2x1):
  // element by element, DXC's rules. Matrix to matrix keeps element (i, j) (the top-left
  // part); with a vector on one side the elements are taken in row order.
  auto shape = [](const sema::Type* t, uint32_t& rows, uint32_t& cols) {
    rows = t->isMatrix() ? t->rows() : 1;
    cols = t->isMatrix() ? t->cols() : t->isVector() ? t->vectorSize() : 1;
  };
  uint32_t fr, fc, tr, tc;
  shape(from, fr, fc);
  shape(to, tr, tc);
  if ((from->isMatrix() || to->isMatrix()) && fr * fc > 1 && (fr != tr || fc != tc) && !bothMatrices) {
    auto element = [&](uint32_t i, uint32_t j) -> Handle<Expression> {
      if (vt.kind == ir::TypeKind::Scalar) return v;
      if (vt.kind == ir::TypeKind::Vector) return fb_->accessIndex(v, fr == 1 ? j : i);
      return fb_->accessIndex(fb_->accessIndex(v, i), j);
    };
    auto source = [&](uint32_t i, uint32_t j) -> Handle<Expression> {
      if (from->isMatrix() && to->isMatrix()) return element(i, j);
      uint32_t k = i * tc + j;
      return element(k / fc, k % fc);
    };
    Handle<Expression> out;
    if (tr * tc == 1) {
      out = source(0, 0);
    } else if (tr == 1 || tc == 1) {
      std::vector<Handle<Expression>> comps;
      for (uint32_t i = 0; i < tr; ++i)
        for (uint32_t j = 0; j < tc; ++j) comps.push_back(source(i, j));
      out = fb_->compose(m_->types.vector(vs, tr * tc), comps);
    } else {
      std::vector<Handle<Expression>> rows;
      for (uint32_t i = 0; i < tr; ++i) {
        std::vector<Handle<Expression>> comps;
        for (uint32_t j = 0; j < tc; ++j) comps.push_back(source(i, j));
        rows.push_back(fb_->compose(m_->types.vector(vs, tc), comps));
      }
      out = fb_->compose(matrixType(vs, tr, tc), rows);
    }
    return convertScalarKind(*this, out, ts);
  }
  // Shape first.
  if (vt.kind == ir::TypeKind::Scalar && tt.kind != ir::TypeKind::Scalar) {
    v = convertScalarKind(*this, v, ts);
    return splatTo(target, v);
  }
  if (vt.kind == ir::TypeKind::Vector && tt.kind == ir::TypeKind::Scalar) {
    v = fb_->accessIndex(v, 0);
  } else if (vt.kind == ir::TypeKind::Vector && tt.kind == ir::TypeKind::Vector && want < have) {
    std::vector<uint32_t> comps;
    for (uint32_t i = 0; i < want; ++i) comps.push_back(i);
    Expression e;
    e.kind = ir::ExprKind::Swizzle;
    e.a = v;
    e.index = ir::swizzlePattern(0, want > 1 ? 1 : 0, want > 2 ? 2 : 0, 0);
    e.type = m_->types.vector(vt.scalar, want);
    v = fb_->add(e);
  } else if (bothMatrices && (fr != tr || fc != tc)) {
    // The top-left part, row by row.
    if (tr > fr || tc > fc) unsupported(r, "this matrix conversion");
    std::vector<Handle<Expression>> cols;
    for (uint32_t i = 0; i < tr; ++i) {
      Handle<Expression> c = fb_->accessIndex(v, i);
      if (tc < fc) {
        Expression e;
        e.kind = ir::ExprKind::Swizzle;
        e.a = c;
        e.index = ir::swizzlePattern(0, 1, 2, 3);
        e.type = m_->types.vector(vs, tc);
        c = fb_->add(e);
      }
      cols.push_back(c);
    }
    v = fb_->compose(matrixType(vs, tr, tc), cols);
  } else if (have != want && !bothMatrices) {
    unsupported(r, "a conversion from '" + from->toString() + "' to '" + to->toString() + "'");
  }
  return convertScalarKind(*this, v, ts);
}

// ---------------------------------------------------------------- resources

// Parentheses and no-op implicit casts around an expression (lower_impl.hpp).
const ast::Expr* stripNoOps(const ast::Expr* e) {
  while (e && (e->kind == ast::ExprKind::Paren ||
               (e->kind == ast::ExprKind::ImplicitCast &&
                static_cast<const ast::ImplicitCastExpr*>(e)->castKind == ast::CastKind::NoOp)))
    e = e->kind == ast::ExprKind::Paren ? static_cast<const ast::ParenExpr*>(e)->sub
                                        : static_cast<const ast::ImplicitCastExpr*>(e)->sub;
  return e;
}

// Whether an index expression derives from NonUniformResourceIndex(...): the call itself or
// an operator / conversion applied to it (DXC propagates the non-uniformity through them; a
// value stored to a variable and read back is not tracked).
bool usesNonUniformIndex(const ast::Expr* e, int depth) {
  if (!e || depth > 64) return false;
  switch (e->kind) {
    case ast::ExprKind::Paren: return usesNonUniformIndex(static_cast<const ast::ParenExpr*>(e)->sub, depth + 1);
    case ast::ExprKind::ImplicitCast:
      return usesNonUniformIndex(static_cast<const ast::ImplicitCastExpr*>(e)->sub, depth + 1);
    case ast::ExprKind::Cast: return usesNonUniformIndex(static_cast<const ast::CastExpr*>(e)->sub, depth + 1);
    case ast::ExprKind::Unary: return usesNonUniformIndex(static_cast<const ast::UnaryExpr*>(e)->sub, depth + 1);
    case ast::ExprKind::Binary: {
      auto* b = static_cast<const ast::BinaryExpr*>(e);
      return usesNonUniformIndex(b->lhs, depth + 1) || usesNonUniformIndex(b->rhs, depth + 1);
    }
    case ast::ExprKind::Conditional: {
      auto* c = static_cast<const ast::ConditionalExpr*>(e);
      return usesNonUniformIndex(c->cond, depth + 1) || usesNonUniformIndex(c->thenExpr, depth + 1) ||
             usesNonUniformIndex(c->elseExpr, depth + 1);
    }
    case ast::ExprKind::Call: {
      auto* c = static_cast<const ast::CallExpr*>(e);
      if (!c->object && c->intrinsic == uint32_t(IntrinsicId::NonUniformResourceIndex)) return true;
      for (const ast::Expr* a : c->args)
        if (usesNonUniformIndex(a, depth + 1)) return true;
      return false;
    }
    default: return false;
  }
}

std::optional<GlobalRef> Lowerer::resourceRef(const ast::Expr* e) {
  e = stripNoOps(e);
  if (!e) return std::nullopt;
  if (auto* dr = ast::dyn_cast<ast::DeclRefExpr>(e)) {
    auto it = globals_.find(dr->decl);
    // An alias (a resource local, static, assigned parameter): lower_resources.cpp.
    if (res_.slots.count(ResKey{dr->decl, {}}) || it == globals_.end() || !it->second.resource) {
      if (!e->type || !e->type->isResource()) return std::nullopt;
      if (auto v = resValOpt(e)) return refOf(*v);
      return std::nullopt;
    }
    if (it->second.member >= 0) return std::nullopt;
    if (it->second.arraySize) unsupported(e->range, "an array of resources used as a whole (index it)");
    return it->second;
  }
  auto* ix = ast::dyn_cast<ast::IndexExpr>(e);
  if (!ix) {
    if (!e->type || !e->type->isResource()) return std::nullopt;
    if (auto v = resValOpt(e)) return refOf(*v);
    return std::nullopt;
  }
  auto* dr = ast::dyn_cast<ast::DeclRefExpr>(stripNoOps(ix->base));
  auto it = dr ? globals_.find(dr->decl) : globals_.end();
  if (it == globals_.end() && e->type && e->type->isResource()) {
    // An element of an array of resources an alias names (`s.t[i]`, s a struct holding them).
    auto k = resKey(ix->base);
    const ResSlot* slot = k ? findSlot(*k) : nullptr;
    if (!slot) return std::nullopt;
    ResVal v = slotValue(*k, *slot, ix->base);
    if (!v.arraySize || v.index != ResVal::Index::None) return std::nullopt;
    GlobalRef ref = refOf(v);
    ref.nonUniform = usesNonUniformIndex(ix->index);
    ref.index = expr(ix->index);
    return ref;
  }
  if (it == globals_.end() || !it->second.resource || !it->second.arraySize) return std::nullopt;
  if (flattened_.count(it->second.global.index)) return flattenedElement(it->second, ix);  // lower_heap.cpp
  GlobalRef ref = it->second;
  ref.nonUniform = usesNonUniformIndex(ix->index);
  ref.index = expr(ix->index);
  return ref;
}

Handle<Expression> Lowerer::resourceValue(const GlobalRef& ref) {
  Handle<Expression> g = fb_->global(ref.global);
  if (!ref.isElement()) return g;
  Handle<Expression> a;
  const Expression& ix = fb_->fn().expressions[ref.index];
  if (ix.kind == ir::ExprKind::Literal && !ref.nonUniform)
    a = fb_->accessIndex(g, uint32_t(ix.literal.u));
  else
    a = fb_->access(g, ref.index);
  fb_->fn().expressions[a].nonUniform = ref.nonUniform;
  return a;
}

// ---------------------------------------------------------------- l-values

static std::pair<Handle<Expression>, Handle<Expression>> incDec(Lowerer& L, const ast::UnaryExpr* u, const LValue& lv);

LValue Lowerer::lvalue(const ast::Expr* e) {
  if (!e->type) internal(e->range, "missing type annotation");
  fb_->setRange(e->range);
  switch (e->kind) {
    case ast::ExprKind::Paren: return lvalue(static_cast<const ast::ParenExpr*>(e)->sub);
    case ast::ExprKind::ImplicitCast: {
      auto* c = static_cast<const ast::ImplicitCastExpr*>(e);
      if (c->castKind == ast::CastKind::NoOp) {
        LValue lv = lvalue(c->sub);
        return lv;
      }
      break;
    }
    case ast::ExprKind::DeclRef: {
      auto* d = static_cast<const ast::DeclRefExpr*>(e);
      if (!d->decl) internal(e->range, "unresolved name");
      LValue lv;
      lv.type = e->type;
      if (auto it = meshOutputs_.find(d->decl); it != meshOutputs_.end()) {
        lv.mesh = it->second.get();  // resolved by the index and fields that follow
        return lv;
      }
      if (auto it = meshAliases_.find(d->decl); it != meshAliases_.end()) {
        lv.mesh = it->second;
        return lv;
      }
      if (auto it = locals_.find(d->decl); it != locals_.end()) {
        lv.ptr = fb_->local(it->second);
        return lv;
      }
      if (auto it = ptrArgs_.find(d->decl); it != ptrArgs_.end()) {
        lv.ptr = fb_->arg(it->second);
        return lv;
      }
      if (auto it = globalParams_.find(d->decl); it != globalParams_.end()) {
        lv.ptr = fb_->global(it->second);
        return lv;
      }
      if (auto it = refParams_.find(d->decl); it != refParams_.end()) return it->second;
      if (resultIds_.count(d->decl))
        unsupported(e->range, "the storage of a vk::ext_result_id variable (it is an id, not memory)");
      if (auto it = globals_.find(d->decl); it != globals_.end()) {
        if (it->second.resource) unsupported(e->range, "a resource used as a value");
        lv.ptr = fb_->global(it->second.global);
        if (it->second.member >= 0) lv.ptr = fb_->accessIndex(lv.ptr, uint32_t(it->second.member));
        return lv;
      }
      if (constGlobals_.count(d->decl)) unsupported(e->range, "a static const used as an object here");
      if (auto* fd = ast::dyn_cast<ast::FieldDecl>(d->decl)) {  // `field` inside a method: this.field
        if (!hasThis_) unsupported(e->range, "a reference to the field '" + std::string(d->name.str()) + "' here");
        lv.ptr = fb_->accessIndex(fb_->arg(0), fd->index);
        return lv;
      }
      unsupported(e->range, "a reference to '" + std::string(d->name.str()) + "' here");
    }
    case ast::ExprKind::Unary: {
      // `++x` / `--x` designates x after the update (`++m = n;`).
      auto* u = static_cast<const ast::UnaryExpr*>(e);
      if (u->op != ast::UnaryOp::PreInc && u->op != ast::UnaryOp::PreDec) break;
      LValue lv = lvalue(u->sub);
      incDec(*this, u, lv);
      return lv;
    }
    case ast::ExprKind::This: {
      if (!hasThis_) unsupported(e->range, "'this' here");
      LValue lv;
      lv.type = e->type;
      lv.ptr = fb_->arg(0);
      return lv;
    }
    case ast::ExprKind::Member: {
      auto* m = static_cast<const ast::MemberExpr*>(e);
      fieldUsed(m);
      if (m->field && m->base->type && m->base->type->isResource()) {
        // `Params.w` of a ConstantBuffer<S>: the block's members are S's fields.
        if (m->base->type->resourceKind() != sema::ResourceKind::ConstantBuffer &&
            m->base->type->resourceKind() != sema::ResourceKind::TextureBuffer)
          unsupported(e->range, "a field of this resource expression");
        std::optional<GlobalRef> ref = resourceRef(m->base);
        if (!ref) unsupported(e->range, "a field of this resource expression");
        fb_->setRange(e->range);
        LValue lv;
        lv.type = e->type;
        lv.ptr = fb_->accessIndex(resourceValue(*ref), m->field->index);
        if (m->field->bitCount) lv.bitfield = m->field;
        return lv;
      }
      if (m->field) {
        LValue base = lvalue(m->base);
        if (base.mesh && !base.ptr.valid()) return meshField(base, m->field->index, e->type, e->range);
        if (base.swizzleLen) internal(e->range, "field of a swizzle");
        LValue lv;
        lv.type = e->type;
        lv.ptr = fb_->accessIndex(base.ptr, m->field->index);
        if (m->field->bitCount) lv.bitfield = m->field;
        return lv;
      }
      if (m->swizzleLen && !m->isMatrixSwizzle && m->base->type && m->base->type->isVector() &&
          m->base->type->vectorSize() > 1) {
        LValue base = lvalue(m->base);
        LValue lv = base;
        if (base.swizzleLen) {
          for (uint8_t i = 0; i < m->swizzleLen; ++i) lv.swizzle[i] = base.swizzle[m->swizzle[i]];
        } else {
          lv.type = m->base->type;
          for (uint8_t i = 0; i < m->swizzleLen; ++i) lv.swizzle[i] = m->swizzle[i];
        }
        lv.swizzleLen = m->swizzleLen;
        return lv;
      }
      if (m->swizzleLen == 1 && m->swizzle[0] == 0 && m->base->type && m->base->type->isScalarOrVector())
        return lvalue(m->base);  // `s.x` on a scalar / float1
      if (m->swizzleLen && m->isMatrixSwizzle && m->base->type && m->base->type->isMatrix()) {
        LValue base = lvalue(m->base);
        if (base.swizzleLen || base.isImage()) unsupported(e->range, "a swizzle of this matrix expression");
        LValue lv = base;
        lv.type = m->base->type;
        for (uint8_t i = 0; i < m->swizzleLen; ++i) lv.swizzle[i] = m->swizzle[i];
        lv.swizzleLen = m->swizzleLen;
        lv.matrixSwizzle = true;
        return lv;
      }
      unsupported(e->range, "assignment through this member expression");
    }
    case ast::ExprKind::Index: {
      auto* ix = static_cast<const ast::IndexExpr*>(e);
      const sema::Type* bt = ix->base->type;
      if (!bt) internal(e->range, "missing type annotation");
      Handle<Expression> index;
      LValue lv;
      lv.type = e->type;
      if (bt->isResource()) {
        std::optional<GlobalRef> ref = resourceRef(ix->base);
        if (!ref) unsupported(e->range, "indexing this resource expression");
        if (m_->globals[ref->global].space == ir::AddressSpace::Handle) return imageElement(ix, *ref);
        switch (bt->resourceKind()) {
          case sema::ResourceKind::StructuredBuffer:
          case sema::ResourceKind::RWStructuredBuffer: break;
          default: unsupported(e->range, std::string("indexing a ") + sema::resourceKindName(bt->resourceKind()));
        }
        index = expr(ix->index);
        fb_->setRange(e->range);
        Handle<Expression> arr = fb_->accessIndex(resourceValue(*ref), 0);
        lv.ptr = fb_->access(arr, index);
        return lv;
      }
      LValue base = lvalue(ix->base);
      if (base.mesh && !base.ptr.valid()) {
        if (base.meshIndex.valid()) internal(e->range, "index of a mesh output element");
        Handle<Expression> i = expr(ix->index);
        return meshElement(base, i, e->type, e->range);
      }
      if (base.meshClip && base.swizzleLen) {
        // `v[i].clip3[1]`: one element of the ClipDistance / CullDistance array.
        sema::ConstValue cv = sema_.constValue(ix->index);
        if (!cv.valid() || cv.asUint() >= base.swizzleLen)
          unsupported(e->range, "a dynamic index into a mesh shader clip or cull distance");
        LValue lv2 = base;
        lv2.type = e->type;
        lv2.swizzle[0] = base.swizzle[cv.asUint()];
        lv2.swizzleLen = 1;
        return lv2;
      }
      if (base.swizzleLen) unsupported(e->range, "indexing a swizzle");
      if (base.isImage()) {
        // `RWTex[p][i]`: a component of the element, like a one-component swizzle.
        sema::ConstValue cv = sema_.constValue(ix->index);
        if (!cv.valid() || !bt->isVector() || cv.asUint() >= bt->vectorSize())
          unsupported(e->range, "a dynamic component index into a texture element");
        LValue lv2 = base;
        lv2.type = bt;
        lv2.swizzle[0] = uint8_t(cv.asUint());
        lv2.swizzleLen = 1;
        return lv2;
      }
      index = expr(ix->index);
      fb_->setRange(e->range);
      if (bt->isVector() && bt->vectorSize() == 1) return base;
      if (bt->isMatrix() && bt->rows() == 1) {  // a 1xN matrix is its only row
        base.type = e->type;
        return base;
      }
      lv.ptr = fb_->access(base.ptr, index);
      return lv;
    }
    case ast::ExprKind::Call: {
      // p.Get() of a vk::BufferPointer: the pointer value is the place.
      auto* c = static_cast<const ast::CallExpr*>(e);
      if (c->intrinsic != uint32_t(sema::VkBuiltin::BufferPointerGet) || !c->object) break;
      const sema::Type* pt = c->object->type;
      LValue lv;
      lv.type = e->type;
      lv.ptr = expr(c->object);
      lv.align = pt && pt->isBufferPointer() ? pt->pointerAlignment() : 0;
      return lv;
    }
    default: break;
  }
  unsupported(e->range, "this expression as an l-value");
}

// Element (row, col) = (rc / 4, rc % 4) of an HLSL matrix value or pointer of sema type t:
// 1xN and Nx1 matrices are IR vectors and 1x1 a scalar (DXC's shapes).
Handle<Expression> Lowerer::matrixElement(Handle<Expression> m, const sema::Type* t, uint32_t rc) {
  uint32_t row = rc / 4, col = rc % 4;
  if (t && t->isMatrix() && (t->rows() == 1 || t->cols() == 1)) {
    if (t->rows() * t->cols() == 1) return m;
    return fb_->accessIndex(m, t->rows() == 1 ? col : row);
  }
  return fb_->accessIndex(fb_->accessIndex(m, row), col);
}

Handle<Expression> Lowerer::load(const LValue& lv, SourceRange r) {
  if (lv.mesh && !lv.ptr.valid()) return meshLoad(lv, r);
  if (lv.meshClip) {
    Handle<Expression> arr = lv.meshFlatBase.valid() ? Handle<Expression>{} : fb_->load(lv.ptr);
    std::vector<Handle<Expression>> comps;
    for (uint8_t i = 0; i < lv.swizzleLen; ++i)
      comps.push_back(
          lv.meshFlatBase.valid()
              ? fb_->load(fb_->access(lv.ptr, fb_->binary(ir::BinaryOp::Add, lv.meshFlatBase, fb_->u32(lv.swizzle[i]))))
              : fb_->accessIndex(arr, lv.swizzle[i]));
    if (lv.meshFlatBase.valid()) {
      if (comps.size() == 1) return comps[0];
      return fb_->compose(m_->types.vector(ir::Scalar::u32(), uint32_t(comps.size())), comps);
    }
    if (comps.size() == 1) return comps[0];
    return fb_->compose(m_->types.vector(ir::Scalar::f32(), uint32_t(comps.size())), comps);
  }
  // Through a PhysicalStorage pointer, DXC's `Aligned`: A of the vk::BufferPointer<T, A>
  // the place is (`p.Get()`) or holds (a pointer member loaded); else the natural one.
  uint32_t align = lv.align;
  if (!align && lv.type && lv.type->isBufferPointer() && !lv.isImage()) align = lv.type->pointerAlignment();
  if (align && !lv.isImage()) {
    const ir::Type& pt = irT(typeOf(lv.ptr));
    if (pt.kind != ir::TypeKind::Pointer || pt.space != ir::AddressSpace::PhysicalStorage) align = 0;
  }
  Handle<Expression> v = lv.isImage() ? loadImage(lv, r) : fb_->load(lv.ptr, align);
  if (!lv.isImage()) v = castLayout(v, irType(lv.type, r), r);
  if (lv.bitfield) v = bitfieldGet(v, lv.bitfield);
  if (lv.swizzleLen && lv.matrixSwizzle) {
    std::vector<Handle<Expression>> comps;
    for (uint8_t i = 0; i < lv.swizzleLen; ++i) comps.push_back(matrixElement(v, lv.type, lv.swizzle[i]));
    if (comps.size() == 1) return comps[0];
    return fb_->compose(m_->types.vector(*scalarOfM(typeOf(v)), uint32_t(comps.size())), comps);
  }
  if (lv.swizzleLen) {
    if (lv.swizzleLen == 1) return fb_->accessIndex(v, lv.swizzle[0]);
    Expression e;
    e.kind = ir::ExprKind::Swizzle;
    e.a = v;
    e.index = ir::swizzlePattern(lv.swizzle[0], lv.swizzle[1], lv.swizzle[2], lv.swizzle[3]);
    e.type = m_->types.vector(*ir::scalarOf(m_->types, typeOf(v)), lv.swizzleLen);
    return fb_->add(e);
  }
  return v;
}

// A literal of integer scalar `s` holding the low `s.width` bits of `pattern`.
static Handle<Expression> bitsLiteral(Lowerer& L, ir::Scalar s, uint64_t pattern) {
  uint64_t widthMask = s.width >= 64 ? ~0ull : (1ull << s.width) - 1;
  uint64_t v = pattern & widthMask;
  if (s.kind == ir::ScalarKind::Sint && s.width < 64 && ((v >> (s.width - 1)) & 1)) v |= ~widthMask;
  return L.fb_->literal(ir::Literal::of(s, v));
}

static uint64_t lowBits(uint32_t n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

Handle<Expression> Lowerer::bitfieldGet(Handle<Expression> word, const ast::FieldDecl* f) {
  ir::Scalar s = *scalarOfM(typeOf(word));
  uint32_t bits = s.width, off = f->bitOffset, n = f->bitCount;
  if (n >= bits) return word;
  if (s.kind == ir::ScalarKind::Sint) {  // to the top, then arithmetic shift back down
    Handle<Expression> v = word;
    if (bits - off - n) v = fb_->binary(ir::BinaryOp::ShiftLeft, v, bitsLiteral(*this, s, bits - off - n));
    return fb_->binary(ir::BinaryOp::ShiftRight, v, bitsLiteral(*this, s, bits - n));
  }
  Handle<Expression> v = off ? fb_->binary(ir::BinaryOp::ShiftRight, word, bitsLiteral(*this, s, off)) : word;
  return off + n == bits ? v : fb_->binary(ir::BinaryOp::And, v, bitsLiteral(*this, s, lowBits(n)));
}

Handle<Expression> Lowerer::bitfieldSet(Handle<Expression> word, Handle<Expression> v, const ast::FieldDecl* f) {
  ir::Scalar s = *scalarOfM(typeOf(word));
  uint32_t bits = s.width, off = f->bitOffset, n = f->bitCount;
  if (n >= bits) return v;
  uint64_t mask = lowBits(n) << off;
  Handle<Expression> shifted = off ? fb_->binary(ir::BinaryOp::ShiftLeft, v, bitsLiteral(*this, s, off)) : v;
  Handle<Expression> part = fb_->binary(ir::BinaryOp::And, shifted, bitsLiteral(*this, s, mask));
  Handle<Expression> rest = fb_->binary(ir::BinaryOp::And, word, bitsLiteral(*this, s, ~mask));
  return fb_->binary(ir::BinaryOp::InclusiveOr, rest, part);
}

static Handle<ir::Type> pointee(Lowerer& L, Handle<Expression> ptr) {
  const ir::Type& pt = L.irT(L.typeOf(ptr));
  return pt.kind == ir::TypeKind::Pointer ? pt.base : Handle<ir::Type>{};
}

void Lowerer::store(const LValue& lv, Handle<Expression> v, SourceRange r) {
  if (lv.mesh && !lv.ptr.valid()) return meshStore(lv, v, r);
  if (lv.isImage()) {
    storeImage(lv, v, r);
    return;
  }
  if (!lv.swizzleLen || lv.bitfield) {
    Handle<ir::Type> pt = pointee(*this, lv.ptr);
    if (!pt.valid()) internal(r, "store through a non-pointer");
    if (lv.bitfield) {  // read, change the field's bits, write back
      if (irT(typeOf(v)).kind != ir::TypeKind::Scalar) v = fb_->accessIndex(v, 0);
      v = bitfieldSet(fb_->load(lv.ptr), castLayout(v, pt, r), lv.bitfield);
    }
    fb_->store(lv.ptr, castLayout(v, pt, r));
    return;
  }
  // Per-component stores through the swizzle.
  for (uint8_t i = 0; i < lv.swizzleLen; ++i) {
    Handle<Expression> dst =
        lv.meshFlatBase.valid()
            ? fb_->access(lv.ptr, fb_->binary(ir::BinaryOp::Add, lv.meshFlatBase, fb_->u32(lv.swizzle[i])))
        : lv.matrixSwizzle ? matrixElement(lv.ptr, lv.type, lv.swizzle[i])
                           : fb_->accessIndex(lv.ptr, lv.swizzle[i]);
    Handle<Expression> comp =
        lv.swizzleLen == 1 && irT(typeOf(v)).kind == ir::TypeKind::Scalar ? v : fb_->accessIndex(v, i);
    fb_->store(dst, castLayout(comp, pointee(*this, dst), r));
  }
}

// ---------------------------------------------------------------- operators

static ir::BinaryOp irBinary(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Mul: return ir::BinaryOp::Multiply;
    case ast::BinaryOp::Div: return ir::BinaryOp::Divide;
    case ast::BinaryOp::Rem: return ir::BinaryOp::Modulo;
    case ast::BinaryOp::Add: return ir::BinaryOp::Add;
    case ast::BinaryOp::Sub: return ir::BinaryOp::Subtract;
    case ast::BinaryOp::Shl: return ir::BinaryOp::ShiftLeft;
    case ast::BinaryOp::Shr: return ir::BinaryOp::ShiftRight;
    case ast::BinaryOp::Lt: return ir::BinaryOp::Less;
    case ast::BinaryOp::Gt: return ir::BinaryOp::Greater;
    case ast::BinaryOp::Le: return ir::BinaryOp::LessEqual;
    case ast::BinaryOp::Ge: return ir::BinaryOp::GreaterEqual;
    case ast::BinaryOp::Eq: return ir::BinaryOp::Equal;
    case ast::BinaryOp::Ne: return ir::BinaryOp::NotEqual;
    case ast::BinaryOp::BitAnd: return ir::BinaryOp::And;
    case ast::BinaryOp::BitXor: return ir::BinaryOp::ExclusiveOr;
    case ast::BinaryOp::BitOr: return ir::BinaryOp::InclusiveOr;
    case ast::BinaryOp::LogAnd: return ir::BinaryOp::LogicalAnd;
    case ast::BinaryOp::LogOr: return ir::BinaryOp::LogicalOr;
    default: return ir::BinaryOp::Add;
  }
}

Handle<Expression> Lowerer::arith(ast::BinaryOp op, Handle<Expression> a, Handle<Expression> b,
                                  const sema::Type* operandType, SourceRange r) {
  ir::BinaryOp iop = irBinary(op);
  Handle<ir::Type> at = typeOf(a);
  if (isMatrixLike(at)) {
    // HLSL matrix operators are component-wise: row by row (IR column / array element). A
    // comparison gives a bool matrix, an array of bool rows.
    Handle<ir::Type> rt = ir::isComparison(iop) || op == ast::BinaryOp::LogAnd || op == ast::BinaryOp::LogOr
                              ? withScalarM(at, ir::Scalar::boolean())
                              : at;
    bool rowsB = isMatrixLike(typeOf(b));
    return perRow(rt, rowCount(at), [&](uint32_t i) {
      return arith(op, fb_->accessIndex(a, i), rowsB ? fb_->accessIndex(b, i) : b, operandType, r);
    });
  }
  if (op == ast::BinaryOp::Shl || op == ast::BinaryOp::Shr) {
    // HLSL masks the shift amount by the bit width (like DXC).
    ir::Scalar s = *ir::scalarOf(m_->types, at);
    if (*ir::scalarOf(m_->types, typeOf(b)) != s) b = convertScalarKind(*this, b, s);
    if (ir::componentCount(m_->types, typeOf(b)) != ir::componentCount(m_->types, at)) b = splatTo(at, b);
    b = fb_->binary(ir::BinaryOp::And, b, splatTo(at, scalarConst(s, s.width - 1)));
    return fb_->binary(iop, a, b);
  }
  return fb_->binary(iop, a, b);
}

// Scalar short-circuit of && / || (HLSL 2021): tmp = lhs; if (lhs / !lhs) tmp = rhs.
static Handle<Expression> shortCircuit(Lowerer& L, const ast::BinaryExpr* b) {
  ir::FunctionBuilder& f = *L.fb_;
  Handle<Expression> lhs = L.expr(b->lhs);
  uint32_t tmp = f.addLocal("", L.m_->types.scalar(ir::Scalar::boolean()));
  f.store(f.local(tmp), lhs);
  Handle<Expression> cond = b->op == ast::BinaryOp::LogAnd ? lhs : f.unary(ir::UnaryOp::LogicalNot, lhs);
  f.ifBegin(cond);
  Handle<Expression> rhs = L.expr(b->rhs);
  f.store(f.local(tmp), rhs);
  f.ifEnd();
  return f.load(f.local(tmp));
}

static Handle<Expression> lowerBinary(Lowerer& L, const ast::BinaryExpr* b) {
  ir::FunctionBuilder& f = *L.fb_;
  SourceRange r = b->range;
  switch (b->op) {
    case ast::BinaryOp::Comma: L.expr(b->lhs); return L.expr(b->rhs);
    case ast::BinaryOp::Assign: {
      // A resource (or a struct holding one) assigned: the target becomes an alias of the
      // source's resources (lower_resources.cpp).
      if (L.holdsResource(b->lhs->type) && b->lhs->type->isResource()) return L.resourceAssign(b);
      LValue lv = L.lvalue(b->lhs);
      Handle<Expression> v = L.expr(b->rhs);
      f.setRange(r);
      L.store(lv, v, r);
      if (L.holdsResource(b->lhs->type)) {
        auto dk = L.resKey(b->lhs);
        auto sk = L.resKey(b->rhs);
        if (!dk || !sk) L.unsupported(r, "this assignment of a struct holding resources");
        L.copySlots(*dk, *sk);
      }
      return v;
    }
    case ast::BinaryOp::LogAnd:
    case ast::BinaryOp::LogOr:
      if (b->type && b->type->isScalar() && L.opts_.hlslVersion >= 2021) return shortCircuit(L, b);
      if (b->type && b->type->isMatrix()) {
        Handle<Expression> x = L.expr(b->lhs);
        Handle<Expression> y = L.expr(b->rhs);
        f.setRange(r);
        return L.arith(b->op, x, y, b->lhs->type, r);
      }
      return f.binary(irBinary(b->op), L.expr(b->lhs), L.expr(b->rhs));
    default: break;
  }
  if (ast::isCompoundAssignment(b->op)) {
    const sema::Type* lt = b->lhs->type;
    const sema::Type* ct = L.sema_.compoundComputationType(b);
    if (!ct) ct = lt;
    LValue lv = L.lvalue(b->lhs);
    Handle<Expression> old = L.load(lv, r);
    Handle<Expression> rhs = L.expr(b->rhs);
    f.setRange(r);
    Handle<Expression> oc = L.convert(old, lt, ct, r);
    Handle<Expression> res = L.arith(ast::compoundBaseOp(b->op), oc, rhs, ct, r);
    res = L.convert(res, ct, lt, r);
    L.store(lv, res, r);
    return res;
  }
  Handle<Expression> a = L.expr(b->lhs);
  Handle<Expression> c = L.expr(b->rhs);
  f.setRange(r);
  return L.arith(b->op, a, c, b->lhs->type, r);
}

// ++ / -- of the l-value `lv` (the operand of `u`): stores the new value; {old, new}.
static std::pair<Handle<Expression>, Handle<Expression>> incDec(Lowerer& L, const ast::UnaryExpr* u, const LValue& lv) {
  Handle<Expression> old = L.load(lv, u->range);
  L.fb_->setRange(u->range);
  Handle<ir::Type> t = L.typeOf(old);
  std::optional<ir::Scalar> s = L.scalarOfM(t);
  if (!s || s->kind == ir::ScalarKind::Bool) L.unsupported(u->range, "++/-- on this type");
  Handle<Expression> one = L.splatTo(t, L.scalarConst(*s, 1));
  bool inc = u->op == ast::UnaryOp::PreInc || u->op == ast::UnaryOp::PostInc;
  Handle<Expression> nv = L.arith(inc ? ast::BinaryOp::Add : ast::BinaryOp::Sub, old, one, u->sub->type, u->range);
  L.store(lv, nv, u->range);
  return {old, nv};
}

// A unary operator; of a matrix, row by row.
static Handle<Expression> unaryPerRow(Lowerer& L, ir::UnaryOp op, Handle<Expression> v) {
  Handle<ir::Type> t = L.typeOf(v);
  if (!L.isMatrixLike(t)) return L.fb_->unary(op, v);
  return L.perRow(t, L.rowCount(t), [&](uint32_t i) { return L.fb_->unary(op, L.fb_->accessIndex(v, i)); });
}

static Handle<Expression> lowerUnary(Lowerer& L, const ast::UnaryExpr* u) {
  ir::FunctionBuilder& f = *L.fb_;
  switch (u->op) {
    case ast::UnaryOp::Plus: return L.expr(u->sub);
    case ast::UnaryOp::Minus: {
      Handle<Expression> v = L.expr(u->sub);
      f.setRange(u->range);
      return unaryPerRow(L, ir::UnaryOp::Negate, v);
    }
    case ast::UnaryOp::Not: {
      Handle<Expression> v = L.expr(u->sub);
      f.setRange(u->range);
      return unaryPerRow(L, ir::UnaryOp::LogicalNot, v);
    }
    case ast::UnaryOp::BitNot: {
      Handle<Expression> v = L.expr(u->sub);
      f.setRange(u->range);
      return unaryPerRow(L, ir::UnaryOp::BitwiseNot, v);
    }
    case ast::UnaryOp::PreInc:
    case ast::UnaryOp::PreDec:
    case ast::UnaryOp::PostInc:
    case ast::UnaryOp::PostDec: {
      LValue lv = L.lvalue(u->sub);
      auto [old, nv] = incDec(L, u, lv);
      return ast::isPostfix(u->op) ? old : nv;
    }
  }
  L.internal(u->range, "unknown unary operator");
}

static bool isScalarConversion(ast::CastKind k) {
  switch (k) {
    case ast::CastKind::IntegralCast:
    case ast::CastKind::FloatingCast:
    case ast::CastKind::IntToFloat:
    case ast::CastKind::FloatToInt:
    case ast::CastKind::ToBool:
    case ast::CastKind::BoolToInt:
    case ast::CastKind::BoolToFloat: return true;
    default: return false;
  }
}

static void flatten(Lowerer& L, Handle<Expression> v, std::vector<Handle<Expression>>& out);
static Handle<Expression> rebuild(Lowerer& L, Handle<ir::Type> t, const std::vector<Handle<Expression>>& flat,
                                  size_t& pos, SourceRange r);

// Number of scalar leaves of an IR type (what flatten gives for a value of it).
static size_t irLeafCount(Lowerer& L, Handle<ir::Type> t) {
  const ir::Type tt = L.irT(t);
  switch (tt.kind) {
    case ir::TypeKind::Scalar: return 1;
    case ir::TypeKind::Vector: return tt.size;
    case ir::TypeKind::Matrix: return size_t(tt.size) * tt.columns;
    case ir::TypeKind::Array: return tt.arraySize * irLeafCount(L, tt.base);
    case ir::TypeKind::Struct: {
      size_t n = 0;
      for (const ir::StructMember& m : tt.members) n += irLeafCount(L, m.type);
      return n;
    }
    default: return 0;
  }
}

static Handle<Expression> lowerCast(Lowerer& L, const ast::ImplicitCastExpr* c) {
  ir::FunctionBuilder& f = *L.fb_;
  SourceRange r = c->range;
  if (isScalarConversion(c->castKind) && c->type && c->type->isScalar()) {
    // A constant converted (`float4(x, 1)`'s int literal 1): the converted constant, as DXC folds it.
    sema::ConstValue cv = L.sema_.constValue(c);
    if (cv.valid()) {
      f.setRange(r);
      ir::Scalar s = L.irScalar(c->type, r);
      if (s.kind == ir::ScalarKind::Float) return L.scalarConst(s, cv.asFloat());
      if (s.kind == ir::ScalarKind::Bool) return f.boolean(cv.asBool());
      return f.literal(ir::Literal::of(s, s.kind == ir::ScalarKind::Sint ? uint64_t(cv.asInt()) : cv.asUint()));
    }
  }
  if (c->castKind == ast::CastKind::NoOp && c->sub->type && c->sub->type->isResource()) {
    // A ConstantBuffer<S> / TextureBuffer<S> read as an S: a copy of the whole block.
    std::optional<GlobalRef> ref = L.resourceRef(c->sub);
    if (!ref) L.unsupported(r, "reading this resource expression as a value");
    f.setRange(r);
    return L.castLayout(f.load(L.resourceValue(*ref)), L.irType(c->type, r), r);
  }
  Handle<Expression> v = L.expr(c->sub);
  f.setRange(r);
  Handle<ir::Type> target = L.irType(c->type, r);
  switch (c->castKind) {
    case ast::CastKind::NoOp: return L.typeOf(v) == target ? v : L.castLayout(v, target, r);
    case ast::CastKind::IntegralCast:
    case ast::CastKind::FloatingCast:
    case ast::CastKind::IntToFloat:
    case ast::CastKind::FloatToInt:
    case ast::CastKind::ToBool:
    case ast::CastKind::BoolToInt:
    case ast::CastKind::BoolToFloat: return convertScalarKind(L, v, L.irScalar(c->type, r));
    case ast::CastKind::VectorSplat:
    case ast::CastKind::VectorTruncate:
    case ast::CastKind::MatrixTruncate:
    case ast::CastKind::VectorToScalar: return L.convert(v, c->sub->type, c->type, r);
    case ast::CastKind::IntToPointer:
    case ast::CastKind::PointerToInt: return L.pointerCast(v, target, false);
    case ast::CastKind::Flat: {
      // `(S)0`: the zero value.
      sema::ConstValue cv = L.sema_.constValue(c->sub);
      if (cv.valid() && cv.asFloat() == 0) return f.zero(target);
      // `(S)x`: every leaf gets the scalar; otherwise the source's leading leaves, in order.
      std::vector<Handle<Expression>> flat;
      flatten(L, v, flat);
      if (flat.size() == 1) flat.resize(irLeafCount(L, target), flat[0]);
      size_t pos = 0;
      return rebuild(L, target, flat, pos, r);
    }
    default: L.unsupported(r, std::string("the conversion '") + ast::castKindName(c->castKind) + "'");
  }
}

// Flattens a value into scalar components (vectors, matrices in HLSL row order, arrays, structs).
static void flatten(Lowerer& L, Handle<Expression> v, std::vector<Handle<Expression>>& out) {
  ir::FunctionBuilder& f = *L.fb_;
  const ir::Type t = L.irT(L.typeOf(v));
  switch (t.kind) {
    case ir::TypeKind::Scalar: out.push_back(v); return;
    case ir::TypeKind::Vector:
      for (uint32_t i = 0; i < t.size; ++i) out.push_back(f.accessIndex(v, i));
      return;
    case ir::TypeKind::Matrix:
      for (uint32_t i = 0; i < t.columns; ++i) flatten(L, f.accessIndex(v, i), out);
      return;
    case ir::TypeKind::Array:
      for (uint32_t i = 0; i < t.arraySize; ++i) flatten(L, f.accessIndex(v, i), out);
      return;
    case ir::TypeKind::Struct:
      for (uint32_t i = 0; i < t.members.size(); ++i) flatten(L, f.accessIndex(v, i), out);
      return;
    case ir::TypeKind::Pointer: out.push_back(v); return;  // a vk::BufferPointer is one leaf
    default: return;
  }
}

// Rebuilds a value of IR type `t` from flat scalars (converting each to the leaf type).
static Handle<Expression> rebuild(Lowerer& L, Handle<ir::Type> t, const std::vector<Handle<Expression>>& flat,
                                  size_t& pos, SourceRange r) {
  ir::FunctionBuilder& f = *L.fb_;
  const ir::Type tt = L.irT(t);
  auto next = [&](ir::Scalar s) {
    if (pos >= flat.size()) L.internal(r, "too few initializer components");
    return convertScalarKind(L, flat[pos++], s);
  };
  switch (tt.kind) {
    case ir::TypeKind::Scalar: return next(tt.scalar);
    case ir::TypeKind::Vector: {
      std::vector<Handle<Expression>> parts;
      for (uint32_t i = 0; i < tt.size; ++i) parts.push_back(next(tt.scalar));
      return f.compose(t, parts);
    }
    case ir::TypeKind::Matrix: {
      Handle<ir::Type> col = L.m_->types.vector(tt.scalar, tt.size);
      std::vector<Handle<Expression>> cols;
      for (uint32_t i = 0; i < tt.columns; ++i) cols.push_back(rebuild(L, col, flat, pos, r));
      return f.compose(t, cols);
    }
    case ir::TypeKind::Array: {
      std::vector<Handle<Expression>> parts;
      for (uint32_t i = 0; i < tt.arraySize; ++i) parts.push_back(rebuild(L, tt.base, flat, pos, r));
      return f.compose(t, parts);
    }
    case ir::TypeKind::Struct: {
      std::vector<Handle<Expression>> parts;
      for (const ir::StructMember& m : tt.members) parts.push_back(rebuild(L, m.type, flat, pos, r));
      return f.compose(t, parts);
    }
    case ir::TypeKind::Pointer:  // a vk::BufferPointer leaf: the same pointer type (Sema checked)
      if (pos < flat.size() && L.typeOf(flat[pos]) == t) return flat[pos++];
      [[fallthrough]];
    default: L.unsupported(r, "initializing this type");
  }
}

static void flattenInit(Lowerer& L, const ast::Expr* e, std::vector<Handle<Expression>>& out) {
  if (auto* il = ast::dyn_cast<ast::InitListExpr>(e)) {
    for (const ast::Expr* x : il->inits) flattenInit(L, x, out);
    return;
  }
  flatten(L, L.expr(e), out);
}

Handle<Expression> Lowerer::initializer(const ast::Expr* init, const sema::Type* target) {
  Handle<ir::Type> t = irType(target, init->range);
  if (init->kind != ast::ExprKind::InitList) return castLayout(expr(init), t, init->range);
  std::vector<Handle<Expression>> flat;
  flattenInit(*this, init, flat);
  fb_->setRange(init->range);
  size_t pos = 0;
  Handle<Expression> v = rebuild(*this, t, flat, pos, init->range);
  if (pos != flat.size()) internal(init->range, "initializer component count mismatch");
  return v;
}

static Handle<Expression> lowerConstruct(Lowerer& L, const ast::ConstructExpr* c) {
  SourceRange r = c->range;
  // vk::BufferPointer<T, A>(x): Sema converted x (a copy, or IntToPointer of an address).
  if (c->type->isBufferPointer() && c->args.size() == 1) return L.expr(c->args[0]);
  // S(x): Sema converted x to the struct, as for (S)x.
  if (c->type->isStruct() && c->args.size() == 1) return L.expr(c->args[0]);
  Handle<ir::Type> t = L.irType(c->type, r);
  std::vector<Handle<Expression>> vals;
  for (const ast::Expr* a : c->args) vals.push_back(L.expr(a));
  ir::FunctionBuilder& f = *L.fb_;
  f.setRange(r);
  const ir::Type tt = L.irT(t);
  if (vals.size() == 1 && ir::componentCount(L.m_->types, L.typeOf(vals[0])) == 1 &&
      (tt.kind == ir::TypeKind::Vector || L.isMatrixLike(t))) {
    Handle<Expression> s = vals[0];
    if (L.irT(L.typeOf(s)).kind == ir::TypeKind::Vector) s = f.accessIndex(s, 0);
    return L.splatTo(t, convertScalarKind(L, s, *L.scalarOfM(t)));
  }
  if (vals.size() == 1 && c->args[0]->type && c->args[0]->type != c->type && c->args[0]->type->isNumeric() &&
      c->type->isNumeric() && c->args[0]->type->componentCount() == c->type->componentCount() &&
      (L.irT(L.typeOf(vals[0])).kind == tt.kind || (L.isMatrixLike(L.typeOf(vals[0])) && L.isMatrixLike(t))))
    return L.convert(vals[0], c->args[0]->type, c->type, r);
  std::vector<Handle<Expression>> flat;
  for (Handle<Expression> v : vals) flatten(L, v, flat);
  size_t pos = 0;
  Handle<Expression> v = rebuild(L, t, flat, pos, r);
  if (pos != flat.size()) L.internal(r, "constructor component count mismatch");
  return v;
}

static Handle<Expression> lowerMember(Lowerer& L, const ast::MemberExpr* m) {
  L.fieldUsed(m);
  ir::FunctionBuilder& f = *L.fb_;
  if (m->field) {
    if (m->base->isLValue || (m->base->type && m->base->type->isResource())) return L.load(L.lvalue(m), m->range);
    Handle<Expression> b = L.expr(m->base);
    f.setRange(m->range);
    Handle<Expression> v = f.accessIndex(b, m->field->index);
    return m->field->bitCount ? L.bitfieldGet(v, m->field) : v;
  }
  if (!m->swizzleLen) L.unsupported(m->range, "this member expression");
  Handle<Expression> b = L.expr(m->base);
  f.setRange(m->range);
  const ir::Type bt = L.irT(L.typeOf(b));
  if (m->isMatrixSwizzle) {
    std::vector<Handle<Expression>> comps;
    const bool rows = L.isMatrixLike(L.typeOf(b));
    for (uint8_t i = 0; i < m->swizzleLen; ++i) {
      uint32_t row = m->swizzle[i] / 4, col = m->swizzle[i] % 4;
      if (rows)
        comps.push_back(f.accessIndex(f.accessIndex(b, row), col));
      else if (bt.kind == ir::TypeKind::Vector)
        comps.push_back(f.accessIndex(b, row > 0 ? row : col));
      else
        comps.push_back(b);
    }
    if (comps.size() == 1) return comps[0];
    return f.compose(L.m_->types.vector(*L.scalarOfM(L.typeOf(b)), uint32_t(comps.size())), comps);
  }
  if (bt.kind == ir::TypeKind::Scalar) {
    if (m->swizzleLen == 1) return b;
    return f.splat(L.m_->types.vector(bt.scalar, m->swizzleLen), b);
  }
  if (m->swizzleLen == 1) return f.accessIndex(b, m->swizzle[0]);
  Expression e;
  e.kind = ir::ExprKind::Swizzle;
  e.a = b;
  e.index = ir::swizzlePattern(m->swizzle[0], m->swizzle[1], m->swizzle[2], m->swizzle[3]);
  e.type = L.m_->types.vector(bt.scalar, m->swizzleLen);
  return f.add(e);
}

static Handle<Expression> lowerConditional(Lowerer& L, const ast::ConditionalExpr* c) {
  ir::FunctionBuilder& f = *L.fb_;
  Handle<Expression> cond = L.expr(c->cond);
  Handle<ir::Type> t = L.irType(c->type, c->range);
  const ir::Type& rt = L.irT(t);
  bool selectable = rt.kind == ir::TypeKind::Scalar || rt.kind == ir::TypeKind::Vector;
  if ((c->cond->type && !c->cond->type->isScalar()) || (L.opts_.hlslVersion < 2021 && selectable)) {
    // A vector select, or any ?: before HLSL 2021: both sides evaluated (DXC's OpSelect).
    Handle<Expression> a = L.castLayout(L.expr(c->thenExpr), t, c->range);
    Handle<Expression> b = L.castLayout(L.expr(c->elseExpr), t, c->range);
    f.setRange(c->range);
    if (L.isMatrixLike(L.typeOf(cond)))  // a matrix: row by row
      return L.perRow(t, L.rowCount(t), [&](uint32_t i) {
        return f.select(f.accessIndex(cond, i), f.accessIndex(a, i), f.accessIndex(b, i));
      });
    return f.select(cond, a, b);
  }
  if (L.opts_.hlslVersion < 2021) {  // both sides evaluated, then the chosen one kept
    Handle<Expression> a = L.castLayout(L.expr(c->thenExpr), t, c->range);
    Handle<Expression> b = L.castLayout(L.expr(c->elseExpr), t, c->range);
    uint32_t tmp = f.addLocal("", t);
    f.setRange(c->range);
    f.ifBegin(cond);
    f.store(f.local(tmp), a);
    f.ifElse();
    f.store(f.local(tmp), b);
    f.ifEnd();
    return f.load(f.local(tmp));
  }
  // HLSL 2021: only the chosen side is evaluated.
  uint32_t tmp = f.addLocal("", t);
  f.setRange(c->range);
  f.ifBegin(cond);
  f.store(f.local(tmp), L.castLayout(L.expr(c->thenExpr), t, c->range));
  f.ifElse();
  f.store(f.local(tmp), L.castLayout(L.expr(c->elseExpr), t, c->range));
  f.ifEnd();
  return f.load(f.local(tmp));
}

Handle<Expression> Lowerer::expr(const ast::Expr* e) {
  if (!e) internal(SourceRange{}, "missing expression");
  if (!e->type) internal(e->range, "expression without a type annotation");
  fb_->setRange(e->range);
  switch (e->kind) {
    case ast::ExprKind::Binary:
    case ast::ExprKind::Unary:
    case ast::ExprKind::Cast:
    case ast::ExprKind::ImplicitCast:
    case ast::ExprKind::Conditional:
      // An operation on specialization constants is a constant (lower_spec.cpp).
      if (sema_.isSpecConstantExpr(e)) return fb_->constant(specConstExpr(e));
      if (e->kind == ast::ExprKind::ImplicitCast) {
        // A vector splat of one: OpSpecConstantComposite (DXC's vk.spec-constant.composite).
        auto* c = static_cast<const ast::ImplicitCastExpr*>(e);
        if (c->castKind == ast::CastKind::VectorSplat && e->type->isVector() && sema_.isSpecConstantExpr(c->sub) &&
            c->sub->type && c->sub->type->isScalar() && c->sub->type->scalarKind() == e->type->scalarKind()) {
          Handle<ir::Type> vt = irType(e->type, e->range);
          Handle<ir::Constant> k = specConstExpr(c->sub);
          return fb_->constant(mb_->composite(vt, std::vector<Handle<ir::Constant>>(irT(vt).size, k)));
        }
      }
      break;
    default: break;
  }
  switch (e->kind) {
    case ast::ExprKind::IntLiteral: {
      auto* l = static_cast<const ast::IntLiteralExpr*>(e);
      ir::Scalar s = irScalar(e->type, e->range);
      if (s.kind == ir::ScalarKind::Float) return fb_->literal(ir::Literal::ofFloat(s, double(l->value)));
      if (s.kind == ir::ScalarKind::Bool) return fb_->boolean(l->value != 0);
      return fb_->literal(ir::Literal::of(s, l->value));
    }
    case ast::ExprKind::FloatLiteral: {
      auto* l = static_cast<const ast::FloatLiteralExpr*>(e);
      ir::Scalar s = irScalar(e->type, e->range);
      if (s.kind != ir::ScalarKind::Float) return scalarConst(s, l->value);
      return fb_->literal(ir::Literal::ofFloat(s, l->value));
    }
    case ast::ExprKind::BoolLiteral: return fb_->boolean(static_cast<const ast::BoolLiteralExpr*>(e)->value);
    case ast::ExprKind::Paren: return expr(static_cast<const ast::ParenExpr*>(e)->sub);
    case ast::ExprKind::DeclRef: {
      auto* d = static_cast<const ast::DeclRefExpr*>(e);
      if (auto it = resultIds_.find(d->decl); it != resultIds_.end()) return it->second;
      if (auto* ec = ast::dyn_cast<ast::EnumConstantDecl>(d->decl))
        return scalarConst(irScalar(e->type, e->range), double(ec->constValue));
      if (auto it = specConsts_.find(d->decl); it != specConsts_.end()) return fb_->constant(it->second);
      if (e->type->kind() == sema::TypeKind::DescriptorHeap)  // only `(T)Heap[i]` is (lower_heap.cpp)
        unsupported(e->range,
                    "a descriptor heap used other than as `T x = " + std::string(d->decl->name.str()) + "[i]`");
      if (!locals_.count(d->decl) && !ptrArgs_.count(d->decl) && !refParams_.count(d->decl) &&
          (!globals_.count(d->decl) || constGlobals_.count(d->decl))) {
        sema::ConstValue cv = sema_.constValue(e);  // e.g. a static const folded by Sema
        // (An enum-typed one too: a non-type template parameter of enum type.)
        if (cv.valid() && (e->type->isScalar() || e->type->isEnum())) {
          ir::Scalar s = irScalar(e->type, e->range);
          if (s.kind == ir::ScalarKind::Float) return scalarConst(s, cv.asFloat());
          if (s.kind == ir::ScalarKind::Bool) return fb_->boolean(cv.asBool());
          return fb_->literal(ir::Literal::of(s, cv.asUint()));
        }
      }
      return load(lvalue(e), e->range);
    }
    case ast::ExprKind::Unary: return lowerUnary(*this, static_cast<const ast::UnaryExpr*>(e));
    case ast::ExprKind::Binary: return lowerBinary(*this, static_cast<const ast::BinaryExpr*>(e));
    case ast::ExprKind::Conditional: return lowerConditional(*this, static_cast<const ast::ConditionalExpr*>(e));
    case ast::ExprKind::Cast: {
      auto* c = static_cast<const ast::CastExpr*>(e);
      Handle<Expression> v = expr(c->sub);
      fb_->setRange(e->range);
      return convert(v, c->sub->type, e->type, e->range);
    }
    case ast::ExprKind::ImplicitCast: return lowerCast(*this, static_cast<const ast::ImplicitCastExpr*>(e));
    case ast::ExprKind::Construct:
      if (e->type && e->type->isRayQuery()) unsupported(e->range, "a RayQuery<F>() value outside a declaration");
      return lowerConstruct(*this, static_cast<const ast::ConstructExpr*>(e));
    case ast::ExprKind::Call: return call(static_cast<const ast::CallExpr*>(e));
    case ast::ExprKind::Member: return lowerMember(*this, static_cast<const ast::MemberExpr*>(e));
    case ast::ExprKind::Index: {
      auto* ix = static_cast<const ast::IndexExpr*>(e);
      if (e->isLValue || (ix->base->type && ix->base->type->isResource())) return load(lvalue(e), e->range);
      Handle<Expression> b = expr(ix->base);
      Handle<Expression> i = expr(ix->index);
      fb_->setRange(e->range);
      // A 1xN matrix is its only row (an IR vector or scalar).
      if (ix->base->type && ix->base->type->isMatrix() && ix->base->type->rows() == 1) return b;
      const ir::Type bt = irT(typeOf(b));
      // A one-component vector (float1, or the row of an Nx1 matrix) is an IR scalar.
      if (bt.kind == ir::TypeKind::Scalar) return b;
      if (bt.kind == ir::TypeKind::Vector) return fb_->access(b, i);
      // Arrays and matrices are indexed through a temporary (dynamic index needs memory).
      uint32_t tmp = fb_->addLocal("", typeOf(b));
      fb_->store(fb_->local(tmp), b);
      return fb_->load(fb_->access(fb_->local(tmp), i));
    }
    case ast::ExprKind::InitList: return initializer(e, e->type);
    case ast::ExprKind::Sizeof: {  // a constant uint (Sema's value)
      sema::ConstValue cv = sema_.constValue(e);
      if (!cv.valid()) internal(e->range, "sizeof without a value");
      return fb_->literal(ir::Literal::u32(uint32_t(cv.asUint())));
    }
    case ast::ExprKind::This: return load(lvalue(e), e->range);
    default: unsupported(e->range, "this expression");
  }
}

}  // namespace oneshader::lower
