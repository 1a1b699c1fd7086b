// Lowering of calls: user functions (out/inout by copy-in/copy-out), intrinsics (math,
// wave/quad, barriers, interlocked, conversions) and methods of built-in objects.
#include "lower/lower_impl.hpp"
#include <functional>

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;
using ir::MathFunction;
using I = IntrinsicId;

// False for l-values in read-only memory (StructuredBuffer, ConstantBuffer, $Globals
// elements): a method called on them may change only its copy.
bool Lowerer::writable(const LValue& lv) {
  if (lv.isImage()) return true;
  Handle<Expression> p = lv.ptr;
  while (p.valid()) {
    const Expression& e = fb_->fn().expressions[p];
    if (e.kind == ir::ExprKind::Access || e.kind == ir::ExprKind::AccessIndex) {
      p = e.a;
      continue;
    }
    if (e.kind == ir::ExprKind::GlobalVariable) {
      const ir::GlobalVariable& g = m_->globals[e.global];
      return g.space != ir::AddressSpace::Uniform && g.access != ir::StorageAccess::Load;
    }
    return true;
  }
  return true;
}

Handle<Expression> Lowerer::call(const ast::CallExpr* c) {
  if (sema::isVkBuiltin(c->intrinsic)) return vkBuiltin(c);
  if (sema::isRayQueryMethod(c->intrinsic)) return rayQueryMethod(c);
  if (sema::isRtIntrinsic(c->intrinsic)) return rtIntrinsic(c);
  if (c->intrinsic != ~0u) {
    if (c->object) return method(c);
    return intrinsic(c);
  }
  if (!c->callee) internal(c->range, "unresolved call");
  // A [[vk::ext_type_def]] function defines vk::ext_type<N> (Sema): its call emits nothing.
  for (const ast::Attribute* a : c->callee->attributes)
    if (a && !a->invalid && a->ns.str() == "vk" && a->name.str() == "ext_type_def") return {};
  if (isSpirvInstruction(c->callee)) return spirvCall(c);
  if (forwardsReference(c->callee)) return inlineCall(c);
  // Resource arguments select the specialization of the callee.
  ResourceArgs resources;
  for (size_t i = 0; i < c->args.size() && i < c->callee->params.size(); ++i) {
    ast::ParamDecl* p = c->callee->params[i];
    if (!p->type || !resourceOrArray(p->type) || isStreamType(p->type)) continue;
    const ast::Expr* a = c->args[i];
    while (a->kind == ast::ExprKind::Paren ||
           (a->kind == ast::ExprKind::ImplicitCast &&
            static_cast<const ast::ImplicitCastExpr*>(a)->castKind == ast::CastKind::NoOp))
      a = a->kind == ast::ExprKind::Paren ? static_cast<const ast::ParenExpr*>(a)->sub
                                          : static_cast<const ast::ImplicitCastExpr*>(a)->sub;
    if (!p->type->isResource()) {
      // An array of resources (`Texture2D ts[]`): the parameter stands for the whole array,
      // a global one or one a struct argument holds (DXC: fn.param.unsized-opaque-array).
      std::optional<GlobalRef> whole;
      if (auto* dr = ast::dyn_cast<ast::DeclRefExpr>(a)) {
        auto it = globals_.find(dr->decl);
        if (it != globals_.end() && it->second.resource && it->second.arraySize && !it->second.isElement())
          whole = it->second;
      }
      if (!whole)
        if (auto k = resKey(a))
          if (const ResSlot* s = findSlot(*k)) {
            ResVal v = slotValue(*k, *s, a);
            if (v.arraySize && v.index == ResVal::Index::None)
              whole = GlobalRef::of(v.global, -1, v.resource, v.arraySize);
          }
      if (!whole || !p->type->elementType() || !p->type->elementType()->isResource())
        unsupported(c->args[i]->range, "passing this array of resources to a function");
      resources.push_back({p, *whole, {}});
      continue;
    }
    if (auto* dr = ast::dyn_cast<ast::DeclRefExpr>(a)) {
      auto it = globals_.find(dr->decl);
      if (it != globals_.end() && it->second.resource && it->second.arraySize)
        unsupported(c->args[i]->range, "passing an array of resources to a function");
    }
    // A global resource or an alias of one (lower_resources.cpp).
    std::optional<ResVal> v = a->kind == ast::ExprKind::Index ? std::nullopt : resValOpt(a);
    if (!v)
      unsupported(c->args[i]->range, a->kind == ast::ExprKind::Index
                                         ? "passing an element of an array of resources to a function"
                                         : "passing this resource expression to a function");
    if (v->index != ResVal::Index::None)
      unsupported(c->args[i]->range, "passing an element of an array of resources to a function");
    resources.push_back({p, GlobalRef::of(v->global, -1, v->resource, 0), {}});
  }
  // Structs holding resources: the resources inside them (lower_resources.cpp).
  for (size_t i = 0; i < c->args.size() && i < c->callee->params.size(); ++i) {
    ast::ParamDecl* p = c->callee->params[i];
    if (p->type && !resourceOrArray(p->type) && holdsResource(p->type)) structResourceArgs(p, c->args[i], resources);
  }
  // Pixel shader inputs passed to parameters the callee interpolates (lower_interpolant.cpp).
  interpolantArgs(c, resources);
  Handle<ir::Function> f = declareFunction(c->callee, resources);
  lastCallee_ = f;
  struct CopyOut {
    LValue dst;
    uint32_t tmp;
    const sema::Type* from = nullptr;  // out/inout with a conversion: parameter -> argument type
    const sema::Type* to = nullptr;
  };
  std::vector<CopyOut> copyOuts;
  std::vector<Handle<Expression>> args;
  if (hasThisParam(c->callee)) {
    if (!c->object) {  // `add(v)` inside another method of the struct: the same `this`
      if (!hasThis_) internal(c->range, "a method call without an object outside a method");
      args.push_back(fb_->arg(0));
    } else {
      // `this` is a Function pointer: the object is copied into a temporary and, unless
      // it is a read-only value, copied back after the call (DXC's by-reference `this`).
      Handle<ir::Type> t = irType(c->object->type, c->object->range);
      LValue lv;
      if (c->object->isLValue) lv = lvalue(c->object);
      bool direct = false;
      if (lv.ptr.valid() && !lv.swizzleLen && !lv.isImage()) {
        // A whole local (or `this`) of the free type is passed as it is.
        const Expression& pe = fb_->fn().expressions[lv.ptr];
        const ir::Type& pt = irT(pe.type);
        direct = (pe.kind == ir::ExprKind::LocalVariable || pe.kind == ir::ExprKind::FunctionArgument) &&
                 pt.kind == ir::TypeKind::Pointer && pt.base == t && pt.space == ir::AddressSpace::Function;
      }
      if (direct) {
        args.push_back(lv.ptr);
      } else {
        uint32_t tmp = fb_->addLocal("", t);
        if (c->object->isLValue) {
          fb_->store(fb_->local(tmp), castLayout(load(lv, c->object->range), t, c->object->range));
          if (!c->callee->isConstMethod && writable(lv)) copyOuts.push_back({lv, tmp});
        } else {
          fb_->store(fb_->local(tmp), castLayout(expr(c->object), t, c->object->range));
        }
        args.push_back(fb_->local(tmp));
      }
    }
  }
  for (size_t i = 0; i < c->args.size(); ++i) {
    const ast::Expr* a = c->args[i];
    ast::ParamDecl* p = i < c->callee->params.size() ? c->callee->params[i] : nullptr;
    if (p && p->type && resourceOrArray(p->type)) continue;
    if (p && globalParams_.count(p))
      unsupported(c->range, "calling the ray tracing entry point '" + std::string(c->callee->name.str()) + "'");
    if (p && (p->prim == ast::PrimitiveMod::Vertices || p->prim == ast::PrimitiveMod::Indices ||
              p->prim == ast::PrimitiveMod::Primitives)) {
      // A mesh shader's output array passed on (DXC: meshshading.nv.triangle.indices.out):
      // the helper's parameter stands for the same stage variables; its IR argument is an
      // unused temporary.
      const ast::Expr* x = a;
      while (x && x->kind == ast::ExprKind::Paren) x = static_cast<const ast::ParenExpr*>(x)->sub;
      while (x && x->kind == ast::ExprKind::ImplicitCast &&
             static_cast<const ast::ImplicitCastExpr*>(x)->castKind == ast::CastKind::NoOp)
        x = static_cast<const ast::ImplicitCastExpr*>(x)->sub;
      auto* ref = x ? ast::dyn_cast<ast::DeclRefExpr>(x) : nullptr;
      const MeshOutput* mo = nullptr;
      if (ref) {
        if (auto it = meshOutputs_.find(ref->decl); it != meshOutputs_.end())
          mo = it->second.get();
        else if (auto jt = meshAliases_.find(ref->decl); jt != meshAliases_.end())
          mo = jt->second;
      }
      if (!mo || mo->param->prim != p->prim || a->type != p->type)
        unsupported(a->range, "this argument for a mesh shader output array parameter");
      if (auto it = meshAliases_.find(p); it != meshAliases_.end() && it->second != mo)
        unsupported(a->range, "one helper taking different mesh shader output arrays");
      meshAliases_[p] = mo;
      fb_->setRange(a->range);
      args.push_back(fb_->local(fb_->addLocal("", irType(p->type, a->range))));
      continue;
    }
    if (p && p->type && p->type->isRayQuery()) {
      // A RayQuery is passed by reference: the callee works on the caller's query object
      // (DXIL's query handle; DXC's SPIR-V after inlining).
      LValue lv = lvalue(a);
      if (!lv.ptr.valid() || lv.swizzleLen) unsupported(a->range, "this RayQuery argument");
      args.push_back(lv.ptr);
      continue;
    }
    if (p && (p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut)) {
      // Copy-in/copy-out through a temporary of the parameter type; an argument of another
      // type is converted on the way in (inout) and back on the way out (DXC).
      LValue lv = lvalue(a);
      Handle<ir::Type> t = irType(p->type, a->range);
      uint32_t tmp = fb_->addLocal("", t);
      bool conv = a->type != p->type && a->type->isNumeric() && p->type->isNumeric();
      if (p->dir == ast::ParamDir::InOut) {
        Handle<Expression> v = load(lv, a->range);
        if (conv) v = convert(v, a->type, p->type, a->range);
        fb_->store(fb_->local(tmp), castLayout(v, t, a->range));
      }
      args.push_back(fb_->local(tmp));
      copyOuts.push_back({lv, tmp, conv ? p->type : nullptr, conv ? a->type : nullptr});
    } else {
      Handle<Expression> v = expr(a);
      if (p) v = castLayout(v, irType(p->type, a->range), a->range);
      args.push_back(v);
    }
  }
  fb_->setRange(c->range);
  Handle<Expression> r = fb_->call(f, args);
  for (const CopyOut& co : copyOuts) {
    Handle<Expression> v = fb_->load(fb_->local(co.tmp));
    if (co.from) v = convert(v, co.from, co.to, c->range);
    store(co.dst, v, c->range);
  }
  return r;
}

