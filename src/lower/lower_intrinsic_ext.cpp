// Lowering of the intrinsics that are more than one IR operation: component-wise intrinsics
// of matrices and arrays (per column / element), modf / frexp, bit operations of 16- and
// 64-bit integers (SPIR-V's bit instructions take 32-bit operands in Vulkan), the SM 6.x
// packed 8-bit and dot-product helpers, lit / dst / msad4 / D3DCOLORtoUBYTE4 / AddUint64,
// isnormal, QuadAny / QuadAll. Everything here is plain IR arithmetic, so the three
// targets share one expansion (the values are DXC's; msad4 follows FXC, see intrinsics.def).
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::BinaryOp;
using ir::Expression;
using ir::Handle;
using ir::MathFunction;
using I = IntrinsicId;

namespace {

// Intrinsics whose result is the operation applied to each column of a matrix (each
// element of an array) of their arguments.
bool isComponentwise(I id) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  switch (id) {
    case I::AsUint:
    case I::AsInt:
    case I::AsFloat:
    case I::AsFloat16:
    case I::AsInt16:
    case I::AsUint16:
    case I::Select:
    case I::WaveReadLaneAt:
    case I::QuadReadLaneAt:
    case I::WaveMultiPrefixSum:
    case I::WaveMultiPrefixProduct:
    case I::WaveMultiPrefixBitAnd:
    case I::WaveMultiPrefixBitOr:
    case I::WaveMultiPrefixBitXor: return true;
    default: break;
  }
  if (info.args == IntrinsicArgs::Special || info.args == IntrinsicArgs::None) return false;
  switch (info.ret) {
    case IntrinsicRet::SameAsArg0:
    case IntrinsicRet::BoolSame:
    case IntrinsicRet::UintSame:
    case IntrinsicRet::FloatSame:
    case IntrinsicRet::IntSame: return true;
    default: return false;
  }
}

}  // namespace

// A matrix (IR columns) or array (elements) result: the intrinsic per column / element, with
// every argument of that shape split the same way (the others, such as a lane index or a
// partition mask, passed whole). WaveActiveAllEqual of a vector is per component as well:
// OpGroupNonUniformAllEqual gives one bool for its whole operand.
Handle<Expression> Lowerer::componentwise(I id, const std::vector<Handle<Expression>>& a, Handle<ir::Type> rt,
                                          SourceRange r) {
  if (!rt.valid() || a.empty() || !isComponentwise(id)) return {};
  const ir::Type R = irT(rt);  // a copy: interning below may grow the type table
  uint32_t n = 0;
  Handle<ir::Type> part;
  if (R.kind == ir::TypeKind::Matrix) {
    n = R.columns;
    part = m_->types.vector(R.scalar, R.size);
  } else if (R.kind == ir::TypeKind::Array && R.arraySize) {
    n = R.arraySize;
    part = R.base;
  } else if (id == I::WaveActiveAllEqual && R.kind == ir::TypeKind::Vector) {
    n = R.size;
    part = m_->types.scalar(R.scalar);
  } else {
    return {};
  }
  auto splits = [&](Handle<ir::Type> t) {
    const ir::Type& X = irT(t);
    if (R.kind == ir::TypeKind::Vector) return X.kind == ir::TypeKind::Vector && X.size == n;
    return (X.kind == ir::TypeKind::Matrix && X.columns == n) || (X.kind == ir::TypeKind::Array && X.arraySize == n);
  };
  std::vector<Handle<Expression>> parts;
  for (uint32_t i = 0; i < n; ++i) {
    std::vector<Handle<Expression>> sub;
    for (Handle<Expression> x : a) sub.push_back(splits(typeOf(x)) ? fb_->accessIndex(x, i) : x);
    parts.push_back(intrinsicValues(id, sub, part, r));
  }
  fb_->setRange(r);
  return fb_->compose(rt, parts);
}

