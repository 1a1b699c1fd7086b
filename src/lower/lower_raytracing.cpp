// Lowering of inline ray tracing (DXR 1.1 RayQuery, SPV_KHR_ray_query) and of the ray tracing
// pipeline stages (below). SPIR-V only: the
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

using ir::Expression;
using ir::Handle;

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
    if (cv.valid())
      flags = fb_->u32(uint32_t(cv.asUint()) | fixed);
    else {
      flags = expr(c->args[1]);
      if (fixed) flags = fb_->binary(ir::BinaryOp::InclusiveOr, flags, fb_->u32(fixed));
    }
    Handle<Expression> mask = expr(c->args[2]);
    Handle<Expression> ray = expr(c->args[3]);
    in.operands.push_back(idOperand(accel));
    in.operands.push_back(idOperand(flags));
    in.operands.push_back(idOperand(mask));
    for (uint32_t field : {0u, 1u, 2u, 3u})
      in.operands.push_back(idOperand(fb_->accessIndex(ray, field)));  // Origin TMin Direction TMax
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

// ---------------------------------------------------------------- ray tracing pipeline
//
// The stages' entry points and intrinsics (DXC's SPIR-V.rst "Raytracing Mapping to
// SPIR-V"), SPV_KHR_ray_tracing or, with -fspv-extension=SPV_NV_ray_tracing, DXC's NV form:
//  - the entry point is a wrapper with no interface of its own calling "src.<name>"; the
//    inout ray payload (anyhit, closesthit, miss) or callable data (callable) parameter is
//    the IncomingRayPayloadKHR / IncomingCallableDataKHR variable itself, the hit
//    attributes (anyhit, closesthit) are read from the HitAttributeKHR variable and passed
//    by value;
//  - TraceRay / CallShader copy their payload / callable data into a RayPayloadKHR /
//    CallableDataKHR variable (one per struct type), run OpTraceRayKHR /
//    OpExecuteCallableKHR on it and copy it back (NV: OpTraceNV / OpExecuteCallableNV name
//    the variable by its Location); ReportHit stores its attributes in the HitAttributeKHR
//    variable, then OpReportIntersectionKHR;
//  - IgnoreHit / AcceptHitAndEndSearch are OpIgnoreIntersectionKHR / OpTerminateRayKHR,
//    which end their block (the SPIR-V emitter drops the rest); NV's are plain
//    instructions;
//  - the system values are loads of Input built-ins (ObjectToWorld3x4 and WorldToObject3x4
//    transpose the one 4x3 built-in).

namespace {
enum class RtKind : uint8_t { SystemValue, TraceRay, ReportHit, CallShader, IgnoreHit, AcceptHitAndEndSearch };
enum class RtResult : uint8_t { Void, Bool, Uint, Uint3, Float, Float3, Float3x4, Float4x3 };
struct RtOp {
  RtKind kind;
  RtResult result;
  uint32_t builtin;
};
constexpr RtOp kRtOps[] = {
#define RT_INTRINSIC(id, name, kind, result, builtin, stages) {RtKind::kind, RtResult::result, builtin},
#include "sema/rtpipeline.def"
#undef RT_INTRINSIC
};
// SPV_KHR_ray_tracing's storage classes (SPV_NV_ray_tracing's have the same numbers).
constexpr uint32_t kCallableData = uint32_t(spv::StorageClass::CallableDataKHR);
constexpr uint32_t kIncomingCallableData = uint32_t(spv::StorageClass::IncomingCallableDataKHR);
constexpr uint32_t kRayPayload = uint32_t(spv::StorageClass::RayPayloadKHR);
constexpr uint32_t kHitAttribute = uint32_t(spv::StorageClass::HitAttributeKHR);
constexpr uint32_t kIncomingRayPayload = uint32_t(spv::StorageClass::IncomingRayPayloadKHR);
}  // namespace

