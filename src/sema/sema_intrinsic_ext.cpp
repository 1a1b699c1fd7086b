// Sema: the signatures of the intrinsics whose rows in intrinsics.def say `Special` and that
// checkSpecialIntrinsic does not handle itself: the SM 6.x additions (packed 8-bit, 16-bit
// bit casts, dot2add / dot4add), the fixed-shape helpers (lit, dst, msad4,
// D3DCOLORtoUBYTE4, AddUint64), printf, and those DXC refuses for Vulkan.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

// The physical 32-bit int / uint scalar a packed 8-bit value or a plain integer is.
static bool isInt32Scalar(const Type* t) {
  return t->isScalar() && (t->scalarKind() == ScalarKind::Uint || t->scalarKind() == ScalarKind::Int);
}

// Wave and quad operations of an array (of any depth) of numeric values: per element, as they
// are per column of a matrix. DXC takes scalars, vectors and matrices only; an array is the
// same operation on each element (lower: componentwise()).
const Type* SemaImpl::checkWaveAggregate(CallExpr* e, IntrinsicId id) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  if ((info.kind != IntrinsicKind::Wave && info.kind != IntrinsicKind::Quad) || e->args.empty()) return nullptr;
  const Type* t = asValueTypeOf(e->args[0]->type);
  if (!t || !t->isArray()) return nullptr;
  const Type* el = t;
  bool sized = true;
  while (el->isArray()) {
    sized &= !el->isUnsizedArray();
    el = el->elementType();
  }
  bool ok = sized && el->isNumeric();
  bool laneArg = false, maskArg = false;
  switch (id) {
    case IntrinsicId::WaveActiveSum:
    case IntrinsicId::WaveActiveProduct:
    case IntrinsicId::WaveActiveMin:
    case IntrinsicId::WaveActiveMax:
    case IntrinsicId::WavePrefixSum:
    case IntrinsicId::WavePrefixProduct: ok = ok && !el->isBool(); break;
    case IntrinsicId::WaveMultiPrefixSum:
    case IntrinsicId::WaveMultiPrefixProduct:
      ok = ok && !el->isBool();
      maskArg = true;
      break;
    case IntrinsicId::WaveActiveBitAnd:
    case IntrinsicId::WaveActiveBitOr:
    case IntrinsicId::WaveActiveBitXor: ok = ok && el->isIntegral(); break;
    case IntrinsicId::WaveMultiPrefixBitAnd:
    case IntrinsicId::WaveMultiPrefixBitOr:
    case IntrinsicId::WaveMultiPrefixBitXor:
      ok = ok && el->isIntegral();
      maskArg = true;
      break;
    case IntrinsicId::WaveActiveAllEqual:
    case IntrinsicId::WaveReadLaneFirst:
    case IntrinsicId::QuadReadAcrossX:
    case IntrinsicId::QuadReadAcrossY:
    case IntrinsicId::QuadReadAcrossDiagonal: break;
    case IntrinsicId::WaveReadLaneAt:
    case IntrinsicId::QuadReadLaneAt: laneArg = true; break;
    default: return nullptr;  // the usual checks refuse the array
  }
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  if (ok && laneArg) {
    const Type* lt = asValueTypeOf(e->args[1]->type);
    ok = lt->isNumeric() && lt->componentCount() == 1 && !lt->isFloating();
    if (ok) convert(e->args[1], types.uintType());
  }
  if (ok && maskArg) {
    const Type* u4 = types.vector(types.uintType(), 4);
    ok = conversionRank(e->args[1]->type, u4) != CR_None;
    if (ok) convert(e->args[1], u4);
  }
  if (!ok) {
    error(DiagId::NoMatchingOverload, nr, {std::string(info.name), " with arguments (" + t->toString() + ")"});
    return types.errorType();
  }
  if (id != IntrinsicId::WaveActiveAllEqual) return t;
  std::vector<uint32_t> dims;
  for (const Type* a = t; a->isArray(); a = a->elementType()) dims.push_back(a->arraySize());
  const Type* r = types.boolLike(el);
  for (size_t i = dims.size(); i-- > 0;) r = types.array(r, dims[i]);
  return r;
}