// mul() with a non-float matrix (an IR array of rows) on either side, DXC's expansion: a
// scalar multiplies each row; otherwise every result component is the sum of the products
// of a row of the left operand and a column of the right one (the right matrix transposed
// first), multiplied and added as scalars. 1xN and Nx1 operands are IR vectors: a vector on
// the left is a row, on the right a column.
Handle<Expression> Lowerer::integerMatrixMul(Handle<Expression> a, Handle<Expression> b, Handle<ir::Type> rt,
                                             SourceRange r) {
  ir::FunctionBuilder& f = *fb_;
  Handle<ir::Type> ta = typeOf(a), tb = typeOf(b);
  const ir::TypeKind ka = irT(ta).kind, kb = irT(tb).kind;
  if (ka == ir::TypeKind::Scalar || kb == ir::TypeKind::Scalar) {
    Handle<Expression> s = ka == ir::TypeKind::Scalar ? a : b;
    Handle<Expression> m = ka == ir::TypeKind::Scalar ? b : a;
    Handle<Expression> splat = f.splat(rowType(typeOf(m)), s);
    return perRow(typeOf(m), rowCount(typeOf(m)),
                  [&](uint32_t i) { return f.binary(BinaryOp::Multiply, f.accessIndex(m, i), splat); });
  }
  auto sum = [&](const std::function<Handle<Expression>(uint32_t)>& x,
                 const std::function<Handle<Expression>(uint32_t)>& y, uint32_t n) {
    std::vector<Handle<Expression>> products;
    for (uint32_t k = 0; k < n; ++k) products.push_back(f.binary(BinaryOp::Multiply, x(k), y(k)));
    Handle<Expression> acc = products[0];
    for (uint32_t k = 1; k < n; ++k) acc = f.binary(BinaryOp::Add, acc, products[k]);
    return acc;
  };
  ir::Scalar s = *scalarOfM(ta);
  if (ka == ir::TypeKind::Vector && !isRowArray(tb)) internal(r, "mul: unexpected operand shapes");
  // The right operand's columns: a vector is one column; a matrix is transposed.
  std::vector<Handle<Expression>> columns;
  uint32_t inner = 0;
  if (kb == ir::TypeKind::Vector) {
    columns.push_back(b);
    inner = irT(tb).size;
  } else {
    uint32_t rows = rowCount(tb), cols = irT(rowType(tb)).size;
    inner = rows;
    std::vector<Handle<Expression>> el;
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t j = 0; j < cols; ++j) el.push_back(f.accessIndex(f.accessIndex(b, i), j));
    Handle<ir::Type> colT = m_->types.vector(s, rows);
    std::vector<Handle<Expression>> parts;
    for (uint32_t j = 0; j < cols; ++j) {
      std::vector<Handle<Expression>> c;
      for (uint32_t i = 0; i < rows; ++i) c.push_back(el[i * cols + j]);
      parts.push_back(f.compose(colT, c));
    }
    Handle<Expression> transposed = f.compose(m_->types.array(colT, cols), parts);
    for (uint32_t j = 0; j < cols; ++j) columns.push_back(f.accessIndex(transposed, j));
  }
  // The left operand's rows: a vector is one row.
  uint32_t lrows = ka == ir::TypeKind::Vector ? 1 : rowCount(ta);
  auto rowOf = [&](uint32_t i) { return ka == ir::TypeKind::Vector ? a : f.accessIndex(a, i); };
  auto resultRow = [&](uint32_t i) -> Handle<Expression> {
    Handle<Expression> row = rowOf(i);
    std::vector<Handle<Expression>> comps;
    for (Handle<Expression> col : columns)
      comps.push_back(sum([&](uint32_t k) { return f.accessIndex(row, k); },
                          [&](uint32_t k) { return f.accessIndex(col, k); }, inner));
    if (comps.size() == 1) return comps[0];
    return f.compose(m_->types.vector(s, uint32_t(comps.size())), comps);
  };
  if (lrows == 1) return resultRow(0);  // a vector (or a scalar)
  if (columns.size() == 1) {            // a matrix times a column: one component per row
    std::vector<Handle<Expression>> comps;
    for (uint32_t i = 0; i < lrows; ++i) comps.push_back(resultRow(i));
    return f.compose(rt, comps);
  }
  return perRow(rt, lrows, resultRow);
}