static ir::SubgroupOp waveArith(I id, ir::CollectiveOp& coll) {
  coll = ir::CollectiveOp::Reduce;
  switch (id) {
    case I::WaveActiveSum: return ir::SubgroupOp::Add;
    case I::WaveActiveProduct: return ir::SubgroupOp::Mul;
    case I::WaveActiveMin: return ir::SubgroupOp::Min;
    case I::WaveActiveMax: return ir::SubgroupOp::Max;
    case I::WaveActiveBitAnd: return ir::SubgroupOp::And;
    case I::WaveActiveBitOr: return ir::SubgroupOp::Or;
    case I::WaveActiveBitXor: return ir::SubgroupOp::Xor;
    case I::WavePrefixSum: coll = ir::CollectiveOp::ExclusiveScan; return ir::SubgroupOp::Add;
    case I::WavePrefixProduct: coll = ir::CollectiveOp::ExclusiveScan; return ir::SubgroupOp::Mul;
    default: coll = ir::CollectiveOp::None; return ir::SubgroupOp::Elect;
  }
}

static bool simpleMath(I id, MathFunction& f) {
  switch (id) {
    case I::Abs: f = MathFunction::Abs; return true;
    case I::Min: f = MathFunction::Min; return true;
    case I::Max: f = MathFunction::Max; return true;
    case I::Clamp: f = MathFunction::Clamp; return true;
    case I::Saturate: f = MathFunction::Saturate; return true;
    case I::Sqrt: f = MathFunction::Sqrt; return true;
    case I::Rsqrt: f = MathFunction::InverseSqrt; return true;
    case I::Floor: f = MathFunction::Floor; return true;
    case I::Ceil: f = MathFunction::Ceil; return true;
    case I::Frac: f = MathFunction::Fract; return true;
    case I::Round: f = MathFunction::Round; return true;
    case I::Trunc: f = MathFunction::Trunc; return true;
    case I::Lerp: f = MathFunction::Mix; return true;
    case I::Cross: f = MathFunction::Cross; return true;
    case I::Length: f = MathFunction::Length; return true;
    case I::Distance: f = MathFunction::Distance; return true;
    case I::Normalize: f = MathFunction::Normalize; return true;
    case I::Reflect: f = MathFunction::Reflect; return true;
    case I::Refract: f = MathFunction::Refract; return true;
    case I::FaceForward: f = MathFunction::FaceForward; return true;
    case I::Pow: f = MathFunction::Pow; return true;
    case I::Exp: f = MathFunction::Exp; return true;
    case I::Exp2: f = MathFunction::Exp2; return true;
    case I::Log: f = MathFunction::Log; return true;
    case I::Log2: f = MathFunction::Log2; return true;
    case I::Sin: f = MathFunction::Sin; return true;
    case I::Cos: f = MathFunction::Cos; return true;
    case I::Tan: f = MathFunction::Tan; return true;
    case I::Asin: f = MathFunction::Asin; return true;
    case I::Acos: f = MathFunction::Acos; return true;
    case I::Atan: f = MathFunction::Atan; return true;
    case I::Atan2: f = MathFunction::Atan2; return true;
    case I::Sinh: f = MathFunction::Sinh; return true;
    case I::Cosh: f = MathFunction::Cosh; return true;
    case I::Tanh: f = MathFunction::Tanh; return true;
    case I::Degrees: f = MathFunction::Degrees; return true;
    case I::Radians: f = MathFunction::Radians; return true;
    case I::Mad: f = MathFunction::Mad; return true;
    case I::Fma: f = MathFunction::Fma; return true;
    case I::Step: f = MathFunction::Step; return true;
    case I::SmoothStep: f = MathFunction::SmoothStep; return true;
    case I::Transpose: f = MathFunction::Transpose; return true;
    case I::Determinant: f = MathFunction::Determinant; return true;
    case I::ReverseBits: f = MathFunction::ReverseBits; return true;
    default: return false;
  }
}