const Type* SemaImpl::checkIntrinsicExt(CallExpr* e, IntrinsicId id) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  std::string name(info.name);
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  auto& args = e->args;
  auto noMatch = [&]() {
    std::string list = "(";
    for (size_t i = 0; i < args.size(); ++i)
      list += (i ? ", " : "") + (args[i]->type ? args[i]->type->toString() : "?");
    error(DiagId::NoMatchingOverload, nr, {name, " with arguments " + list + ")"});
    return types.errorType();
  };
  auto valueOf = [&](size_t i) -> const Type* {
    finalizeLiteral(args[i]);
    return asValueTypeOf(args[i]->type);
  };
  // A float-family component for `t` (literals and integers become float).
  auto floatComp = [&](const Type* t) -> const Type* {
    const Type* c = t ? t->componentType() : nullptr;
    if (!c || !c->isFloating() || c->isLiteral()) return types.floatType();
    return c;
  };
  auto halfType = [&]() {
    return is16BitAllowed() ? types.scalar(ScalarKind::Half)
                            : types.scalar(ScalarKind::Float, ScalarSpelling::HalfAsFloat);
  };
  auto need16 = [&]() {
    if (is16BitAllowed()) return true;
    error(DiagId::Requires16BitTypes, nr, {name});
    return false;
  };
  auto packedType = [&](bool isSigned) {
    return types.scalar(ScalarKind::Uint, isSigned ? ScalarSpelling::Int8Packed : ScalarSpelling::Uint8Packed);
  };

  switch (id) {
    case IntrinsicId::Abort:
    case IntrinsicId::GetRenderTargetSampleCount:
    case IntrinsicId::GetRenderTargetSamplePosition:
    case IntrinsicId::IsDebuggingEnabled: error(DiagId::NoVulkanEquivalent, nr, {name}); return types.errorType();

    case IntrinsicId::Lit: {
      // lit(float n_dot_l, float n_dot_h, float m): scalars of one float type -> its 4-vector.
      const Type* T = valueOf(0);
      for (size_t i = 1; i < 3; ++i) T = commonType(T, valueOf(i), e->range, false);
      if (T->isError() || !T->isNumeric() || T->componentCount() != 1) return noMatch();
      const Type* c = floatComp(T);
      for (Expr*& a : args) convert(a, c);
      return types.vector(c, 4);
    }
    case IntrinsicId::Dst: {
      // dst(numeric4 a, numeric4 b) -> (1, a.y * b.y, a.z, b.w)
      const Type* T = commonType(valueOf(0), valueOf(1), e->range, false);
      if (T->isError() || !T->isNumeric() || T->isMatrix()) return noMatch();
      const Type* c = T->componentType();
      if (c->isBool()) c = types.intType();
      if (T->isVector() && T->vectorSize() != 4) return noMatch();
      T = types.vector(c, 4);
      convert(args[0], T);
      convert(args[1], T);
      return T;
    }
    case IntrinsicId::D3DColorToUByte4: {
      const Type* a = valueOf(0);
      if (!a->isNumeric() || a->isMatrix() || (a->isVector() && a->vectorSize() != 4)) return noMatch();
      convert(args[0], types.vector(types.floatType(), 4));
      return types.vector(types.intType(), 4);
    }
    case IntrinsicId::Msad4: {
      // msad4(uint reference, uint2 source, uint4 accum) -> uint4
      static const uint32_t sizes[] = {1, 2, 4};
      for (size_t i = 0; i < 3; ++i) {
        const Type* a = valueOf(i);
        if (!a->isNumeric() || a->isMatrix() || a->isFloating() || a->isBool()) return noMatch();
        const Type* want = sizes[i] == 1 ? types.uintType() : types.vector(types.uintType(), sizes[i]);
        if (a->componentCount() != 1 && a->componentCount() != sizes[i]) return noMatch();
        convert(args[i], want);
      }
      return types.vector(types.uintType(), 4);
    }
    case IntrinsicId::Dot2Add: {
      // dot2add(half2 a, half2 b, float acc) -> float
      for (size_t i = 0; i < 3; ++i) {
        const Type* a = valueOf(i);
        if (!a->isNumeric() || a->isMatrix()) return noMatch();
      }
      const Type* h2 = types.vector(halfType(), 2);
      convert(args[0], h2);
      convert(args[1], h2);
      convert(args[2], types.floatType());
      return types.floatType();
    }
    case IntrinsicId::Dot4AddU8Packed:
    case IntrinsicId::Dot4AddI8Packed: {
      // dot4add_u8packed(uint a, uint b, uint acc) -> uint; the i8 form: int acc -> int
      bool s = id == IntrinsicId::Dot4AddI8Packed;
      for (size_t i = 0; i < 3; ++i) {
        const Type* a = valueOf(i);
        if (!a->isScalar() || !a->isIntegral()) return noMatch();
      }
      convert(args[0], types.uintType());
      convert(args[1], types.uintType());
      const Type* acc = s ? types.intType() : types.uintType();
      convert(args[2], acc);
      return acc;
    }
    case IntrinsicId::AddUint64: {
      const Type* T = commonType(valueOf(0), valueOf(1), e->range, false);
      if (T->isError() || !T->isVector() || (T->vectorSize() != 2 && T->vectorSize() != 4) || !T->isIntegral() ||
          scalarBits(T->scalarKind()) != 32)
        return noMatch();
      T = types.vector(types.uintType(), T->vectorSize());
      convert(args[0], T);
      convert(args[1], T);
      return T;
    }
    case IntrinsicId::CheckAccessFullyMapped: {
      // CheckAccessFullyMapped(uint status) -> bool
      const Type* a = valueOf(0);
      if (!a->isNumeric() || a->componentCount() != 1 || a->isFloating()) return noMatch();
      convert(args[0], types.uintType());
      return types.boolType();
    }
    case IntrinsicId::AsFloat16:
    case IntrinsicId::AsInt16:
    case IntrinsicId::AsUint16: {
      // 16-bit scalar / vector / matrix of any kind -> the same shape of half / int16_t / uint16_t.
      const Type* a = valueOf(0);
      if (!a->isNumeric() || a->isBool() || scalarBits(a->scalarKind()) != 16) return noMatch();
      if (!need16()) return types.errorType();
      ScalarKind k = id == IntrinsicId::AsFloat16 ? ScalarKind::Half
                     : id == IntrinsicId::AsInt16 ? ScalarKind::Int16
                                                  : ScalarKind::Uint16;
      return types.withComponent(a, types.scalar(k));
    }
    case IntrinsicId::PackU8:
    case IntrinsicId::PackS8:
    case IntrinsicId::PackClampU8:
    case IntrinsicId::PackClampS8: {
      // pack_u8 / pack_s8(int16_t4, uint16_t4, int4, uint4); pack_clamp_*(int16_t4, int4)
      const Type* a = valueOf(0);
      bool clamp = id == IntrinsicId::PackClampU8 || id == IntrinsicId::PackClampS8;
      if (!a->isVector() || a->vectorSize() != 4 || !a->isIntegral()) return noMatch();
      uint32_t bits = scalarBits(a->scalarKind());
      if (bits != 16 && bits != 32) return noMatch();
      if (clamp && !isSignedKind(a->scalarKind())) return noMatch();
      return packedType(id == IntrinsicId::PackS8 || id == IntrinsicId::PackClampS8);
    }
    case IntrinsicId::UnpackU8U32:
    case IntrinsicId::UnpackS8S32:
    case IntrinsicId::UnpackU8U16:
    case IntrinsicId::UnpackS8S16: {
      // unpack_*(int8_t4_packed / uint8_t4_packed) -> a 4-vector of 16- or 32-bit integers
      const Type* a = valueOf(0);
      if (!isInt32Scalar(a)) return noMatch();
      bool s = id == IntrinsicId::UnpackS8S32 || id == IntrinsicId::UnpackS8S16;
      bool b16 = id == IntrinsicId::UnpackU8U16 || id == IntrinsicId::UnpackS8S16;
      if (b16 && !need16()) return types.errorType();
      convert(args[0], a->scalarKind() == ScalarKind::Uint ? a : types.uintType());
      ScalarKind k = b16 ? (s ? ScalarKind::Int16 : ScalarKind::Uint16) : (s ? ScalarKind::Int : ScalarKind::Uint);
      return types.vector(types.scalar(k), 4);
    }
    case IntrinsicId::Printf: {
      // printf(string format, numeric scalars and vectors...)
      const Type* f = asValueTypeOf(args[0]->type);
      if (!f->isString()) return noMatch();
      for (size_t i = 1; i < args.size(); ++i) {
        const Type* a = valueOf(i);
        if (!a->isNumeric() || a->isMatrix()) return noMatch();
      }
      return types.voidType();
    }
    case IntrinsicId::EvaluateAttributeAtSample:
    case IntrinsicId::EvaluateAttributeCentroid:
    case IntrinsicId::EvaluateAttributeSnapped: {
      // (float-family scalar or vector value[, uint sample | int2 offset]) -> the value's type.
      // The value must name a pixel shader input (lowering follows it: OSH0220).
      const Type* T = valueOf(0);
      if (T->isError() || !T->isScalarOrVector() || !T->componentType()->isFloating() ||
          T->componentType()->isLiteral())
        return noMatch();
      if (id == IntrinsicId::EvaluateAttributeAtSample) {
        const Type* s = valueOf(1);
        if (!s->isScalar() || !s->isNumeric()) return noMatch();
        convert(args[1], types.uintType());
      } else if (id == IntrinsicId::EvaluateAttributeSnapped) {
        const Type* o = valueOf(1);
        if (!o->isVector() || o->vectorSize() != 2 || !o->componentType()->isIntegral()) return noMatch();
        convert(args[1], types.vector(types.intType(), 2));
      }
      return T;
    }
    case IntrinsicId::GetAttributeAtVertex: {
      // (numeric value, uint vertex) -> the value's type; the value must name a
      // nointerpolation pixel shader input (lowering follows it).
      const Type* T = valueOf(0);
      const Type* v = valueOf(1);
      if (T->isError() || !T->isNumeric() || T->isLiteral() || !v->isScalar() || !v->isIntegral()) return noMatch();
      convert(args[1], types.uintType());
      return T;
    }
    default: break;
  }
  notSupported("intrinsic '" + name + "'", nr);
  return types.errorType();
}

}  // namespace oneshader::sema