// modf(x, out ip) / frexp(x, out e), DXC's shape (ir.hpp "Modf and Frexp"): one ModfStruct /
// FrexpStruct per column of a matrix; member 1 is stored to the out argument (frexp's i32
// exponent converted to x's float type), member 0 is the value. Integer modf arguments go
// through f32 and back (Sema allows integers for modf only).
Handle<Expression> Lowerer::modfFrexp(const ast::CallExpr* c) {
  SourceRange r = c->range;
  ir::FunctionBuilder& f = *fb_;
  bool frexp = I(c->intrinsic) == I::Frexp;
  Handle<Expression> x = expr(c->args[0]);
  LValue out = lvalue(c->args[1]);
  f.setRange(r);
  std::optional<ir::Scalar> xs = scalarOfM(typeOf(x));
  if (!xs) internal(r, "modf/frexp of a non-numeric value");
  bool viaFloat = xs->kind != ir::ScalarKind::Float;
  // One result struct per column (a matrix) or for the whole value; member 1 first (DXC's
  // order: the out argument is stored before the value is extracted).
  Handle<ir::Type> t = typeOf(x);
  bool matrix = isMatrixLike(t);
  uint32_t cols = matrix ? rowCount(t) : 1;
  std::vector<Handle<Expression>> results, seconds;
  for (uint32_t i = 0; i < cols; ++i) {
    Handle<Expression> v = matrix ? f.accessIndex(x, i) : x;
    if (viaFloat) v = f.convert(v, ir::Scalar::f32());
    results.push_back(f.math(frexp ? MathFunction::Frexp : MathFunction::Modf, v));
    Handle<Expression> second = f.accessIndex(results.back(), 1);
    if (frexp || viaFloat) second = f.convert(second, *xs);
    seconds.push_back(second);
  }
  Handle<Expression> second = matrix ? f.compose(t, seconds) : seconds[0];
  const sema::Type* ot = c->args[1]->type;
  if (ot != c->args[0]->type) second = convert(second, c->args[0]->type, ot, r);  // `modf(f2, i3.xy)`
  store(out, second, r);
  std::vector<Handle<Expression>> firsts;
  for (Handle<Expression> res : results) {
    Handle<Expression> first = f.accessIndex(res, 0);
    if (viaFloat) first = f.convert(first, *xs);
    firsts.push_back(first);
  }
  return matrix ? f.compose(t, firsts) : firsts[0];
}

// Vulkan's OpBitCount / OpBitReverse take 32-bit operands (DXC's shapes): a 16-bit value is
// zero-extended (reversebits: reversed in 32 bits, shifted down by 16, narrowed); a 64-bit
// one is split into its two words.
Handle<Expression> Lowerer::bitsOfWidth(I id, const std::vector<Handle<Expression>>& a, Handle<ir::Type> rt,
                                        SourceRange r) {
  if ((id != I::CountBits && id != I::ReverseBits) || a.empty()) return {};
  ir::FunctionBuilder& f = *fb_;
  ir::TypeArena& ty = m_->types;
  Handle<Expression> x = a[0];
  Handle<ir::Type> xt = typeOf(x);
  ir::Scalar s = *ir::scalarOf(ty, xt);
  if (s.width == 32) return {};
  f.setRange(r);
  auto as = [&](ir::ScalarKind k, uint8_t w) { return ir::withScalar(ty, xt, ir::Scalar{k, w}); };
  auto splatU = [&](Handle<ir::Type> t, uint64_t v, uint8_t w) {
    return splatTo(t, scalarConst(ir::Scalar{ir::ScalarKind::Uint, w}, double(v)));
  };
  // The value as unsigned of its own width.
  Handle<Expression> u = s.kind == ir::ScalarKind::Uint ? x : f.bitcast(x, as(ir::ScalarKind::Uint, s.width));
  Handle<ir::Type> u32t = as(ir::ScalarKind::Uint, 32);
  if (s.width == 16) {
    Handle<Expression> w = f.convert(u, ir::Scalar::u32());
    if (id == I::CountBits) {
      Handle<Expression> n = f.math(MathFunction::CountOneBits, w);
      return typeOf(n) == rt ? n : f.convert(n, *ir::scalarOf(ty, rt));
    }
    Handle<Expression> rev =
        f.binary(ir::BinaryOp::ShiftRight, f.math(MathFunction::ReverseBits, w), splatU(u32t, 16, 32));
    Handle<Expression> n = f.convert(rev, ir::Scalar{ir::ScalarKind::Uint, 16});
    return typeOf(n) == rt ? n : f.bitcast(n, rt);
  }
  // 64 bits: low and high words.
  Handle<Expression> lo = f.convert(u, ir::Scalar::u32());
  Handle<Expression> hi =
      f.convert(f.binary(ir::BinaryOp::ShiftRight, u, splatU(typeOf(u), 32, 64)), ir::Scalar::u32());
  if (id == I::CountBits) {
    Handle<Expression> n =
        f.binary(ir::BinaryOp::Add, f.math(MathFunction::CountOneBits, hi), f.math(MathFunction::CountOneBits, lo));
    return typeOf(n) == rt ? n : f.convert(n, *ir::scalarOf(ty, rt));
  }
  // reversebits: the reversed low word becomes the high word.
  Handle<ir::Type> u64t = typeOf(u);
  Handle<Expression> rl = f.convert(f.math(MathFunction::ReverseBits, lo), ir::Scalar::u64());
  Handle<Expression> rh = f.convert(f.math(MathFunction::ReverseBits, hi), ir::Scalar::u64());
  Handle<Expression> n =
      f.binary(ir::BinaryOp::InclusiveOr, f.binary(ir::BinaryOp::ShiftLeft, rl, splatU(u64t, 32, 64)), rh);
  return typeOf(n) == rt ? n : f.bitcast(n, rt);
}