Handle<Expression> Lowerer::intrinsic(const ast::CallExpr* c) {
  I id = I(c->intrinsic);
  if (c->intrinsic >= uint32_t(I::Count)) internal(c->range, "unknown intrinsic id");
  const IntrinsicInfo& info = intrinsicInfo(id);
  SourceRange r = c->range;
  ir::FunctionBuilder& f = *fb_;
  if (id == I::SetMeshOutputCounts || id == I::DispatchMesh) return meshIntrinsic(c);
  if (id == I::EvaluateAttributeAtSample || id == I::EvaluateAttributeCentroid || id == I::EvaluateAttributeSnapped)
    return evaluateAttribute(c);
  if (id == I::GetAttributeAtVertex) return attributeAtVertex(c);

  // Interlocked*: the destination is an l-value, not a value.
  if (info.kind == IntrinsicKind::Interlocked) {
    if (c->args.size() < 2) internal(r, "interlocked call with too few arguments");
    LValue dst = lvalue(c->args[0]);
    if (dst.isImage()) unsupported(c->args[0]->range, "an interlocked operation on a texture element");
    if (dst.swizzleLen) unsupported(r, "an interlocked operation on a swizzle");
    auto value = [&](size_t i) {
      Handle<Expression> v = expr(c->args[i]);
      Handle<ir::Type> pt = irT(typeOf(dst.ptr)).base;
      return castLayout(v, pt, c->args[i]->range);
    };
    Handle<Expression> orig;
    const ast::Expr* origArg = nullptr;
    switch (id) {
      case I::InterlockedCompareExchange:
      case I::InterlockedCompareStore: {
        Handle<Expression> cmp = value(1), v = value(2);
        f.setRange(r);
        orig = f.atomic(ir::AtomicOp::CompareExchange, dst.ptr, v, cmp);
        if (id == I::InterlockedCompareExchange) origArg = c->args[3];
        break;
      }
      default: {
        ir::AtomicOp op = ir::AtomicOp::Add;
        switch (id) {
          case I::InterlockedAdd: op = ir::AtomicOp::Add; break;
          case I::InterlockedAnd: op = ir::AtomicOp::And; break;
          case I::InterlockedOr: op = ir::AtomicOp::InclusiveOr; break;
          case I::InterlockedXor: op = ir::AtomicOp::ExclusiveOr; break;
          case I::InterlockedMin: op = ir::AtomicOp::Min; break;
          case I::InterlockedMax: op = ir::AtomicOp::Max; break;
          case I::InterlockedExchange: op = ir::AtomicOp::Exchange; break;
          default: internal(r, "unknown interlocked intrinsic");
        }
        Handle<Expression> v = value(1);
        f.setRange(r);
        orig = f.atomic(op, dst.ptr, v);
        if (c->args.size() > 2) origArg = c->args[2];
      }
    }
    if (origArg) store(lvalue(origArg), orig, origArg->range);
    return {};
  }
  if (info.kind == IntrinsicKind::Barrier) {
    f.setRange(r);
    switch (id) {
      case I::GroupMemoryBarrier: f.barrier(ir::HlslBarrier::GroupMemoryBarrier); break;
      case I::GroupMemoryBarrierWithGroupSync: f.barrier(ir::HlslBarrier::GroupMemoryBarrierWithGroupSync); break;
      case I::DeviceMemoryBarrier: f.barrier(ir::HlslBarrier::DeviceMemoryBarrier); break;
      case I::DeviceMemoryBarrierWithGroupSync: f.barrier(ir::HlslBarrier::DeviceMemoryBarrierWithGroupSync); break;
      case I::AllMemoryBarrier: f.barrier(ir::HlslBarrier::AllMemoryBarrier); break;
      case I::AllMemoryBarrierWithGroupSync: f.barrier(ir::HlslBarrier::AllMemoryBarrierWithGroupSync); break;
      default: internal(r, "unknown barrier");
    }
    return {};
  }
  if (id == I::SinCos) {
    Handle<Expression> x = expr(c->args[0]);
    LValue s = lvalue(c->args[1]), co = lvalue(c->args[2]);
    f.setRange(r);
    Handle<ir::Type> t = typeOf(x);
    store(s, intrinsicValues(I::Sin, {x}, t, r), r);
    store(co, intrinsicValues(I::Cos, {x}, t, r), r);
    return {};
  }
  if (id == I::Modf || id == I::Frexp) return modfFrexp(c);
  if (id == I::AsUint && c->args.size() == 3) {
    // asuint(double d, out uint lo, out uint hi): the two words of each double (low first).
    Handle<Expression> d = expr(c->args[0]);
    LValue lo = lvalue(c->args[1]), hi = lvalue(c->args[2]);
    f.setRange(r);
    uint32_t n = ir::componentCount(m_->types, typeOf(d));
    Handle<ir::Type> u2 = m_->types.vector(ir::Scalar::u32(), 2);
    std::vector<Handle<Expression>> los, his;
    for (uint32_t k = 0; k < n; ++k) {
      Handle<Expression> w = f.bitcast(n == 1 ? d : f.accessIndex(d, k), u2);
      los.push_back(f.accessIndex(w, 0));
      his.push_back(f.accessIndex(w, 1));
    }
    Handle<ir::Type> ut = ir::withScalar(m_->types, typeOf(d), ir::Scalar::u32());
    store(lo, n == 1 ? los[0] : f.compose(ut, los), r);
    store(hi, n == 1 ? his[0] : f.compose(ut, his), r);
    return {};
  }

  if (id == I::Printf) return printf(c);
  std::vector<Handle<Expression>> a;
  for (const ast::Expr* x : c->args) a.push_back(expr(x));
  f.setRange(r);
  Handle<ir::Type> rt = c->type && !c->type->isVoid() ? irType(c->type, r) : Handle<ir::Type>{};
  return intrinsicValues(id, a, rt, r);
}