Handle<ir::GlobalVariable> Lowerer::rtVariable(uint32_t storageClass, const sema::Type* t, SourceRange r) {
  auto key = std::make_pair(storageClass, t);
  if (auto it = rtVariables_.find(key); it != rtVariables_.end()) return it->second;
  ir::GlobalVariable gv;
  const char* prefix = storageClass == kRayPayload           ? "rayPayload"
                       : storageClass == kIncomingRayPayload ? "incomingRayPayload"
                       : storageClass == kHitAttribute       ? "hitAttribute"
                       : storageClass == kCallableData       ? "callableData"
                                                             : "incomingCallableData";
  gv.name = std::string(prefix) + "." + t->toString();
  gv.range = r;
  gv.type = irType(t, r);
  gv.space = ir::AddressSpace::SpirvClass;
  gv.spirvClass = storageClass;
  if (opts_.nvRayTracing && (storageClass == kRayPayload || storageClass == kCallableData)) {
    // OpTraceNV / OpExecuteCallableNV name the variable by its Location (numbered per class).
    ir::SpirvDecoration d;
    d.decoration = uint32_t(spv::Decoration::Location);
    d.words = {nvLocations_[storageClass == kRayPayload ? 0 : 1]++};
    gv.spirvDecorations.push_back(d);
  }
  Handle<ir::GlobalVariable> h = mb_->global(gv);
  rtVariables_[key] = h;
  return h;
}

void Lowerer::lowerRayTracingEntry(const sema::EntryPoint& ep, ir::Stage stage) {
  ast::FunctionDecl* fd = ep.decl;
  curEntry_ = ep.name;
  entryDecls_.insert(fd);
  // The inout parameter (Sema checked the signature) is the incoming variable itself.
  for (ast::ParamDecl* p : fd->params)
    if (p->dir == ast::ParamDir::InOut)
      globalParams_[p] =
          rtVariable(stage == ir::Stage::Callable ? kIncomingCallableData : kIncomingRayPayload, p->type, p->range);
  Handle<ir::Function> inner = declareFunction(fd);
  Handle<ir::Function> wrapper = mb_->function(ep.name, {}, std::nullopt);
  m_->functions[wrapper].range = fd->range;
  m_->functions[inner].name = "src." + ep.name;
  m_->functions[inner].spirvDecorations.clear();
  ir::FunctionBuilder b = mb_->build(wrapper);
  fb_ = &b;
  b.setRange(fd->range);
  entryPrologue(b, fd);
  std::vector<Handle<Expression>> args;
  for (ast::ParamDecl* p : fd->params)
    if (!globalParams_.count(p)) args.push_back(b.load(b.global(rtVariable(kHitAttribute, p->type, p->range))));
  b.setRange(fd->range);
  b.call(inner, std::move(args));
  b.ret();
  b.finish();
  fb_ = nullptr;
  m_->entryPoints.push_back(ir::EntryPoint{});
  ir::EntryPoint& e = m_->entryPoints.back();
  e.name = ep.name;
  e.stage = stage;
  e.function = wrapper;
  e.range = fd->range;
}