// printf(format, args...): the format is a string literal or a `string` variable (Sema
// requires a literal initializer); a Debug statement carries it and the argument values.
Handle<Expression> Lowerer::printf(const ast::CallExpr* c) {
  const ast::Expr* fe = c->args.empty() ? nullptr : c->args[0];
  while (fe && (fe->kind == ast::ExprKind::Paren || fe->kind == ast::ExprKind::ImplicitCast))
    fe = fe->kind == ast::ExprKind::Paren ? static_cast<const ast::ParenExpr*>(fe)->sub
                                          : static_cast<const ast::ImplicitCastExpr*>(fe)->sub;
  if (fe && fe->kind == ast::ExprKind::DeclRef) {
    const ast::Decl* d = static_cast<const ast::DeclRefExpr*>(fe)->decl;
    fe = d && d->kind == ast::DeclKind::Var ? static_cast<const ast::VarDecl*>(d)->init : nullptr;
    while (fe && fe->kind == ast::ExprKind::Paren) fe = static_cast<const ast::ParenExpr*>(fe)->sub;
  }
  if (!fe || fe->kind != ast::ExprKind::StringLiteral)
    unsupported(c->range, "this printf format (a string literal is needed)");
  std::string format(static_cast<const ast::StringLiteralExpr*>(fe)->value);
  std::vector<Handle<Expression>> args;
  for (size_t i = 1; i < c->args.size(); ++i) args.push_back(expr(c->args[i]));
  fb_->setRange(c->range);
  fb_->debugPrintf(std::move(format), args);
  return {};
}