// An intrinsic applied to lowered argument values. A component-wise intrinsic of a matrix
// (or, for wave and quad operations, an array) is applied per column / element and the
// results composed (componentwise(), lower_intrinsic_ext.cpp).
Handle<Expression> Lowerer::intrinsicValues(I id, const std::vector<Handle<Expression>>& a, Handle<ir::Type> rt,
                                            SourceRange r) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  ir::FunctionBuilder& f = *fb_;
  if (Handle<Expression> v = componentwise(id, a, rt, r); v.valid()) return v;
  if (Handle<Expression> v = bitsOfWidth(id, a, rt, r); v.valid()) return v;
  auto arg = [&](size_t i) {
    if (i >= a.size()) internal(r, std::string("missing argument to ") + std::string(info.name));
    return a[i];
  };

  // ---- wave / quad
  ir::CollectiveOp coll;
  ir::SubgroupOp sop = waveArith(id, coll);
  if (coll != ir::CollectiveOp::None) return f.subgroup(sop, coll, arg(0), {}, rt);
  switch (id) {
    case I::WaveGetLaneCount: return f.builtin(ir::BuiltIn::SubgroupSize);
    case I::WaveGetLaneIndex: return f.builtin(ir::BuiltIn::SubgroupLocalInvocationId);
    case I::WaveIsFirstLane: return f.subgroup(ir::SubgroupOp::Elect, ir::CollectiveOp::None, {});
    case I::WaveActiveAnyTrue: return f.subgroup(ir::SubgroupOp::Any, ir::CollectiveOp::None, arg(0));
    case I::WaveActiveAllTrue: return f.subgroup(ir::SubgroupOp::All, ir::CollectiveOp::None, arg(0));
    case I::WaveActiveAllEqual: return f.subgroup(ir::SubgroupOp::AllEqual, ir::CollectiveOp::None, arg(0), {}, rt);
    case I::WaveActiveBallot: return f.subgroup(ir::SubgroupOp::Ballot, ir::CollectiveOp::None, arg(0));
    case I::WaveActiveCountBits:
    case I::WavePrefixCountBits: {
      Handle<Expression> ballot = f.subgroup(ir::SubgroupOp::Ballot, ir::CollectiveOp::None, arg(0));
      return f.subgroup(ir::SubgroupOp::BallotBitCount,
                        id == I::WaveActiveCountBits ? ir::CollectiveOp::Reduce : ir::CollectiveOp::ExclusiveScan,
                        ballot);
    }
    case I::WaveReadLaneAt: return f.subgroup(ir::SubgroupOp::Shuffle, ir::CollectiveOp::None, arg(0), arg(1), rt);
    case I::WaveReadLaneFirst:
      return f.subgroup(ir::SubgroupOp::BroadcastFirst, ir::CollectiveOp::None, arg(0), {}, rt);
    case I::QuadReadAcrossX: return f.subgroup(ir::SubgroupOp::QuadSwapX, ir::CollectiveOp::None, arg(0), {}, rt);
    case I::QuadReadAcrossY: return f.subgroup(ir::SubgroupOp::QuadSwapY, ir::CollectiveOp::None, arg(0), {}, rt);
    case I::QuadReadAcrossDiagonal:
      return f.subgroup(ir::SubgroupOp::QuadSwapDiagonal, ir::CollectiveOp::None, arg(0), {}, rt);
    case I::QuadReadLaneAt:
      return f.subgroup(ir::SubgroupOp::QuadBroadcast, ir::CollectiveOp::None, arg(0), arg(1), rt);
    // SM 6.5 partitioned wave ops (SPV_NV_shader_subgroup_partitioned, as DXC).
    case I::WaveMatch: return f.subgroup(ir::SubgroupOp::Partition, ir::CollectiveOp::None, arg(0));
    case I::WaveMultiPrefixSum:
    case I::WaveMultiPrefixProduct:
    case I::WaveMultiPrefixBitAnd:
    case I::WaveMultiPrefixBitOr:
    case I::WaveMultiPrefixBitXor: {
      ir::SubgroupOp op = id == I::WaveMultiPrefixSum       ? ir::SubgroupOp::PartitionedAdd
                          : id == I::WaveMultiPrefixProduct ? ir::SubgroupOp::PartitionedMul
                          : id == I::WaveMultiPrefixBitAnd  ? ir::SubgroupOp::PartitionedAnd
                          : id == I::WaveMultiPrefixBitOr   ? ir::SubgroupOp::PartitionedOr
                                                            : ir::SubgroupOp::PartitionedXor;
      return f.subgroup(op, ir::CollectiveOp::ExclusiveScan, arg(0), arg(1), rt);
    }
    case I::WaveMultiPrefixCountBits: {
      // BallotBitCount takes no partitioned group operation: count as a partitioned
      // exclusive sum of (pred ? 1 : 0).
      Handle<ir::Type> u = m_->types.scalar(ir::Scalar::u32());
      Handle<Expression> one = f.select(arg(0), f.u32(1), f.u32(0));
      return f.subgroup(ir::SubgroupOp::PartitionedAdd, ir::CollectiveOp::ExclusiveScan, one, arg(1), u);
    }
    default: break;
  }
  if (info.kind == IntrinsicKind::Wave || info.kind == IntrinsicKind::Quad) return intrinsicExt(id, a, rt, r);

  // ---- math
  if (id == I::Transpose && irT(typeOf(arg(0))).kind != ir::TypeKind::Matrix) {
    Handle<Expression> m = arg(0);
    if (!isRowArray(typeOf(m))) return m;  // 1xN <-> Nx1: the same IR vector
    // A non-float matrix (an array of rows), DXC's shape: every element, then the columns.
    uint32_t rows = rowCount(typeOf(m)), cols = irT(rowType(typeOf(m))).size;
    std::vector<Handle<Expression>> el;
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t j = 0; j < cols; ++j) el.push_back(f.accessIndex(f.accessIndex(m, i), j));
    Handle<ir::Type> col = m_->types.vector(*scalarOfM(typeOf(m)), rows);
    return perRow(rt, cols, [&](uint32_t j) {
      std::vector<Handle<Expression>> c;
      for (uint32_t i = 0; i < rows; ++i) c.push_back(el[i * cols + j]);
      return f.compose(col, c);
    });
  }
  MathFunction mf;
  if (simpleMath(id, mf)) {
    Handle<Expression> x =
        f.math(mf, arg(0), a.size() > 1 ? a[1] : Handle<Expression>{}, a.size() > 2 ? a[2] : Handle<Expression>{});
    return x;
  }
  switch (id) {
    case I::Rcp: {
      Handle<ir::Type> t = typeOf(arg(0));
      return f.binary(ir::BinaryOp::Divide, splatTo(t, scalarConst(*ir::scalarOf(m_->types, t), 1)), arg(0));
    }
    case I::Log10: {
      Handle<ir::Type> t = typeOf(arg(0));
      Handle<Expression> l2 = f.math(MathFunction::Log2, arg(0));
      return f.binary(ir::BinaryOp::Multiply, l2,
                      splatTo(t, scalarConst(*ir::scalarOf(m_->types, t), 0.30102999566398120)));
    }
    case I::Fmod: return f.binary(ir::BinaryOp::Modulo, arg(0), arg(1));
    case I::Ldexp:
      return f.binary(ir::BinaryOp::Multiply, arg(0), f.math(MathFunction::Exp2, arg(1)));  // DXC: x * exp2(e)
    case I::Dot: {
      std::optional<ir::Scalar> s = ir::scalarOf(m_->types, typeOf(arg(0)));
      if (irT(typeOf(arg(0))).kind == ir::TypeKind::Scalar) return f.binary(ir::BinaryOp::Multiply, arg(0), arg(1));
      if (s && s->kind == ir::ScalarKind::Float) return f.math(MathFunction::Dot, arg(0), arg(1));
      // Integer dot product: multiply and add the components.
      Handle<Expression> prod = f.binary(ir::BinaryOp::Multiply, arg(0), arg(1));
      uint32_t n = ir::componentCount(m_->types, typeOf(prod));
      Handle<Expression> sum = f.accessIndex(prod, 0);
      for (uint32_t i = 1; i < n; ++i) sum = f.binary(ir::BinaryOp::Add, sum, f.accessIndex(prod, i));
      return sum;
    }
    case I::Sign: {
      Handle<Expression> s = f.math(MathFunction::Sign, arg(0));
      return castLayout(s, rt, r);  // HLSL sign() returns int
    }
    case I::CountBits:
    case I::FirstBitHigh:
    case I::FirstBitLow: {
      MathFunction m = id == I::CountBits      ? MathFunction::CountOneBits
                       : id == I::FirstBitHigh ? MathFunction::FirstLeadingBit
                                               : MathFunction::FirstTrailingBit;
      Handle<Expression> v = f.math(m, arg(0));
      if (typeOf(v) != rt) v = f.bitcast(v, rt);
      return v;
    }
    case I::Any:
    case I::All: {
      Handle<Expression> v = arg(0);
      const ir::Type vt = irT(typeOf(v));
      if (vt.kind == ir::TypeKind::Matrix || vt.kind == ir::TypeKind::Array) {
        // DXC: any / all of each row, then of those (a matrix that is an IR array of rows too).
        uint32_t n = vt.kind == ir::TypeKind::Matrix ? vt.columns : vt.arraySize;
        Handle<ir::Type> b = m_->types.scalar(ir::Scalar::boolean());
        Handle<Expression> acc;
        for (uint32_t i = 0; i < n; ++i) {
          Handle<Expression> row = intrinsicValues(id, {f.accessIndex(v, i)}, b, r);
          acc = i ? f.binary(id == I::Any ? ir::BinaryOp::LogicalOr : ir::BinaryOp::LogicalAnd, acc, row) : row;
        }
        return acc;
      }
      std::optional<ir::Scalar> s = ir::scalarOf(m_->types, typeOf(v));
      if (s && s->kind != ir::ScalarKind::Bool)
        v = f.binary(ir::BinaryOp::NotEqual, v, splatTo(typeOf(v), scalarConst(*s, 0)));
      if (irT(typeOf(v)).kind == ir::TypeKind::Scalar) return v;
      return f.relational(id == I::Any ? ir::RelationalFunction::Any : ir::RelationalFunction::All, v);
    }
    case I::IsNan: return f.relational(ir::RelationalFunction::IsNan, arg(0));
    case I::IsInf: return f.relational(ir::RelationalFunction::IsInf, arg(0));
    case I::IsFinite: {
      Handle<Expression> bad = f.binary(ir::BinaryOp::LogicalOr, f.relational(ir::RelationalFunction::IsNan, arg(0)),
                                        f.relational(ir::RelationalFunction::IsInf, arg(0)));
      return f.unary(ir::UnaryOp::LogicalNot, bad);
    }
    case I::Select: return f.select(arg(0), arg(1), arg(2));
    case I::And: return f.binary(ir::BinaryOp::LogicalAnd, arg(0), arg(1));
    case I::Or: return f.binary(ir::BinaryOp::LogicalOr, arg(0), arg(1));
    case I::Mul: {
      if (isRowArray(typeOf(arg(0))) || isRowArray(typeOf(arg(1)))) return integerMatrixMul(arg(0), arg(1), rt, r);
      // IR matrices are HLSL's transposes: mul(a, b) is b * a in IR.
      const ir::Type at = irT(typeOf(arg(0))), bt = irT(typeOf(arg(1)));
      if (at.kind == ir::TypeKind::Vector && bt.kind == ir::TypeKind::Vector && rt.valid() &&
          irT(rt).kind == ir::TypeKind::Matrix) {
        // mul(Mx1, 1xN), both IR vectors: the outer product, HLSL row i = a[i] * b.
        std::vector<Handle<Expression>> rows;
        for (uint32_t i = 0; i < at.size; ++i)
          rows.push_back(f.binary(ir::BinaryOp::Multiply, arg(1), f.accessIndex(arg(0), i)));
        return f.compose(rt, rows);
      }
      if (at.kind == ir::TypeKind::Vector && bt.kind == ir::TypeKind::Vector)
        return f.math(MathFunction::Dot, arg(0), arg(1));
      if (at.kind == ir::TypeKind::Scalar || bt.kind == ir::TypeKind::Scalar) {
        Handle<Expression> s = at.kind == ir::TypeKind::Scalar ? arg(0) : arg(1);
        Handle<Expression> o = at.kind == ir::TypeKind::Scalar ? arg(1) : arg(0);
        if (irT(typeOf(o)).kind == ir::TypeKind::Scalar) return f.binary(ir::BinaryOp::Multiply, s, o);
        return f.binary(ir::BinaryOp::Multiply, o, s);
      }
      return f.binary(ir::BinaryOp::Multiply, arg(1), arg(0));
    }
    case I::Clip: {
      Handle<Expression> v = arg(0);
      Handle<ir::Type> t = typeOf(v);
      auto negative = [&](Handle<Expression> x) {
        Handle<ir::Type> xt = typeOf(x);
        Handle<Expression> n =
            f.binary(ir::BinaryOp::Less, x, splatTo(xt, scalarConst(*ir::scalarOf(m_->types, xt), 0)));
        if (irT(xt).kind != ir::TypeKind::Scalar) n = f.relational(ir::RelationalFunction::Any, n);
        return n;
      };
      Handle<Expression> neg;
      if (irT(t).kind == ir::TypeKind::Matrix) {  // any component of any row (IR column)
        for (uint32_t i = 0; i < irT(t).columns; ++i) {
          Handle<Expression> n = negative(f.accessIndex(v, i));
          neg = neg.valid() ? f.binary(ir::BinaryOp::LogicalOr, neg, n) : n;
        }
      } else {
        neg = negative(v);
      }
      f.ifBegin(neg);
      f.kill();
      f.ifEnd();
      return {};
    }
    case I::AsUint:
    case I::AsInt:
    case I::AsFloat:
      if (a.size() != 1) unsupported(r, "'" + std::string(info.name) + "' with more than one argument");
      if (typeOf(arg(0)) == rt) return arg(0);
      return f.bitcast(arg(0), rt);
    case I::NonUniformResourceIndex: {
      // The value itself; the array-of-resources access that uses it is marked non-uniform
      // (see resourceRef).
      Handle<Expression> v = arg(0);
      if (typeOf(v) == rt) return v;
      auto s = ir::scalarOf(m_->types, typeOf(v));
      if (s && s->width == 32) return f.bitcast(v, rt);
      return f.convert(v, ir::Scalar::u32());
    }
    case I::F16ToF32:
    case I::F32ToF16: {
      Handle<Expression> v = arg(0);
      uint32_t n = ir::componentCount(m_->types, typeOf(v));
      std::vector<Handle<Expression>> parts;
      Handle<ir::Type> f2 = m_->types.vector(ir::Scalar::f32(), 2);
      for (uint32_t i = 0; i < n; ++i) {
        Handle<Expression> x = n == 1 ? v : f.accessIndex(v, i);
        if (id == I::F32ToF16) {
          parts.push_back(f.math(MathFunction::PackHalf2x16, f.compose(f2, {x, f.f32(0)})));
        } else {
          if (*ir::scalarOf(m_->types, typeOf(x)) != ir::Scalar::u32())
            x = f.bitcast(x, m_->types.scalar(ir::Scalar::u32()));
          parts.push_back(f.accessIndex(f.math(MathFunction::UnpackHalf2x16, x), 0));
        }
      }
      return n == 1 ? parts[0] : f.compose(rt, parts);
    }
    default: break;
  }
  return intrinsicExt(id, a, rt, r);
}

