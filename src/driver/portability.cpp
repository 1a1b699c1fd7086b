#include "driver/portability.hpp"

#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "intrinsics/intrinsics.hpp"
#include "sema/attributes.hpp"
#include "syntax/ast_walk.hpp"

namespace oneshader::driver {
namespace {

using namespace ast;

// Calls fn(entry point, function) for every function an entry point reaches (its call graph
// and itself), each function once however many entry points reach it.
template <class Fn>
void forEachReachedFunction(const sema::Program& program, Fn&& fn) {
  std::unordered_set<const FunctionDecl*> done;
  for (const sema::EntryPoint& ep : program.entryPoints) {
    std::vector<const FunctionDecl*> fns(ep.callGraph.begin(), ep.callGraph.end());
    if (ep.decl) fns.push_back(ep.decl);
    for (const FunctionDecl* f : fns)
      if (f && done.insert(f).second) fn(ep, f);
  }
}

bool isPartitioned(uint32_t id) {
  if (id >= static_cast<uint32_t>(IntrinsicId::Count)) return false;
  return intrinsicInfo(static_cast<IntrinsicId>(id)).subgroupFeature & SubgroupPartitionedNV;
}

// Collects, in a function body, the calls and references the checks below look at.
class Finder {
 public:
  std::vector<const CallExpr*> calls;           // partitioned wave operations
  std::vector<const CallExpr*> rayCalls;        // ray tracing operations (RayQuery methods, ...)
  std::vector<const CallExpr*> interpolations;  // EvaluateAttribute*, GetAttributeAtVertex
  std::vector<const CallExpr*> userCalls;       // calls of user functions (callee set)
  std::vector<const DeclRefExpr*> refs;
  std::vector<const VarDecl*> locals;

  void stmt(const Stmt* s) {
    AstWalk walk{[&](const Expr* e) { see(e); }, [&](const VarDecl* v) { locals.push_back(v); }};
    walk.stmt(s);
  }

 private:
  void see(const Expr* e) {
    if (const auto* c = dyn_cast<CallExpr>(e)) {
      if (isPartitioned(c->intrinsic)) calls.push_back(c);
      if (sema::isRayQueryMethod(c->intrinsic) || sema::isRtIntrinsic(c->intrinsic)) rayCalls.push_back(c);
      if (c->intrinsic == uint32_t(IntrinsicId::EvaluateAttributeAtSample) ||
          c->intrinsic == uint32_t(IntrinsicId::EvaluateAttributeCentroid) ||
          c->intrinsic == uint32_t(IntrinsicId::EvaluateAttributeSnapped) ||
          c->intrinsic == uint32_t(IntrinsicId::GetAttributeAtVertex))
        interpolations.push_back(c);
      if (c->callee || sema::isVkBuiltin(c->intrinsic)) userCalls.push_back(c);
    } else if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
      refs.push_back(r);
    }
  }
};

bool hasAttr(std::span<Attribute*> attrs, sema::AttrId id) {
  for (const Attribute* a : attrs)
    if (a && !a->invalid && a->semaId == uint16_t(id)) return true;
  return false;
}

bool isCapabilityAttr(const Attribute* a) {
  return a && !a->invalid &&
         (a->semaId == uint16_t(sema::AttrId::VkExtCapability) || a->semaId == uint16_t(sema::AttrId::VkExtExtension));
}

}  // namespace