Handle<Expression> Lowerer::intrinsicExt(I id, const std::vector<Handle<Expression>>& a, Handle<ir::Type> rt,
                                         SourceRange r) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  ir::FunctionBuilder& f = *fb_;
  ir::TypeArena& ty = m_->types;
  auto arg = [&](size_t i) {
    if (i >= a.size()) internal(r, std::string("missing argument to ") + std::string(info.name));
    return a[i];
  };
  const Handle<ir::Type> u32T = ty.scalar(ir::Scalar::u32());
  const Handle<ir::Type> i32T = ty.scalar(ir::Scalar::i32());
  auto u32 = [&](uint32_t v) { return f.u32(v); };
  auto bin = [&](BinaryOp op, Handle<Expression> x, Handle<Expression> y) { return f.binary(op, x, y); };
  auto scalarOfV = [&](Handle<Expression> v) { return *ir::scalarOf(ty, typeOf(v)); };
  auto splatS = [&](Handle<Expression> like, double v) {
    return splatTo(typeOf(like), scalarConst(scalarOfV(like), v));
  };
  // Byte k of the u32 `w`, zero-extended (u32) or sign-extended (i32).
  auto byteOf = [&](Handle<Expression> w, uint32_t k, bool sign) {
    if (!sign) {
      Handle<Expression> s = k ? bin(BinaryOp::ShiftRight, w, u32(8 * k)) : w;
      return k == 3 ? s : bin(BinaryOp::And, s, u32(0xff));
    }
    Handle<Expression> si = f.bitcast(w, i32T);
    if (k != 3) si = bin(BinaryOp::ShiftLeft, si, f.i32(int32_t(24 - 8 * k)));
    return bin(BinaryOp::ShiftRight, si, f.i32(24));
  };
  // A value as u32 of its shape: 32-bit integers bit-cast, 16-bit ones zero-extended.
  auto toU32 = [&](Handle<Expression> v) {
    ir::Scalar s = scalarOfV(v);
    if (s == ir::Scalar::u32()) return v;
    if (s.width == 32) return f.bitcast(v, ir::withScalar(ty, typeOf(v), ir::Scalar::u32()));
    if (s.kind == ir::ScalarKind::Sint)
      v = f.bitcast(v, ir::withScalar(ty, typeOf(v), {ir::ScalarKind::Uint, s.width}));
    return f.convert(v, ir::Scalar::u32());
  };

  switch (id) {
    // ---- derivatives: of 32-bit floats (SPIR-V's OpDPdx* take no other width); half is
    // converted to float and back, as DXC does
    case I::Ddx:
    case I::Ddy:
    case I::DdxCoarse:
    case I::DdxFine:
    case I::DdyCoarse:
    case I::DdyFine:
    case I::Fwidth: {
      MathFunction m = id == I::Ddx         ? MathFunction::Ddx
                       : id == I::Ddy       ? MathFunction::Ddy
                       : id == I::DdxCoarse ? MathFunction::DdxCoarse
                       : id == I::DdxFine   ? MathFunction::DdxFine
                       : id == I::DdyCoarse ? MathFunction::DdyCoarse
                       : id == I::DdyFine   ? MathFunction::DdyFine
                                            : MathFunction::Fwidth;
      Handle<Expression> x = arg(0);
      ir::Scalar s = scalarOfV(x);
      if (s == ir::Scalar::f32()) return f.math(m, x);
      return f.convert(f.math(m, f.convert(x, ir::Scalar::f32())), s);
    }

    case I::IsNormal: {
      Handle<Expression> x = arg(0);
      uint8_t w = scalarOfV(x).width;
      if (w == 32) {
        // The biased exponent is neither 0 (zero, subnormal) nor 255 (infinity, NaN).
        Handle<Expression> u = f.bitcast(x, ir::withScalar(ty, typeOf(x), ir::Scalar::u32()));
        Handle<Expression> e = bin(BinaryOp::And, bin(BinaryOp::ShiftRight, u, splatS(u, 23)), splatS(u, 255));
        return bin(BinaryOp::LogicalAnd, bin(BinaryOp::NotEqual, e, splatS(e, 0)),
                   bin(BinaryOp::NotEqual, e, splatS(e, 255)));
      }
      // half, double: |x| >= the smallest normal and |x| <= the largest finite value (ordered:
      // NaN fails); both bounds are exact decimals.
      double minN = w == 16 ? 6.103515625e-05 : 2.2250738585072014e-308;
      double maxN = w == 16 ? 65504.0 : 1.7976931348623157e+308;
      Handle<Expression> ax = f.math(MathFunction::Abs, x);
      return bin(BinaryOp::LogicalAnd, bin(BinaryOp::GreaterEqual, ax, splatS(x, minN)),
                 bin(BinaryOp::LessEqual, ax, splatS(x, maxN)));
    }
    case I::CheckAccessFullyMapped: {
      Handle<Expression> code = arg(0);
      f.setRange(r);
      return f.imageSparseResident(code);
    }
    case I::Lit: {
      // (1, max(n.l, 0), (n.l < 0 || n.h < 0) ? 0 : pow(n.h, m), 1)
      Handle<Expression> l = arg(0), h = arg(1), m = arg(2);
      ir::Scalar s = scalarOfV(l);
      Handle<Expression> zero = scalarConst(s, 0), one = scalarConst(s, 1);
      Handle<Expression> diffuse = f.math(MathFunction::Max, l, zero);
      Handle<Expression> neg = bin(BinaryOp::LogicalOr, bin(BinaryOp::Less, l, zero), bin(BinaryOp::Less, h, zero));
      Handle<Expression> spec = f.select(neg, zero, f.math(MathFunction::Pow, h, m));
      return f.compose(rt, {one, diffuse, spec, one});
    }
    case I::Dst: {
      Handle<Expression> x = arg(0), y = arg(1);
      Handle<Expression> one = scalarConst(scalarOfV(x), 1);
      return f.compose(rt, {one, bin(BinaryOp::Multiply, f.accessIndex(x, 1), f.accessIndex(y, 1)), f.accessIndex(x, 2),
                            f.accessIndex(y, 3)});
    }
    case I::D3DColorToUByte4: {
      Handle<Expression> x = f.swizzle(arg(0), {2, 1, 0, 3});
      x = bin(BinaryOp::Multiply, x, splatS(x, 255.002));
      return f.convert(x, ir::Scalar::i32());
    }
    case I::Msad4: {
      // FXC: window i of the 8 source bytes starts at byte i; a reference byte of 0 masks its
      // difference out; the four sums are added to accum.
      Handle<Expression> ref = arg(0), src = arg(1), acc = arg(2);
      Handle<Expression> s0 = f.accessIndex(src, 0), s1 = f.accessIndex(src, 1);
      std::vector<Handle<Expression>> sums;
      Handle<Expression> refB[4];
      for (uint32_t j = 0; j < 4; ++j) refB[j] = byteOf(ref, j, false);
      for (uint32_t i = 0; i < 4; ++i) {
        Handle<Expression> win = s0;
        if (i)
          win = bin(BinaryOp::InclusiveOr, bin(BinaryOp::ShiftRight, s0, u32(8 * i)),
                    bin(BinaryOp::ShiftLeft, s1, u32(32 - 8 * i)));
        Handle<Expression> sum = f.accessIndex(acc, i);
        for (uint32_t j = 0; j < 4; ++j) {
          Handle<Expression> sb = byteOf(win, j, false);
          Handle<Expression> d =
              bin(BinaryOp::Subtract, f.math(MathFunction::Max, refB[j], sb), f.math(MathFunction::Min, refB[j], sb));
          d = f.select(bin(BinaryOp::Equal, refB[j], u32(0)), u32(0), d);
          sum = bin(BinaryOp::Add, sum, d);
        }
        sums.push_back(sum);
      }
      return f.compose(rt, sums);
    }
    case I::Dot2Add: {
      // DXC: the products in half precision, converted to float, summed, then acc added.
      Handle<Expression> p = bin(BinaryOp::Multiply, arg(0), arg(1));
      if (scalarOfV(p) != ir::Scalar::f32()) p = f.convert(p, ir::Scalar::f32());
      return bin(BinaryOp::Add, bin(BinaryOp::Add, f.accessIndex(p, 0), f.accessIndex(p, 1)), arg(2));
    }
    case I::Dot4AddU8Packed:
    case I::Dot4AddI8Packed: {
      bool s = id == I::Dot4AddI8Packed;
      Handle<Expression> sum;
      for (uint32_t k = 0; k < 4; ++k) {
        Handle<Expression> p = bin(BinaryOp::Multiply, byteOf(arg(0), k, s), byteOf(arg(1), k, s));
        sum = k ? bin(BinaryOp::Add, sum, p) : p;
      }
      return bin(BinaryOp::Add, sum, arg(2));
    }
    case I::AddUint64: {
      // (low, high) pairs: low = a.lo + b.lo, high = a.hi + b.hi + carry(low < a.lo).
      Handle<Expression> x = arg(0), y = arg(1);
      uint32_t n = ir::componentCount(ty, typeOf(x));
      std::vector<Handle<Expression>> out;
      for (uint32_t k = 0; k < n; k += 2) {
        Handle<Expression> lo = bin(BinaryOp::Add, f.accessIndex(x, k), f.accessIndex(y, k));
        Handle<Expression> carry = f.select(bin(BinaryOp::Less, lo, f.accessIndex(x, k)), u32(1), u32(0));
        Handle<Expression> hi =
            bin(BinaryOp::Add, bin(BinaryOp::Add, f.accessIndex(x, k + 1), f.accessIndex(y, k + 1)), carry);
        out.push_back(lo);
        out.push_back(hi);
      }
      return f.compose(rt, out);
    }
    case I::IsHelperLane: return f.builtin(ir::BuiltIn::HelperInvocation);
    case I::DebugBreak: f.debugBreak(); return {};
    case I::QuadAny:
    case I::QuadAll: {
      // The predicate of the four lanes of the quad: this lane's and its three swaps, as u32
      // (WGSL's quad built-ins take no bool), combined with | or &.
      bool any = id == I::QuadAny;
      Handle<Expression> v = f.select(arg(0), u32(1), u32(0));
      Handle<Expression> x = f.subgroup(ir::SubgroupOp::QuadSwapX, ir::CollectiveOp::None, v, {}, u32T);
      Handle<Expression> y = f.subgroup(ir::SubgroupOp::QuadSwapY, ir::CollectiveOp::None, v, {}, u32T);
      Handle<Expression> d = f.subgroup(ir::SubgroupOp::QuadSwapDiagonal, ir::CollectiveOp::None, v, {}, u32T);
      BinaryOp op = any ? BinaryOp::InclusiveOr : BinaryOp::And;
      Handle<Expression> all4 = bin(op, bin(op, bin(op, v, x), y), d);
      return bin(BinaryOp::NotEqual, all4, u32(0));
    }
    case I::AsDouble: {
      // Each double from (low word, high word): bit-cast uint2 -> double per component.
      Handle<Expression> lo = arg(0), hi = arg(1);
      uint32_t n = ir::componentCount(ty, typeOf(lo));
      Handle<ir::Type> u2 = ty.vector(ir::Scalar::u32(), 2), f64 = ty.scalar(ir::Scalar::f64());
      std::vector<Handle<Expression>> parts;
      for (uint32_t k = 0; k < n; ++k) {
        Handle<Expression> l = n == 1 ? lo : f.accessIndex(lo, k), h = n == 1 ? hi : f.accessIndex(hi, k);
        parts.push_back(f.bitcast(f.compose(u2, {l, h}), f64));
      }
      return n == 1 ? parts[0] : f.compose(rt, parts);
    }
    case I::AsFloat16:
    case I::AsInt16:
    case I::AsUint16:
      if (typeOf(arg(0)) == rt) return arg(0);
      return f.bitcast(arg(0), rt);
    case I::PackU8:
    case I::PackS8:
    case I::PackClampU8:
    case I::PackClampS8: {
      Handle<Expression> v = arg(0);
      if (id == I::PackClampU8 || id == I::PackClampS8) {
        bool s = id == I::PackClampS8;
        v = f.math(MathFunction::Clamp, v, splatS(v, s ? -128 : 0), splatS(v, s ? 127 : 255));
      }
      v = toU32(v);
      Handle<Expression> packed;
      for (uint32_t k = 0; k < 4; ++k) {
        Handle<Expression> c = f.accessIndex(v, k);
        if (k != 3) c = bin(BinaryOp::And, c, u32(0xff));
        if (k) c = bin(BinaryOp::ShiftLeft, c, u32(8 * k));
        packed = k ? bin(BinaryOp::InclusiveOr, packed, c) : c;
      }
      return packed;
    }
    case I::UnpackU8U32:
    case I::UnpackS8S32:
    case I::UnpackU8U16:
    case I::UnpackS8S16: {
      bool s = id == I::UnpackS8S32 || id == I::UnpackS8S16;
      Handle<Expression> p = toU32(arg(0));
      std::vector<Handle<Expression>> bytes;
      for (uint32_t k = 0; k < 4; ++k) bytes.push_back(byteOf(p, k, s));
      Handle<Expression> v = f.compose(ty.vector(s ? ir::Scalar::i32() : ir::Scalar::u32(), 4), bytes);
      if (id == I::UnpackU8U16 || id == I::UnpackS8S16) v = f.convert(v, *ir::scalarOf(ty, rt));
      return v;
    }
    default: break;
  }
  unsupported(r, "the intrinsic '" + std::string(info.name) + "'");
}

}  // namespace oneshader::lower
