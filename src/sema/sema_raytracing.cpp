// Sema: the built-in names of DirectX Raytracing that DXC declares for every shader (its
// gen_intrin_main.txt and the DXR spec): the RAY_FLAG_* / COMMITTED_* / CANDIDATE_* /
// HIT_KIND_* constants, the RayDesc and BuiltInTriangleIntersectionAttributes structs, the
// RayQuery<FLAGS[, FLAGS2]> object type and its methods (the table in rayquery.def); the
// ray tracing pipeline's intrinsics (rtpipeline.def) and entry point signatures.
// Lowering: lower_raytracing.cpp.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

namespace {
struct RtConstant {
  const char* name;
  uint32_t value;
};
// The DXR spec's values (D3D12_RAY_FLAG_*, D3D12_COMMITTED_STATUS, D3D12_CANDIDATE_TYPE,
// D3D12_HIT_KIND_*), all uint as in DXC.
constexpr RtConstant kRtConstants[] = {
    {"RAY_FLAG_NONE", 0x0},
    {"RAY_FLAG_FORCE_OPAQUE", 0x1},
    {"RAY_FLAG_FORCE_NON_OPAQUE", 0x2},
    {"RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x4},
    {"RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x8},
    {"RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10},
    {"RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20},
    {"RAY_FLAG_CULL_OPAQUE", 0x40},
    {"RAY_FLAG_CULL_NON_OPAQUE", 0x80},
    {"RAY_FLAG_SKIP_TRIANGLES", 0x100},
    {"RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200},
    {"RAY_FLAG_FORCE_OPACITY_MICROMAP_2_STATE", 0x400},
    {"RAYQUERY_FLAG_NONE", 0x0},
    {"RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS", 0x1},
    {"COMMITTED_NOTHING", 0},
    {"COMMITTED_TRIANGLE_HIT", 1},
    {"COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2},
    {"CANDIDATE_NON_OPAQUE_TRIANGLE", 0},
    {"CANDIDATE_PROCEDURAL_PRIMITIVE", 1},
    {"HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE},
    {"HIT_KIND_TRIANGLE_BACK_FACE", 0xFF},
};
// declareRayTracingConstant's filter: every name is at least this long and starts with one
// of R, C, H.
constexpr size_t kRtMinLength = [] {
  size_t m = ~size_t(0);
  for (const RtConstant& c : kRtConstants) m = std::min(m, std::string_view(c.name).size());
  return m;
}();
constexpr bool kRtFirstLetters = [] {
  for (const RtConstant& c : kRtConstants)
    if (c.name[0] != 'R' && c.name[0] != 'C' && c.name[0] != 'H') return false;
  return true;
}();
static_assert(kRtFirstLetters, "declareRayTracingConstant filters on the first letter");

enum class RqResult : uint8_t { Void, Bool, Uint, Float, Float2, Float3, Float4x3, Float3x4 };
enum class RqArgs : uint8_t { None, Trace, Float };
struct RqInfo {
  const char* name;
  RqResult result;
  RqArgs args;
};
constexpr RqInfo kRayQueryMethods[] = {
#define RAYQUERY_METHOD(id, name, op, isect, result, args) {name, RqResult::result, RqArgs::args},
#include "sema/rayquery.def"
#undef RAYQUERY_METHOD
};
}  // namespace

const char* rayQueryMethodName(RayQueryMethod m) {
  return uint32_t(m) < uint32_t(RayQueryMethod::Count) ? kRayQueryMethods[uint32_t(m)].name : "?";
}

void SemaImpl::declareRayTracingConstantsLazily() {
  globalScope->declareOnMiss = [](void* user, Scope& s, Ident n) {
    return static_cast<SemaImpl*>(user)->declareRayTracingConstant(s, n);
  };
  globalScope->declareOnMissUser = this;
}

// Called for each name the global scope does not hold: most are not ray-tracing constants,
// so the first letter and the length are checked before the names are compared.
bool SemaImpl::declareRayTracingConstant(Scope& s, Ident n) {
  std::string_view name = n.str();
  if (name.size() < kRtMinLength || (name[0] != 'R' && name[0] != 'C' && name[0] != 'H')) return false;
  for (const RtConstant& c : kRtConstants) {
    if (name != c.name) continue;
    auto* v = ctx.make<VarDecl>();
    v->name = n;
    v->storage = SF_Static | SF_Const;
    v->type = types.uintType();
    checkedDecls.insert(v);
    ConstValue cv;
    cv.kind = ConstValue::Kind::Uint;
    cv.u = c.value;
    cv.i = c.value;
    constVars[v] = cv;
    s.add(v->name, v);
    return true;
  }
  return false;
}

const Type* SemaImpl::rayTracingStruct(std::string_view name) {
  struct FieldSpec {
    const char* name;
    uint32_t size;  // float vector size (1: float)
  };
  // DXR: struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; };
  //      struct BuiltInTriangleIntersectionAttributes { float2 barycentrics; };
  static constexpr FieldSpec kRayDesc[] = {{"Origin", 3}, {"TMin", 1}, {"Direction", 3}, {"TMax", 1}};
  static constexpr FieldSpec kAttributes[] = {{"barycentrics", 2}};
  const Type** slot = nullptr;
  std::span<const FieldSpec> specs;
  if (name == "RayDesc") {
    slot = &rayDescType_;
    specs = kRayDesc;
  } else if (name == "BuiltInTriangleIntersectionAttributes") {
    slot = &triangleAttributesType_;
    specs = kAttributes;
  } else {
    return nullptr;
  }
  if (*slot) return *slot;
  auto* sd = ctx.make<StructDecl>();
  sd->name = ctx.ident(name);
  sd->isDefinition = true;
  const Type* t = types.structType(sd, std::string(name));
  std::vector<StructField> fields;
  std::vector<FieldDecl*> decls;
  for (const FieldSpec& f : specs) {
    auto* fd = ctx.make<FieldDecl>();
    fd->name = ctx.ident(f.name);
    fd->parent = sd;
    fd->index = uint32_t(fields.size());
    fd->type = f.size == 1 ? types.floatType() : types.vector(types.floatType(), f.size);
    checkedDecls.insert(fd);
    decls.push_back(fd);
    fields.push_back(StructField{fd->name, fd->type, fd});
  }
  sd->fields = ctx.copy(decls);
  sd->type = t;
  types.setStructFields(t, std::move(fields));
  *slot = t;
  return t;
}

// RayQuery<FLAGS[, FLAGS2]>: both constant uints (FLAGS2: RAYQUERY_FLAG_*, SM 6.9).
const Type* SemaImpl::resolveRayQueryType(TypeSpec* ts) {
  auto args = ts->templateArgs;
  if (!ts->hasTemplateArgs || args.empty() || args.size() > 2) {
    error(DiagId::ExpectedToken, ts->range, {"one or two constant template arguments for 'RayQuery'"});
    return types.errorType();
  }
  uint32_t flags[2] = {0, 0};
  for (size_t i = 0; i < args.size(); ++i) {
    Expr* e = args[i].expr;
    if (!e) {
      error(DiagId::ExpectedToken, ts->range, {"a constant template argument for 'RayQuery'"});
      return types.errorType();
    }
    if (checkExpr(e)->isError()) return types.errorType();
    args[i].expr = e;
    ConstValue v = eval(e);
    if (!v.valid() || v.asInt() < 0 || v.asInt() > 0xffffffffll) {
      error(DiagId::InvalidAttributeArg, e->range, {"RayQuery", "expected a constant ray flags value"});
      return types.errorType();
    }
    flags[i] = uint32_t(v.asInt());
  }
  return types.rayQuery(flags[0], flags[1]);
}

const Type* SemaImpl::checkRayQueryMethod(CallExpr* e, const Type* ot) {
  std::string mname(e->name.str());
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  uint32_t id = 0;
  while (id < uint32_t(RayQueryMethod::Count) && mname != kRayQueryMethods[id].name) ++id;
  if (id == uint32_t(RayQueryMethod::Count)) {
    error(DiagId::NoMember, nr, {mname, typeName(ot)});
    return types.errorType();
  }
  const RqInfo& info = kRayQueryMethods[id];
  auto args = e->args;
  size_t want = info.args == RqArgs::Trace ? 4 : info.args == RqArgs::Float ? 1 : 0;
  if (args.size() != want) {
    error(DiagId::WrongArgCount, nr, {mname, std::to_string(want), std::to_string(args.size())});
    return types.errorType();
  }
  bool ok = true;
  if (info.args == RqArgs::Trace) {
    const Type* as = asValueTypeOf(args[0]->type);
    if (!as->isResource() || as->resourceKind() != ResourceKind::RaytracingAccelerationStructure) {
      error(DiagId::TypeMismatch, args[0]->range, {typeName(args[0]->type), "RaytracingAccelerationStructure"});
      ok = false;
    }
    ok = convert(args[1], types.uintType()) && ok;
    ok = convert(args[2], types.uintType()) && ok;
    ok = convert(args[3], rayTracingStruct("RayDesc")) && ok;
  } else if (info.args == RqArgs::Float) {
    ok = convert(args[0], types.floatType());
  }
  if (!ok) return types.errorType();
  if (ot->rayQueryFlags2() != 0)
    notSupported("RayQuery with RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS (SPV_EXT_opacity_micromap)", e->range);
  e->intrinsic = kRayQueryMethodFirst + id;
  const Type* f = types.floatType();
  switch (info.result) {
    case RqResult::Void: return types.voidType();
    case RqResult::Bool: return types.boolType();
    case RqResult::Uint: return types.uintType();
    case RqResult::Float: return f;
    case RqResult::Float2: return types.vector(f, 2);
    case RqResult::Float3: return types.vector(f, 3);
    case RqResult::Float4x3: return types.matrix(f, 4, 3);
    case RqResult::Float3x4: return types.matrix(f, 3, 4);
  }
  return types.errorType();
}

// ---------------------------------------------------------------- ray tracing pipeline

namespace {
enum class RtKind : uint8_t { SystemValue, TraceRay, ReportHit, CallShader, IgnoreHit, AcceptHitAndEndSearch };
enum class RtResult : uint8_t { Void, Bool, Uint, Uint3, Float, Float3, Float3x4, Float4x3 };
// The stage bits of rtpipeline.def's Stages column.
constexpr uint8_t RG = 1, IS = 2, AH = 4, CH = 8, MS = 16, CA = 32;
struct RtInfo {
  const char* name;
  RtKind kind;
  RtResult result;
  uint8_t stages;
};
constexpr RtInfo kRtIntrinsics[] = {
#define RT_INTRINSIC(id, name, kind, result, builtin, stages) {name, RtKind::kind, RtResult::result, stages},
#include "sema/rtpipeline.def"
#undef RT_INTRINSIC
};

uint8_t rtStageBit(Stage s) {
  switch (s) {
    case Stage::RayGeneration: return RG;
    case Stage::Intersection: return IS;
    case Stage::AnyHit: return AH;
    case Stage::ClosestHit: return CH;
    case Stage::Miss: return MS;
    case Stage::Callable: return CA;
    default: return 0;
  }
}
}  // namespace

const char* rtIntrinsicName(RtIntrinsic i) {
  return uint32_t(i) < uint32_t(RtIntrinsic::Count) ? kRtIntrinsics[uint32_t(i)].name : "?";
}

int SemaImpl::rtIntrinsicIndex(std::string_view name) {
  for (uint32_t i = 0; i < uint32_t(RtIntrinsic::Count); ++i)
    if (name == kRtIntrinsics[i].name) return int(i);
  return -1;
}

// TraceRay, ReportHit, CallShader, IgnoreHit, AcceptHitAndEndSearch and the system values
// (DXR's signatures). The stage is checked per entry point (checkRtStages).
const Type* SemaImpl::checkRtIntrinsic(CallExpr* e, uint32_t index) {
  const RtInfo& info = kRtIntrinsics[index];
  std::string name = info.name;
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  auto args = e->args;
  size_t want = info.kind == RtKind::TraceRay     ? 8
                : info.kind == RtKind::ReportHit  ? 3
                : info.kind == RtKind::CallShader ? 2
                                                  : 0;
  if (args.size() != want) {
    error(DiagId::WrongArgCount, nr, {name, std::to_string(want), std::to_string(args.size())});
    return types.errorType();
  }
  // A payload, hit attributes or callable data: a user-defined struct (an l-value where the
  // parameter is inout: the callee's writes come back to it).
  auto structArg = [&](Expr* a, const char* role, const char* param, bool inout) {
    if (a->type->isError()) return false;
    if (!a->type->isStruct()) {
      error(DiagId::RayTracingStructArg, a->range, {std::string(role) + " of '" + name + "'", typeName(a->type)});
      return false;
    }
    if (inout && !a->isLValue) {
      error(DiagId::OutArgNotLValue, a->range, {"inout", param});
      return false;
    }
    return true;
  };
  bool ok = true;
  switch (info.kind) {
    case RtKind::TraceRay: {
      const Type* as = asValueTypeOf(args[0]->type);
      if (!as->isResource() || as->resourceKind() != ResourceKind::RaytracingAccelerationStructure) {
        error(DiagId::TypeMismatch, args[0]->range, {typeName(args[0]->type), "RaytracingAccelerationStructure"});
        ok = false;
      }
      for (size_t i = 1; i <= 5; ++i) ok = convert(args[i], types.uintType()) && ok;
      ok = convert(args[6], rayTracingStruct("RayDesc")) && ok;
      ok = structArg(args[7], "the payload", "Payload", true) && ok;
      break;
    }
    case RtKind::ReportHit:
      ok = convert(args[0], types.floatType()) && ok;
      ok = convert(args[1], types.uintType()) && ok;
      ok = structArg(args[2], "the attributes", "Attributes", false) && ok;
      break;
    case RtKind::CallShader:
      ok = convert(args[0], types.uintType()) && ok;
      ok = structArg(args[1], "the parameter", "Parameter", true) && ok;
      break;
    default: break;
  }
  if (!ok) return types.errorType();
  e->intrinsic = kRtIntrinsicFirst + index;
  if (fnCtx && fnCtx->fn) rtUses.push_back({fnCtx->fn, index, nr});
  const Type* f = types.floatType();
  switch (info.result) {
    case RtResult::Void: return types.voidType();
    case RtResult::Bool: return types.boolType();
    case RtResult::Uint: return types.uintType();
    case RtResult::Uint3: return types.vector(types.uintType(), 3);
    case RtResult::Float: return f;
    case RtResult::Float3: return types.vector(f, 3);
    case RtResult::Float3x4: return types.matrix(f, 3, 4);
    case RtResult::Float4x3: return types.matrix(f, 4, 3);
  }
  return types.errorType();
}

// Each pipeline intrinsic in the functions entry point `ep` reaches must be one of its
// stage's (DXC's SPIR-V.rst tables; OSH0028 elsewhere, compute and pixel shaders too).
void SemaImpl::checkRtStages(const EntryPoint& ep, const std::unordered_set<FunctionDecl*>& reached) {
  for (const RtUse& u : rtUses)
    if (reached.count(u.fn) && !(kRtIntrinsics[u.index].stages & rtStageBit(ep.stage)))
      error(DiagId::InvalidIntrinsicStage, u.range, {kRtIntrinsics[u.index].name, stageName(ep.stage)});
}

// The entry point of a ray tracing stage (DXC's SPIR-V.rst "Raytracing Shader Stages"):
// void; raygeneration and intersection take nothing; anyhit and closesthit an inout ray
// payload and an in hit-attributes struct; miss an inout payload; callable inout callable
// data. Semantics play no part.
void SemaImpl::checkRayTracingEntry(const EntryPoint& ep) {
  FunctionDecl* f = ep.decl;
  SourceRange nr = f->nameRange.valid() ? f->nameRange : f->range;
  std::string stage = stageName(ep.stage);
  auto bad = [&](SourceRange r, const std::string& what) { error(DiagId::RayTracingEntry, r, {stage, ep.name, what}); };
  if (f->returnType && !f->returnType->isVoid() && !f->returnType->isError()) bad(nr, "must return void");
  // Its payload parameter is its Incoming* variable (lowering), so no other function may
  // call it as a function.
  for (const CallSite& cs : callSites) {
    FunctionDecl* callee = cs.callee;
    if (auto it = definitionOf.find(callee); it != definitionOf.end()) callee = it->second;
    if (callee == f)
      error(DiagId::NotSupportedYet, cs.range,
            {"calling the " + stage + " entry point '" + ep.name + "' from a function"});
  }
  const char* roles[2] = {nullptr, nullptr};
  switch (ep.stage) {
    case Stage::AnyHit:
    case Stage::ClosestHit:
      roles[0] = "the ray payload";
      roles[1] = "the hit attributes";
      break;
    case Stage::Miss: roles[0] = "the ray payload"; break;
    case Stage::Callable: roles[0] = "the callable data"; break;
    default: break;
  }
  size_t want = roles[1] ? 2 : roles[0] ? 1 : 0;
  if (f->params.size() != want) {
    bad(nr, want == 0   ? "takes no parameters"
            : want == 1 ? std::string("takes one parameter: inout <struct> (") + roles[0] + ")"
                        : "takes two parameters: inout <struct> (the ray payload), in <struct> (the hit attributes)");
    return;
  }
  for (size_t i = 0; i < want; ++i) {
    ParamDecl* p = f->params[i];
    std::string pn = "parameter '" + std::string(p->name.str()) + "' (" + roles[i] + ")";
    bool inout = i == 0;
    if (p->type && !p->type->isError() && !p->type->isStruct())
      bad(p->range, pn + " must be a user-defined struct, not '" + typeName(p->type) + "'");
    else if (inout && p->dir != ParamDir::InOut)
      bad(p->range, pn + " must be inout");
    else if (!inout && p->dir != ParamDir::In && p->dir != ParamDir::None)
      bad(p->range, pn + " must be in");
  }
}

// [[vk::shader_record_ext]] / [[vk::shader_record_nv]] (DXC's SPIR-V.rst "Shader Record
// Buffer"): a ConstantBuffer<struct> in the ShaderRecordBufferKHR storage class with the
// push-constant block's layout (std430) and no binding.
void SemaImpl::checkShaderRecord(VarDecl* v, const Attribute* a, GlobalVar& g) {
  const Type* t = v->type;
  if (!t || t->isError()) return;
  std::string spelled =
      a->semaId == uint16_t(AttrId::VkShaderRecordNV) ? "[[vk::shader_record_nv]]" : "[[vk::shader_record_ext]]";
  if (!t->isResource() || t->resourceKind() != ResourceKind::ConstantBuffer || !t->elementType() ||
      !t->elementType()->isStruct()) {
    attrDiag(DiagId::AttributeSubject, a->range, {spelled, "ConstantBuffer<struct> globals"});
    return;
  }
  if (findAttr(v->attributes, AttrId::VkBinding)) {
    attrDiag(DiagId::AttributeConflict, a->range, {spelled, "[[vk::binding]]"});
    return;
  }
  g.kind = GlobalKind::PushConstant;
  g.shaderRecord = true;
}

}  // namespace oneshader::sema