void checkInlineSpirv(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags) {
  struct Target {
    DiagId error, warning;
  };
  std::vector<Target> lacking;
  for (auto t : targets) {
    if (t == CompileTarget::Msl) lacking.push_back({DiagId::MslInlineSpirv, DiagId::MslInlineSpirvNoEffect});
    if (t == CompileTarget::Wgsl) lacking.push_back({DiagId::WgslInlineSpirv, DiagId::WgslInlineSpirvNoEffect});
  }
  if (lacking.empty()) return;
  // One diagnostic per call site or declaration, however many entry points reach it.
  std::unordered_set<const Decl*> warned;
  // A declaration that changes the SPIR-V of its variable (decorations, storage class,
  // built-in, vk::ext_result_id) has no MSL / WGSL form: the error at the declaration.
  auto rejectDecl = [&](const Decl* d) -> bool {
    const char* what = nullptr;
    for (const Attribute* a : d->attributes) {
      if (!a || a->invalid) continue;
      switch (sema::AttrId(a->semaId)) {
        case sema::AttrId::VkExtDecorate: what = "[[vk::ext_decorate]]"; break;
        case sema::AttrId::VkExtDecorateId: what = "[[vk::ext_decorate_id]]"; break;
        case sema::AttrId::VkExtDecorateString: what = "[[vk::ext_decorate_string]]"; break;
        case sema::AttrId::VkExtStorageClass: what = "[[vk::ext_storage_class]]"; break;
        case sema::AttrId::VkExtBuiltinInput: what = "[[vk::ext_builtin_input]]"; break;
        case sema::AttrId::VkExtBuiltinOutput: what = "[[vk::ext_builtin_output]]"; break;
        default: break;
      }
      if (what) break;
    }
    const auto* v = dyn_cast<VarDecl>(d);
    const TypeSpec* ts = v ? v->typeSpec : nullptr;
    bool resultId =
        ts && ts->qualifiers.size() == 1 && ts->qualifiers[0].str() == "vk" && ts->name.str() == "ext_result_id";
    // A vk::BufferPointer (a PhysicalStorageBuffer pointer) or an inline SPIR-V type
    // (vk::SpirvType / vk::SpirvOpaqueType) anywhere in the declaration's type.
    const sema::Type* inlineType = nullptr;
    std::unordered_set<const sema::Type*> seen;
    std::function<bool(const sema::Type*)> hasPointer = [&](const sema::Type* t) -> bool {
      if (!t || !seen.insert(t).second) return false;
      if (t->isBufferPointer() || t->isSpirvType()) return inlineType = t, true;
      if (t->isArray() || t->isResource()) return hasPointer(t->elementType());
      if (t->isStruct())
        for (const sema::StructField& f : t->fields())
          if (hasPointer(f.type)) return true;
      return false;
    };
    const sema::Type* declType = v ? v->type : nullptr;
    if (const auto* p = dyn_cast<ParamDecl>(d)) declType = p->type;
    bool pointer = !what && !resultId && hasPointer(declType);
    if (!what && !resultId && !pointer) return false;
    if (!warned.insert(d).second) return true;
    std::string typeText = !pointer ? std::string()
                           : inlineType->isBufferPointer()
                               ? std::string("a vk::BufferPointer type (a SPIR-V physical storage pointer)")
                               : "the inline SPIR-V type '" + inlineType->toString() + "'";
    std::string text = "'" + std::string(d->name.str()) + "' is declared with " +
                       (what      ? std::string(what)
                        : pointer ? typeText
                                  : std::string("type vk::ext_result_id"));
    for (const Target& t : lacking) diags.report(t.error, d->nameRange.valid() ? d->nameRange : d->range, {text});
    return true;
  };
  // ext_capability / ext_extension alone: a warning at each attribute.
  auto warnAttrs = [&](const Decl* d) {
    if (!warned.insert(d).second) return;
    for (const Attribute* a : d->attributes) {
      if (!isCapabilityAttr(a)) continue;
      std::string what =
          a->semaId == uint16_t(sema::AttrId::VkExtCapability) ? "[[vk::ext_capability]]" : "[[vk::ext_extension]]";
      for (const Target& t : lacking) diags.report(t.warning, a->range, {what});
    }
  };
  // The fields of the structs a used variable holds (ext_decorate, ext_capability and
  // ext_extension on a field).
  std::unordered_set<const sema::Type*> structsSeen;
  std::function<void(const sema::Type*)> rejectFields = [&](const sema::Type* t) {
    while (t && t->isArray()) t = t->elementType();
    if (t && t->isResource()) t = t->elementType();
    while (t && t->isArray()) t = t->elementType();
    if (!t || !t->isStruct() || !structsSeen.insert(t).second) return;
    for (const sema::StructField& f : t->fields()) {
      if (f.decl && !rejectDecl(f.decl)) warnAttrs(f.decl);
      rejectFields(f.type);
    }
  };
  auto warnCapabilities = [&](const Decl* d) {
    if (const auto* v = dyn_cast<VarDecl>(d)) rejectFields(v->type);
    if (rejectDecl(d)) return;
    warnAttrs(d);
  };
  forEachReachedFunction(program, [&](const sema::EntryPoint& ep, const FunctionDecl* f) {
    if (hasAttr(f->attributes, sema::AttrId::VkExtInstruction)) return;  // reported at its calls
    warnCapabilities(f);
    for (const ParamDecl* p : f->params) warnCapabilities(p);
    Finder finder;
    finder.stmt(f->body);
    if (f == ep.decl)
      for (const Attribute* a : f->attributes)
        if (a && !a->invalid && a->semaId == uint16_t(sema::AttrId::VkSpvExecutionMode))
          for (const Target& t : lacking)
            diags.report(t.error, a->range, {"[[vk::spvexecutionmode]] is a SPIR-V execution mode"});
    for (const CallExpr* c : finder.userCalls) {
      if (sema::isVkBuiltin(c->intrinsic)) {
        std::string name = std::string("vk::") + sema::vkBuiltinName(c->intrinsic);
        bool mode = sema::VkBuiltin(c->intrinsic) == sema::VkBuiltin::ExtExecutionMode ||
                    sema::VkBuiltin(c->intrinsic) == sema::VkBuiltin::ExtExecutionModeId;
        for (const Target& t : lacking)
          diags.report(t.error, c->range,
                       {"'" + name + "' is " + (mode ? "a SPIR-V execution mode" : "a SPIR-V built-in")});
        continue;
      }
      const FunctionDecl* g = c->callee;
      if (!hasAttr(g->attributes, sema::AttrId::VkExtInstruction)) continue;
      for (const Target& t : lacking) {
        Diagnostic& d = diags.report(t.error, c->range,
                                     {"'" + std::string(g->name.str()) + "' is a [[vk::ext_instruction]] function"});
        d.notes.push_back({g->nameRange.valid() ? g->nameRange : g->range, "declared here"});
      }
    }
    for (const VarDecl* v : finder.locals) warnCapabilities(v);
    for (const DeclRefExpr* r : finder.refs)
      if (r->decl && (r->decl->kind == DeclKind::Var)) warnCapabilities(r->decl);
  });
}

