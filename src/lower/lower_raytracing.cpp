// Lowering of inline ray tracing (DXR 1.1 RayQuery, SPV_KHR_ray_query). SPIR-V only: the
// driver rejects ray tracing for MSL and WGSL before lowering (OSH4140 / OSH5140), so, like
// the geometry stage (lower_stages.cpp), its operations need no new IR: a RayQuery<FLAGS>
// local is an IR variable of type RayQuery and each method is a SpirvInst statement on a
// pointer to it, with the RayQueryKHR capability and the SPV_KHR_ray_query extension.
//
// DXC's shapes (its SPIR-V.rst "RayQuery Mapping to SPIR-V", rayquery.def):
//  - TraceRayInline(as, flags, mask, ray): OpRayQueryInitializeKHR q as (FLAGS | flags) mask
//    ray.Origin ray.TMin ray.Direction ray.TMax (the template flags or-ed in, folded when
//    the argument is a constant);
//  - Candidate* / Committed* getters: OpRayQueryGetIntersection*KHR q (0 | 1); the 3x4
//    matrices are the instruction's 4x3 one transposed;
//  - CandidateProceduralPrimitiveNonOpaque: the logical not of
//    OpRayQueryGetIntersectionCandidateAABBOpaqueKHR (the instruction answers "opaque").
#include <spirv/unified1/spirv.hpp11>

#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Handle;
using ir::Expression;

namespace {
enum class Rq : uint8_t { Void, Bool, Uint, Float, Float2, Float3, Float4x3, Float3x4 };
enum class RqArgs : uint8_t { None, Trace, Float };
struct RqOp {
  spv::Op opcode;
  int8_t intersection;  // -1: none; 0 candidate; 1 committed
  Rq result;
  RqArgs args;
};
constexpr RqOp kOps[] = {
#define RAYQUERY_METHOD(id, name, op, isect, result, args) {spv::Op::op, isect, Rq::result, RqArgs::args},
#include "sema/rayquery.def"
#undef RAYQUERY_METHOD
};

ir::SpirvOperand idOperand(Handle<Expression> e) {
  ir::SpirvOperand o;
  o.kind = ir::SpirvOperand::Kind::Id;
  o.value = e;
  return o;
}
}  // namespace

Handle<Expression> Lowerer::rayQueryMethod(const ast::CallExpr* c) {
  sema::RayQueryMethod m = sema::rayQueryMethodOf(c->intrinsic);
  const RqOp& op = kOps[uint32_t(m)];
  SourceRange r = c->range;
  const sema::Type* qt = c->object ? c->object->type : nullptr;
  if (!qt || !qt->isRayQuery()) internal(r, "a RayQuery method without a RayQuery object");
  LValue q = lvalue(c->object);
  if (!q.ptr.valid() || q.swizzleLen || q.isImage()) unsupported(c->object->range, "this RayQuery object expression");

  ir::SpirvInstruction in;
  in.opcode = uint32_t(op.opcode);
  in.declName = std::string("RayQuery::") + sema::rayQueryMethodName(m);
  in.declRange = r;
  in.requirements.capabilities.push_back(uint32_t(spv::Capability::RayQueryKHR));
  in.requirements.extensions.push_back("SPV_KHR_ray_query");
  in.operands.push_back(idOperand(q.ptr));
  if (op.args == RqArgs::Trace) {
    std::optional<GlobalRef> as = resourceRef(c->args[0]);
    if (!as) unsupported(c->args[0]->range, "this acceleration structure expression");
    Handle<Expression> accel = resourceValue(*as);
    // The ray flags: the argument or-ed with RayQuery's template flags (DXC).
    uint32_t fixed = qt->rayQueryFlags();
    Handle<Expression> flags;
    sema::ConstValue cv = sema_.constValue(c->args[1]);
    if (cv.valid()) flags = fb_->u32(uint32_t(cv.asUint()) | fixed);
    else {
      flags = expr(c->args[1]);
      if (fixed) flags = fb_->binary(ir::BinaryOp::InclusiveOr, flags, fb_->u32(fixed));
    }
    Handle<Expression> mask = expr(c->args[2]);
    Handle<Expression> ray = expr(c->args[3]);
    in.operands.push_back(idOperand(accel));
    in.operands.push_back(idOperand(flags));
    in.operands.push_back(idOperand(mask));
    for (uint32_t field : {0u, 1u, 2u, 3u}) in.operands.push_back(idOperand(fb_->accessIndex(ray, field)));  // Origin TMin Direction TMax
  } else if (op.args == RqArgs::Float) {
    in.operands.push_back(idOperand(expr(c->args[0])));
  }
  if (op.intersection >= 0) in.operands.push_back(idOperand(fb_->u32(uint32_t(op.intersection))));
  ir::TypeArena& ty = m_->types;
  Handle<ir::Type> f32 = ty.scalar(ir::Scalar::f32());
  switch (op.result) {
    case Rq::Void: break;
    case Rq::Bool: in.resultType = ty.scalar(ir::Scalar::boolean()); break;
    case Rq::Uint: in.resultType = ty.scalar(ir::Scalar::u32()); break;
    case Rq::Float: in.resultType = f32; break;
    case Rq::Float2: in.resultType = ty.vector(ir::Scalar::f32(), 2); break;
    case Rq::Float3: in.resultType = ty.vector(ir::Scalar::f32(), 3); break;
    // HLSL float4x3 is IR Matrix{columns 4, rows 3}: SPIR-V's 4 columns of float3.
    case Rq::Float4x3:
    case Rq::Float3x4: in.resultType = ty.matrix(ir::Scalar::f32(), 4, 3); break;
  }
  in.hasResult = op.result != Rq::Void;
  fb_->setRange(r);
  Handle<Expression> res = fb_->spirvInst(std::move(in));
  if (op.result == Rq::Float3x4) res = fb_->math(ir::MathFunction::Transpose, res);
  if (m == sema::RayQueryMethod::CandidateProceduralPrimitiveNonOpaque) res = fb_->unary(ir::UnaryOp::LogicalNot, res);
  return res;
}

}  // namespace oneshader::lower