// ---------------------------------------------------------------- methods

Handle<Expression> Lowerer::method(const ast::CallExpr* c) {
  I id = I(c->intrinsic);
  SourceRange r = c->range;
  if (isStreamType(c->object->type)) return streamMethod(c);
  std::optional<GlobalRef> ref = resourceRef(c->object);
  if (!ref) unsupported(r, "a method call on this object");
  const sema::Type* rt = ref->resource;
  if (m_->globals[ref->global].space == ir::AddressSpace::Handle) return textureMethod(c, *ref);
  Handle<ir::GlobalVariable> g = ref->global;
  // The buffer's block: the global, or one element of an array of buffers.
  auto block = [&]() { return resourceValue(*ref); };
  ir::FunctionBuilder& f = *fb_;
  bool bab = rt->resourceKind() == sema::ResourceKind::ByteAddressBuffer ||
             rt->resourceKind() == sema::ResourceKind::RWByteAddressBuffer;
  bool structured = rt->resourceKind() == sema::ResourceKind::StructuredBuffer ||
                    rt->resourceKind() == sema::ResourceKind::RWStructuredBuffer ||
                    rt->resourceKind() == sema::ResourceKind::AppendStructuredBuffer ||
                    rt->resourceKind() == sema::ResourceKind::ConsumeStructuredBuffer;
  Handle<ir::Type> u32 = m_->types.scalar(ir::Scalar::u32());

  // Counter methods (DXC's shape): an atomic on `counter.var.NAME`'s int, which returns the
  // value before the operation. IncrementCounter returns it; DecrementCounter returns the
  // value after (old - 1); Append stores at old; Consume loads at old - 1.
  if (id == I::IncrementCounter || id == I::DecrementCounter || id == I::Append || id == I::Consume) {
    Handle<Expression> v;
    if (id == I::Append) {
      if (c->args.size() != 1) internal(r, "Append expects one argument");
      v = expr(c->args[0]);
    }
    f.setRange(r);
    // The counter of an element of an array of buffers (or of a descriptor heap): the same
    // element of the array of counters.
    GlobalRef cref = *ref;
    cref.global = counterFor(g, r);
    Handle<Expression> cptr = f.accessIndex(resourceValue(cref), 0);
    bool down = id == I::DecrementCounter || id == I::Consume;
    Handle<Expression> old = f.atomic(down ? ir::AtomicOp::Subtract : ir::AtomicOp::Add, cptr, f.i32(1));
    Handle<Expression> slot = down ? f.binary(ir::BinaryOp::Subtract, old, f.i32(1)) : old;
    slot = f.bitcast(slot, u32);
    if (id == I::IncrementCounter || id == I::DecrementCounter) return slot;
    LValue lv;
    lv.type = rt->elementType();
    lv.ptr = f.access(f.accessIndex(block(), 0), slot);
    if (id == I::Consume) return load(lv, r);
    store(lv, v, r);
    return {};
  }

  // StructuredBuffer.Load(i): element i, as `buf[i]`.
  if (structured && id == I::BabLoad) {
    if (c->args.size() != 1) unsupported(r, "Load with a status argument");
    Handle<Expression> index = expr(c->args[0]);
    f.setRange(r);
    LValue lv;
    lv.type = rt->elementType();
    lv.ptr = f.access(f.accessIndex(block(), 0), index);
    return load(lv, r);
  }

  // The uint element at byte address `addr` (+ 4 * k).
  auto word = [&](Handle<Expression> addr, uint32_t k) {
    if (*ir::scalarOf(m_->types, typeOf(addr)) != ir::Scalar::u32()) addr = f.bitcast(addr, u32);
    Handle<Expression> idx = f.binary(ir::BinaryOp::ShiftRight, addr, f.u32(2));
    if (k) idx = f.binary(ir::BinaryOp::Add, idx, f.u32(k));
    return f.access(f.accessIndex(block(), 0), idx);
  };

  // Templated Load<T> / Store<T> (DXC's RawBufferHandler): each 32-bit scalar is one word,
  // vectors and arrays element by element at consecutive words, matrices column by column
  // (DXC's default buffer matrix order), struct fields at their storage-buffer layout
  // offsets with the struct taking its size rounded up to its alignment.
  auto wordAt = [&](Handle<Expression> addr, uint32_t off) {
    if (*ir::scalarOf(m_->types, typeOf(addr)) != ir::Scalar::u32()) addr = f.bitcast(addr, u32);
    Handle<Expression> a = off ? f.binary(ir::BinaryOp::Add, addr, f.u32(off)) : addr;
    return f.access(f.accessIndex(block(), 0), f.binary(ir::BinaryOp::ShiftRight, a, f.u32(2)));
  };
  auto scalarOfT = [&](const sema::Type* t) { return irScalar(t, r); };
  // A 16-bit value at byte address addr + off (DXC): the word holding it, shifted by
  // (address % 4) * 8 bits.
  auto bitShift = [&](Handle<Expression> addr, uint32_t off) {
    if (*ir::scalarOf(m_->types, typeOf(addr)) != ir::Scalar::u32()) addr = f.bitcast(addr, u32);
    Handle<Expression> a = off ? f.binary(ir::BinaryOp::Add, addr, f.u32(off)) : addr;
    return f.binary(ir::BinaryOp::ShiftLeft, f.binary(ir::BinaryOp::Modulo, a, f.u32(4)), f.u32(3));
  };
  auto structLayout = [&](const sema::Type* t) {
    Handle<ir::Type> mt = memType(t, storageLayout_, HlslMajor::Default, r);
    SizeAlign sa = storageLayout_.sizeAlign(mt);
    uint32_t size = (sa.size + sa.align - 1) / sa.align * sa.align;
    return std::pair<Handle<ir::Type>, uint32_t>(mt, size);
  };
  std::function<Handle<Expression>(Handle<Expression>, const sema::Type*, uint32_t&)> loadT =
      [&](Handle<Expression> addr, const sema::Type* t, uint32_t& off) -> Handle<Expression> {
    if (t->isEnum()) t = t->underlyingType();
    if (t->isScalar()) {
      ir::Scalar s = scalarOfT(t);
      if (s.width == 16) {  // DXC: the word >> ((address % 4) * 8), narrowed
        Handle<Expression> w = f.load(wordAt(addr, off));
        Handle<Expression> h = f.convert(f.binary(ir::BinaryOp::ShiftRight, w, bitShift(addr, off)), ir::Scalar::u16());
        off += 2;
        return s == ir::Scalar::u16() ? h : f.bitcast(h, m_->types.scalar(s));
      }
      if (s.width == 64) {  // DXC: two words, the low one first, as a uint2 bitcast
        Handle<Expression> lo = f.load(wordAt(addr, off));
        Handle<Expression> hi = f.load(wordAt(addr, off + 4));
        off += 8;
        return f.bitcast(f.compose(m_->types.vector(ir::Scalar::u32(), 2), {lo, hi}), m_->types.scalar(s));
      }
      Handle<Expression> w = f.load(wordAt(addr, off));
      off += 4;
      if (s.kind == ir::ScalarKind::Bool) return f.binary(ir::BinaryOp::NotEqual, w, f.u32(0));
      return s == ir::Scalar::u32() ? w : f.bitcast(w, m_->types.scalar(s));
    }
    if (t->isVector()) {
      if (t->vectorSize() == 1) return loadT(addr, t->componentType(), off);
      std::vector<Handle<Expression>> parts;
      for (uint32_t i = 0; i < t->vectorSize(); ++i) parts.push_back(loadT(addr, t->componentType(), off));
      return f.compose(irType(t, r), parts);
    }
    if (t->isArray() && !t->isUnsizedArray()) {
      std::vector<Handle<Expression>> parts;
      for (uint32_t i = 0; i < t->arraySize(); ++i) parts.push_back(loadT(addr, t->elementType(), off));
      return f.compose(irType(t, r), parts);
    }
    if (t->isMatrix()) {
      uint32_t rows = t->rows(), cols = t->cols();
      std::vector<Handle<Expression>> el(rows * cols);
      for (uint32_t j = 0; j < cols; ++j)
        for (uint32_t i = 0; i < rows; ++i) el[i * cols + j] = loadT(addr, t->componentType(), off);
      if (rows * cols == 1) return el[0];
      if (rows == 1 || cols == 1) return f.compose(irType(t, r), el);
      std::vector<Handle<Expression>> rowsV;
      Handle<ir::Type> rowT = m_->types.vector(irScalar(t, r), cols);
      for (uint32_t i = 0; i < rows; ++i)
        rowsV.push_back(
            f.compose(rowT, std::vector<Handle<Expression>>(el.begin() + i * cols, el.begin() + (i + 1) * cols)));
      return f.compose(irType(t, r), rowsV);
    }
    if (t->isStruct()) {
      auto [mt, size] = structLayout(t);
      std::vector<Handle<Expression>> parts;
      const auto& fields = t->fields();
      for (size_t i = 0; i < fields.size(); ++i) {
        uint32_t fo = off + irT(mt).members[i].offset;
        parts.push_back(loadT(addr, fields[i].type, fo));
      }
      off += size;
      return f.compose(irType(t, r), parts);
    }
    unsupported(r, "templated Load<T> of '" + t->toString() + "'");
  };
  std::function<void(Handle<Expression>, Handle<Expression>, const sema::Type*, uint32_t&)> storeT =
      [&](Handle<Expression> addr, Handle<Expression> v, const sema::Type* t, uint32_t& off) {
        if (t->isEnum()) t = t->underlyingType();
        if (t->isScalar()) {
          ir::Scalar s = scalarOfT(t);
          if (s.width == 16) {
            // DXC: read-modify-write of the word holding it; the other half is kept with the
            // mask 0xFFFF << (16 - shift).
            Handle<Expression> h = s == ir::Scalar::u16() ? v : f.bitcast(v, m_->types.scalar(ir::Scalar::u16()));
            Handle<Expression> shift = bitShift(addr, off);
            Handle<Expression> wide = f.binary(ir::BinaryOp::ShiftLeft, f.convert(h, ir::Scalar::u32()), shift);
            Handle<Expression> mask =
                f.binary(ir::BinaryOp::ShiftLeft, f.u32(0xFFFF), f.binary(ir::BinaryOp::Subtract, f.u32(16), shift));
            Handle<Expression> ptr = wordAt(addr, off);
            Handle<Expression> old = f.load(ptr);
            f.store(ptr, f.binary(ir::BinaryOp::InclusiveOr, f.binary(ir::BinaryOp::And, old, mask), wide));
            off += 2;
            return;
          }
          if (s.width == 64) {  // two words, the low one first
            Handle<Expression> w = f.bitcast(v, m_->types.vector(ir::Scalar::u32(), 2));
            f.store(wordAt(addr, off), f.accessIndex(w, 0));
            f.store(wordAt(addr, off + 4), f.accessIndex(w, 1));
            off += 8;
            return;
          }
          Handle<Expression> w = v;
          if (s.kind == ir::ScalarKind::Bool)
            w = f.select(v, f.u32(1), f.u32(0));
          else if (s != ir::Scalar::u32())
            w = f.bitcast(v, u32);
          f.store(wordAt(addr, off), w);
          off += 4;
          return;
        }
        if (t->isVector()) {
          if (t->vectorSize() == 1) return storeT(addr, v, t->componentType(), off);
          for (uint32_t i = 0; i < t->vectorSize(); ++i) storeT(addr, f.accessIndex(v, i), t->componentType(), off);
          return;
        }
        if (t->isArray() && !t->isUnsizedArray()) {
          for (uint32_t i = 0; i < t->arraySize(); ++i) storeT(addr, f.accessIndex(v, i), t->elementType(), off);
          return;
        }
        if (t->isMatrix()) {
          uint32_t rows = t->rows(), cols = t->cols();
          for (uint32_t j = 0; j < cols; ++j)
            for (uint32_t i = 0; i < rows; ++i) {
              Handle<Expression> e = v;
              if (rows > 1 && cols > 1)
                e = f.accessIndex(f.accessIndex(v, i), j);
              else if (rows * cols > 1)
                e = f.accessIndex(v, rows == 1 ? j : i);
              storeT(addr, e, t->componentType(), off);
            }
          return;
        }
        if (t->isStruct()) {
          auto [mt, size] = structLayout(t);
          const auto& fields = t->fields();
          for (size_t i = 0; i < fields.size(); ++i) {
            uint32_t fo = off + irT(mt).members[i].offset;
            storeT(addr, f.accessIndex(v, uint32_t(i)), fields[i].type, fo);
          }
          off += size;
          return;
        }
        unsupported(r, "templated Store<T> of '" + t->toString() + "'");
      };
  auto templatedLoad = [&](Handle<Expression> addr, const sema::Type* t, SourceRange) {
    uint32_t off = 0;
    return loadT(addr, t, off);
  };
  auto templatedStore = [&](Handle<Expression> addr, Handle<Expression> v, const sema::Type* t, SourceRange) {
    uint32_t off = 0;
    storeT(addr, v, t, off);
  };

  if (bab) {
    switch (id) {
      case I::BabLoad:
      case I::BabLoad2:
      case I::BabLoad3:
      case I::BabLoad4: {
        if (c->args.size() != 1) unsupported(r, "Load with a status argument");
        uint32_t n = id == I::BabLoad ? 1 : id == I::BabLoad2 ? 2 : id == I::BabLoad3 ? 3 : 4;
        Handle<Expression> addr = expr(c->args[0]);
        f.setRange(r);
        if (c->hasTemplateArgs) return templatedLoad(addr, c->type, r);
        if (n == 1) return f.load(word(addr, 0));
        std::vector<Handle<Expression>> parts;
        for (uint32_t k = 0; k < n; ++k) parts.push_back(f.load(word(addr, k)));
        return f.compose(m_->types.vector(ir::Scalar::u32(), n), parts);
      }
      case I::BabStore:
      case I::BabStore2:
      case I::BabStore3:
      case I::BabStore4: {
        uint32_t n = id == I::BabStore ? 1 : id == I::BabStore2 ? 2 : id == I::BabStore3 ? 3 : 4;
        Handle<Expression> addr = expr(c->args[0]);
        Handle<Expression> v = expr(c->args[1]);
        f.setRange(r);
        if (c->hasTemplateArgs) {
          templatedStore(addr, v, c->args[1]->type, r);
          return {};
        }
        if (*ir::scalarOf(m_->types, typeOf(v)) != ir::Scalar::u32()) unsupported(r, "storing a non-uint value");
        for (uint32_t k = 0; k < n; ++k) f.store(word(addr, k), n == 1 ? v : f.accessIndex(v, k));
        return {};
      }
      case I::InterlockedAdd:
      case I::InterlockedAnd:
      case I::InterlockedOr:
      case I::InterlockedXor:
      case I::InterlockedMin:
      case I::InterlockedMax:
      case I::InterlockedExchange:
      case I::InterlockedCompareExchange:
      case I::InterlockedCompareStore: {
        Handle<Expression> addr = expr(c->args[0]);
        auto asU32 = [&](const ast::Expr* e) {
          Handle<Expression> v = expr(e);
          if (typeOf(v) != u32) v = castLayout(v, u32, e->range);
          return v;
        };
        Handle<Expression> orig;
        const ast::Expr* origArg = nullptr;
        if (id == I::InterlockedCompareExchange || id == I::InterlockedCompareStore) {
          Handle<Expression> cmp = asU32(c->args[1]), v = asU32(c->args[2]);
          f.setRange(r);
          orig = f.atomic(ir::AtomicOp::CompareExchange, word(addr, 0), v, cmp);
          if (id == I::InterlockedCompareExchange && c->args.size() > 3) origArg = c->args[3];
        } else {
          ir::AtomicOp op = id == I::InterlockedAdd   ? ir::AtomicOp::Add
                            : id == I::InterlockedAnd ? ir::AtomicOp::And
                            : id == I::InterlockedOr  ? ir::AtomicOp::InclusiveOr
                            : id == I::InterlockedXor ? ir::AtomicOp::ExclusiveOr
                            : id == I::InterlockedMin ? ir::AtomicOp::Min
                            : id == I::InterlockedMax ? ir::AtomicOp::Max
                                                      : ir::AtomicOp::Exchange;
          Handle<Expression> v = asU32(c->args[1]);
          f.setRange(r);
          orig = f.atomic(op, word(addr, 0), v);
          if (c->args.size() > 2) origArg = c->args[2];
        }
        if (origArg) store(lvalue(origArg), orig, origArg->range);
        return {};
      }
      default: break;
    }
  }
  if (id == I::GetDimensions && (bab || structured)) {
    // ByteAddressBuffer: bytes = 4 * length. StructuredBuffer: (count, stride).
    Handle<Expression> len = f.arrayLength(f.accessIndex(block(), 0));
    // An int output takes the uint value converted (DXC's out-argument conversion).
    auto out = [&](const ast::Expr* a, Handle<Expression> v) {
      LValue lv = lvalue(a);
      std::optional<ir::Scalar> ws = ir::scalarOf(m_->types, irType(a->type, a->range));
      if (!ws) internal(a->range, "GetDimensions output of a non-numeric type");
      if (*ws != ir::Scalar::u32()) v = f.convert(v, *ws);
      store(lv, v, r);
    };
    if (bab) {
      if (c->args.size() != 1) internal(r, "GetDimensions expects one argument");
      out(c->args[0], f.binary(ir::BinaryOp::Multiply, len, f.u32(4)));
      return {};
    }
    if (c->args.size() != 2) internal(r, "GetDimensions expects two arguments");
    out(c->args[0], len);
    Handle<ir::Type> bt = m_->globals[g].type;
    if (irT(bt).kind == ir::TypeKind::Array) bt = irT(bt).base;  // an array of buffers
    const ir::Type& blk = irT(bt);
    uint32_t stride = irT(blk.members[0].type).stride;
    out(c->args[1], f.u32(stride));
    return {};
  }
  unsupported(r, std::string("the method '") + std::string(c->name.str()) + "' of " +
                     sema::resourceKindName(rt->resourceKind()));
}

}  // namespace oneshader::lower