void checkPartitionedWaveOps(const sema::Program& program, const std::vector<CompileTarget>& targets,
                             DiagEngine& diags) {
  std::vector<const char*> lacking;
  for (auto t : targets) {
    if (t == CompileTarget::Msl) lacking.push_back("MSL");
    if (t == CompileTarget::Wgsl) lacking.push_back("WGSL");
  }
  if (lacking.empty()) return;
  // A helper reached from several entry points is reported once.
  forEachReachedFunction(program, [&](const sema::EntryPoint&, const FunctionDecl* f) {
    Finder finder;
    finder.stmt(f->body);
    for (const CallExpr* c : finder.calls) {
      std::string name(c->name.str());
      for (const char* target : lacking) {
        Diagnostic& d = diags.report(DiagId::NonPortableWave, c->range, {name, target});
        d.suggestions.push_back("build the groups with WaveActiveBallot and WaveReadLaneFirst in a loop");
      }
    }
  });
}

// OSH4130 / OSH5130: geometry, hull, domain, mesh and amplification entry points exist only
// in SPIR-V. One error per entry point and text target, at the entry point's name.
void checkStages(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags) {
  for (const sema::EntryPoint& ep : program.entryPoints) {
    const char* stage = nullptr;
    switch (ep.stage) {
      case sema::Stage::Geometry: stage = "geometry"; break;
      case sema::Stage::Hull: stage = "hull"; break;
      case sema::Stage::Domain: stage = "domain"; break;
      case sema::Stage::Mesh: stage = "mesh"; break;
      case sema::Stage::Amplification: stage = "amplification"; break;
      default: break;
    }
    if (!stage || !ep.decl) continue;
    SourceRange r = ep.decl->nameRange.valid() ? ep.decl->nameRange : ep.decl->range;
    for (auto t : targets) {
      if (t == CompileTarget::Msl) diags.report(DiagId::MslShaderStage, r, {stage, ep.name});
      if (t == CompileTarget::Wgsl) diags.report(DiagId::WgslShaderStage, r, {stage, ep.name});
    }
  }
}