Handle<Expression> Lowerer::rtIntrinsic(const ast::CallExpr* c) {
  sema::RtIntrinsic which = sema::rtIntrinsicOf(c->intrinsic);
  const RtOp& op = kRtOps[uint32_t(which)];
  SourceRange r = c->range;
  bool nv = opts_.nvRayTracing;
  ir::TypeArena& ty = m_->types;
  auto instruction = [&](spv::Op khr, spv::Op nvOp) {
    ir::SpirvInstruction in;
    in.opcode = uint32_t(nv ? nvOp : khr);
    in.declName = sema::rtIntrinsicName(which);
    in.declRange = r;
    in.requirements.capabilities.push_back(
        uint32_t(nv ? spv::Capability::RayTracingNV : spv::Capability::RayTracingKHR));
    in.requirements.extensions.push_back(nv ? "SPV_NV_ray_tracing" : "SPV_KHR_ray_tracing");
    return in;
  };
  // The variable a payload or callable data argument goes through: its Location under NV.
  auto variableOperand = [&](Handle<ir::GlobalVariable> g) {
    if (!nv) return idOperand(fb_->global(g));
    return idOperand(fb_->u32(m_->globals[g].spirvDecorations.at(0).words.at(0)));
  };
  switch (op.kind) {
    case RtKind::SystemValue: {
      if (nv && which == sema::RtIntrinsic::GeometryIndex) {
        diags_.report(DiagId::SpirvUnsupported, r,
                      {"GeometryIndex() (the RayGeometryIndexKHR built-in of SPV_KHR_ray_tracing) with "
                       "-fspv-extension=SPV_NV_ray_tracing"});
        throw LowerAbort{};
      }
      Handle<ir::Type> t;
      switch (op.result) {
        case RtResult::Uint: t = ty.scalar(ir::Scalar::u32()); break;
        case RtResult::Uint3: t = ty.vector(ir::Scalar::u32(), 3); break;
        case RtResult::Float: t = ty.scalar(ir::Scalar::f32()); break;
        case RtResult::Float3: t = ty.vector(ir::Scalar::f32(), 3); break;
        // HLSL float4x3 is IR Matrix{columns 4, rows 3}: SPIR-V's 4 columns of float3.
        case RtResult::Float3x4:
        case RtResult::Float4x3: t = ty.matrix(ir::Scalar::f32(), 4, 3); break;
        default: internal(r, "a ray tracing system value of no value type");
      }
      auto it = rtBuiltins_.find(op.builtin);
      Handle<ir::GlobalVariable> g;
      if (it != rtBuiltins_.end()) {
        g = it->second;
      } else {
        ir::GlobalVariable gv;
        gv.name = sema::rtIntrinsicName(which);
        gv.range = r;
        gv.type = t;
        gv.space = ir::AddressSpace::Input;
        gv.spirvBuiltin = op.builtin;
        g = mb_->global(gv);
        rtBuiltins_[op.builtin] = g;
      }
      fb_->setRange(r);
      Handle<Expression> v = fb_->load(fb_->global(g));
      if (op.result == RtResult::Float3x4) v = fb_->math(ir::MathFunction::Transpose, v);
      return v;
    }
    case RtKind::TraceRay: {
      std::optional<GlobalRef> as = resourceRef(c->args[0]);
      if (!as) unsupported(c->args[0]->range, "this acceleration structure expression");
      std::vector<Handle<Expression>> ops{resourceValue(*as)};
      for (size_t i = 1; i <= 5; ++i) ops.push_back(expr(c->args[i]));  // flags, mask, offset, stride, miss index
      Handle<Expression> ray = expr(c->args[6]);
      for (uint32_t field : {0u, 1u, 2u, 3u})
        ops.push_back(fb_->accessIndex(ray, field));  // Origin TMin Direction TMax
      LValue payload = lvalue(c->args[7]);
      Handle<ir::GlobalVariable> g = rtVariable(kRayPayload, c->args[7]->type, r);
      fb_->setRange(r);
      fb_->store(fb_->global(g), load(payload, r));
      ir::SpirvInstruction in = instruction(spv::Op::OpTraceRayKHR, spv::Op::OpTraceNV);
      for (Handle<Expression> h : ops) in.operands.push_back(idOperand(h));
      in.operands.push_back(variableOperand(g));
      Handle<Expression> res = fb_->spirvInst(std::move(in));
      store(payload, fb_->load(fb_->global(g)), r);
      return res;
    }
    case RtKind::CallShader: {
      Handle<Expression> index = expr(c->args[0]);
      LValue data = lvalue(c->args[1]);
      Handle<ir::GlobalVariable> g = rtVariable(kCallableData, c->args[1]->type, r);
      fb_->setRange(r);
      fb_->store(fb_->global(g), load(data, r));
      ir::SpirvInstruction in = instruction(spv::Op::OpExecuteCallableKHR, spv::Op::OpExecuteCallableNV);
      in.operands.push_back(idOperand(index));
      in.operands.push_back(variableOperand(g));
      Handle<Expression> res = fb_->spirvInst(std::move(in));
      store(data, fb_->load(fb_->global(g)), r);
      return res;
    }
    case RtKind::ReportHit: {
      Handle<Expression> t = expr(c->args[0]), kind = expr(c->args[1]), attributes = expr(c->args[2]);
      Handle<ir::GlobalVariable> g = rtVariable(kHitAttribute, c->args[2]->type, r);
      fb_->setRange(r);
      fb_->store(fb_->global(g), attributes);
      ir::SpirvInstruction in = instruction(spv::Op::OpReportIntersectionKHR, spv::Op::OpReportIntersectionNV);
      in.operands.push_back(idOperand(t));
      in.operands.push_back(idOperand(kind));
      in.resultType = ty.scalar(ir::Scalar::boolean());
      in.hasResult = true;
      return fb_->spirvInst(std::move(in));
    }
    case RtKind::IgnoreHit:
    case RtKind::AcceptHitAndEndSearch: {
      bool ignore = op.kind == RtKind::IgnoreHit;
      fb_->setRange(r);
      return fb_->spirvInst(instruction(ignore ? spv::Op::OpIgnoreIntersectionKHR : spv::Op::OpTerminateRayKHR,
                                        ignore ? spv::Op::OpIgnoreIntersectionNV : spv::Op::OpTerminateRayNV));
    }
  }
  internal(r, "unknown ray tracing intrinsic");
}

}  // namespace oneshader::lower