// Ray tracing has no WGSL form, and Metal's is another model that is not mapped yet: a
// coded error at each use (a ray tracing stage's entry point, a RayQuery method call, a
// pipeline intrinsic, a RayQuery variable, a reference to an acceleration structure), once
// per construct however many entry points reach it.
void checkRayTracing(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags) {
  std::vector<DiagId> lacking;
  for (auto t : targets) {
    if (t == CompileTarget::Msl) lacking.push_back(DiagId::MslRayTracing);
    if (t == CompileTarget::Wgsl) lacking.push_back(DiagId::WgslRayTracing);
  }
  if (lacking.empty()) return;
  std::unordered_set<const FunctionDecl*> done;
  std::unordered_set<const void*> reported;
  auto report = [&](const void* key, SourceRange r, const std::string& what) {
    if (!reported.insert(key).second) return;
    for (DiagId id : lacking) diags.report(id, r, {what});
  };
  // [[vk::shader_record_ext]] buffers, by their declaration (a cbuffer: each member's).
  std::unordered_map<const void*, const sema::GlobalVar*> records;
  for (const sema::GlobalVar& g : program.globals) {
    if (!g.shaderRecord) continue;
    if (g.decl) records[g.decl] = &g;
    for (const VarDecl* m : g.members) records[m] = &g;
  }
  auto isAccel = [](const sema::Type* t) {
    while (t && t->isArray()) t = t->elementType();
    return t && t->isResource() && t->resourceKind() == sema::ResourceKind::RaytracingAccelerationStructure;
  };
  for (const sema::EntryPoint& ep : program.entryPoints) {
    if (ep.decl && sema::isRayTracingStage(ep.stage))
      report(ep.decl, ep.decl->nameRange.valid() ? ep.decl->nameRange : ep.decl->range,
             std::string("the ray tracing pipeline stage '") + sema::stageName(ep.stage) + "' ('" + ep.name + "')");
    std::vector<const FunctionDecl*> fns(ep.callGraph.begin(), ep.callGraph.end());
    if (ep.decl) fns.push_back(ep.decl);
    for (const FunctionDecl* f : fns) {
      if (!f || !done.insert(f).second) continue;
      Finder finder;
      finder.stmt(f->body);
      for (const CallExpr* c : finder.rayCalls)
        report(c, c->range,
               sema::isRtIntrinsic(c->intrinsic)
                   ? "'" + std::string(sema::rtIntrinsicName(sema::rtIntrinsicOf(c->intrinsic))) + "'"
                   : "'RayQuery::" + std::string(sema::rayQueryMethodName(sema::rayQueryMethodOf(c->intrinsic))) + "'");
      for (const VarDecl* v : finder.locals)
        if (v->type && v->type->isRayQuery())
          report(v, v->nameRange.valid() ? v->nameRange : v->range,
                 "the RayQuery variable '" + std::string(v->name.str()) + "'");
      for (const DeclRefExpr* r : finder.refs)
        if (r->decl && isAccel(r->type))
          report(r->decl, r->range, "the acceleration structure '" + std::string(r->decl->name.str()) + "'");
        else if (auto it = r->decl ? records.find(r->decl) : records.end(); it != records.end())
          report(it->second, r->range, "the shader record buffer '" + it->second->name + "'");
    }
  }
}

// `export` on a function asks for SPIR-V linkage (DXC: LinkageAttributes Export and the
// Linkage capability). Vulkan does not allow the Linkage capability (spirv-val refuses
// DXC's module there), and OneShader does not emit linkage yet for the universal
// environment: a coded error either way when SPIR-V is a target, never a module that
// silently lacks the export. MSL and WGSL have no linkage to ask for.
void checkExports(const sema::Program& program, const CompileOptions& options, DiagEngine& diags) {
  bool spirv = false;
  for (auto t : options.targets) spirv |= t == CompileTarget::SpirV;
  if (!spirv) return;
  for (const FunctionDecl* f : program.functions) {
    if (!f || !(f->storage & SF_Export)) continue;
    SourceRange r = f->nameRange.valid() ? f->nameRange : f->range;
    std::string what = "'export' on '" + std::string(f->name.str()) + "'";
    if (options.spirvEnv == SpirvTargetEnv::Universal1_5)
      diags.report(DiagId::NotSupportedYet, r, {what + " (an exported function: SPIR-V LinkageAttributes)"});
    else
      diags.report(DiagId::SpirvUnsupported, r,
                   {what + " (SPIR-V linkage needs the Linkage capability, which Vulkan does not allow)"});
  }
}

void checkInterpolation(const sema::Program& program, const std::vector<CompileTarget>& targets, DiagEngine& diags) {
  bool msl = false, wgsl = false;
  for (auto t : targets) {
    msl |= t == CompileTarget::Msl;
    wgsl |= t == CompileTarget::Wgsl;
  }
  if (!msl && !wgsl) return;
  forEachReachedFunction(program, [&](const sema::EntryPoint&, const FunctionDecl* f) {
    Finder finder;
    finder.stmt(f->body);
    for (const CallExpr* c : finder.interpolations) {
      std::string name = "'" + std::string(intrinsicInfo(IntrinsicId(c->intrinsic)).name) + "'";
      SourceRange r = c->nameRange.valid() ? c->nameRange : c->range;
      bool vertex = c->intrinsic == uint32_t(IntrinsicId::GetAttributeAtVertex);
      if (msl && vertex)
        diags.report(DiagId::MslUnsupported, r,
                     {name + " (per-vertex values of a fragment input; Metal has them after MSL 2.4)"});
      else if (msl)
        diags.report(DiagId::NotSupportedYet, r,
                     {name + " for the MSL target (Metal's interpolant<T> fragment inputs)"});
      if (wgsl)
        diags.report(DiagId::WgslUnsupported, r,
                     {name + (vertex ? " (per-vertex values of a fragment input)"
                                     : " (interpolation at a sample, the centroid or an offset)")});
    }
  });
}

}  // namespace oneshader::driver
