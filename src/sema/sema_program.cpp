// Sema: whole-program checks (recursion, entry points, stages) and the Program result.
#include <algorithm>
#include <unordered_map>

#include "sema/sema_impl.hpp"

namespace oneshader::sema {

const char* stageName(Stage s) {
  switch (s) {
    case Stage::Vertex: return "vertex";
    case Stage::Pixel: return "pixel";
    case Stage::Geometry: return "geometry";
    case Stage::Hull: return "hull";
    case Stage::Domain: return "domain";
    case Stage::Compute: return "compute";
    case Stage::Mesh: return "mesh";
    case Stage::Amplification: return "amplification";
    case Stage::RayGeneration: return "raygeneration";
    case Stage::Intersection: return "intersection";
    case Stage::AnyHit: return "anyhit";
    case Stage::ClosestHit: return "closesthit";
    case Stage::Miss: return "miss";
    case Stage::Callable: return "callable";
    case Stage::Library: return "library";
  }
  return "?";
}

bool stageFromProfile(std::string_view p, Stage& out) {
  auto starts = [&](std::string_view pre) { return p.substr(0, pre.size()) == pre; };
  if (starts("cs_"))
    out = Stage::Compute;
  else if (starts("ps_"))
    out = Stage::Pixel;
  else if (starts("vs_"))
    out = Stage::Vertex;
  else if (starts("gs_"))
    out = Stage::Geometry;
  else if (starts("hs_"))
    out = Stage::Hull;
  else if (starts("ds_"))
    out = Stage::Domain;
  else if (starts("ms_"))
    out = Stage::Mesh;
  else if (starts("as_"))
    out = Stage::Amplification;
  else if (starts("lib_"))
    out = Stage::Library;
  else
    return false;
  return true;
}

bool stageFromName(std::string_view n, Stage& out) {
  static const std::pair<std::string_view, Stage> kNames[] = {
      {"vertex", Stage::Vertex},
      {"pixel", Stage::Pixel},
      {"geometry", Stage::Geometry},
      {"hull", Stage::Hull},
      {"domain", Stage::Domain},
      {"compute", Stage::Compute},
      {"mesh", Stage::Mesh},
      {"amplification", Stage::Amplification},
      {"raygeneration", Stage::RayGeneration},
      {"intersection", Stage::Intersection},
      {"anyhit", Stage::AnyHit},
      {"closesthit", Stage::ClosestHit},
      {"miss", Stage::Miss},
      {"callable", Stage::Callable},
  };
  for (auto& [s, st] : kNames)
    if (s == n) {
      out = st;
      return true;
    }
  return false;
}

// ---------------------------------------------------------------------------
void SemaImpl::checkRecursion() {
  std::unordered_map<FunctionDecl*, std::vector<const CallSite*>> edges;
  for (const auto& cs : callSites) edges[cs.caller].push_back(&cs);
  std::unordered_map<FunctionDecl*, int> color;  // 0 white, 1 on stack, 2 done
  std::vector<const CallSite*> reported;
  // Iterative DFS in declaration order (deterministic).
  for (FunctionDecl* root : functionsInOrder) {
    if (color[root]) continue;
    struct Frame {
      FunctionDecl* f;
      size_t next;
    };
    std::vector<Frame> stack{{root, 0}};
    color[root] = 1;
    while (!stack.empty()) {
      Frame& fr = stack.back();
      auto& out = edges[fr.f];
      if (fr.next < out.size()) {
        const CallSite* cs = out[fr.next++];
        int c = color[cs->callee];
        if (c == 1) {
          error(DiagId::RecursiveCall, cs->range, {std::string(cs->callee->name.str())});
        } else if (c == 0) {
          color[cs->callee] = 1;
          stack.push_back({cs->callee, 0});
        }
      } else {
        color[fr.f] = 2;
        stack.pop_back();
      }
    }
  }
}

static SystemValue systemValueOf(std::string_view s, uint32_t& index) {
  // Semantics are case-insensitive; a trailing number is the index.
  std::string up;
  for (char c : s) up += char(c >= 'a' && c <= 'z' ? c - 32 : c);
  size_t end = up.size();
  while (end > 0 && up[end - 1] >= '0' && up[end - 1] <= '9') --end;
  index = end < up.size() ? uint32_t(std::stoul(up.substr(end))) : 0;
  std::string base = up.substr(0, end);
  if (up == "SV_DISPATCHTHREADID") return SystemValue::DispatchThreadID;
  if (up == "SV_GROUPID") return SystemValue::GroupID;
  if (up == "SV_GROUPTHREADID") return SystemValue::GroupThreadID;
  if (up == "SV_GROUPINDEX") return SystemValue::GroupIndex;
  if (base == "SV_POSITION") return SystemValue::Position;
  if (base == "SV_TARGET") return SystemValue::Target;
  if (up == "SV_VERTEXID") return SystemValue::VertexID;
  if (up == "SV_INSTANCEID") return SystemValue::InstanceID;
  if (up == "SV_ISFRONTFACE") return SystemValue::IsFrontFace;
  if (up == "SV_SAMPLEINDEX") return SystemValue::SampleIndex;
  if (up == "SV_DEPTH") return SystemValue::Depth;
  return SystemValue::None;
}

void SemaImpl::checkEntryPoint(EntryPoint& ep) {
  FunctionDecl* f = ep.decl;
  SourceRange nr = f->nameRange.valid() ? f->nameRange : f->range;
  bool needsThreads = ep.stage == Stage::Compute || ep.stage == Stage::Mesh || ep.stage == Stage::Amplification;
  bool badThreads = false;
  for (const Attribute* a : f->attributes)
    if (a && a->semaId == uint16_t(AttrId::NumThreads) && a->invalid) badThreads = true;
  if (const Attribute* a = findAttr(f->attributes, AttrId::NumThreads)) {
    // The table checked three integer constants or specialization-constant expressions. A
    // dimension may be one [[vk::constant_id]] constant (SPIR-V LocalSizeId / the
    // WorkgroupSize built-in, WGSL @workgroup_size with an override, the host's
    // threadsPerThreadgroup in Metal); its default is checked like a literal count. An
    // expression over specialization constants is refused: a Metal host sets the size itself
    // and reflection can only name the constant that sets a dimension.
    bool ok = true;
    for (int i = 0; i < 3; ++i) {
      const Expr* arg = a->args[i];
      int64_t v = 0;
      if (eval(arg).valid()) {
        v = attrInt(a, i);
      } else {
        const VarDecl* sc = specConstantNamed(arg);
        if (!sc || !arg->type || !arg->type->isIntegral()) {
          error(DiagId::InvalidAttributeArg, arg->range,
                {"numthreads",
                 "a thread count must be an integer constant or one specialization constant, not an "
                 "expression over specialization constants"});
          ok = false;
          continue;
        }
        v = evalSpecDefault(arg).asInt();
        ep.numThreadsSpec[i] = arg;
      }
      if (v < 1 || v > 1024) {
        error(DiagId::InvalidAttributeArg, a->args[i]->range,
              {"numthreads", "thread counts must be between 1 and 1024"});
        ok = false;
      } else {
        ep.numThreads[i] = uint32_t(v);
      }
    }
    if (ok) {
      ep.hasNumThreads = true;
      uint64_t total = uint64_t(ep.numThreads[0]) * ep.numThreads[1] * ep.numThreads[2];
      if (total > 1024 || ep.numThreads[2] > 64)
        error(DiagId::InvalidAttributeArg, a->range, {"numthreads", "at most 1024 threads per group and z <= 64"});
    }
  } else if (needsThreads && !badThreads) {
    error(DiagId::MissingNumThreads, nr, {ep.name});
  }
  checkEntryAttributes(ep);
  if (isRayTracingStage(ep.stage)) checkRayTracingEntry(ep);
  ep.returnSemantic = std::string(f->returnSemantic.str());
  for (ParamDecl* p : f->params) {
    EntryParam epp;
    epp.decl = p;
    epp.semantic = std::string(p->semantic.str());
    epp.sv = systemValueOf(epp.semantic, epp.semanticIndex);
    const Type* t = p->type;
    if (ep.stage == Stage::Compute) {
      SourceRange pr = p->semanticRange.valid() ? p->semanticRange : p->range;
      if (t && !t->isError() && t->isStruct()) {
        notSupported("struct parameters of compute entry points", p->range);
      } else if (epp.semantic.empty()) {
        error(DiagId::MissingSemantic, p->nameRange.valid() ? p->nameRange : p->range,
              {std::string(p->name.str()), ep.name});
      } else if (findAttr(p->attributes, AttrId::VkBuiltin)) {
        // [[vk::builtin]]: the Vulkan built-in whatever the semantic (checked by lowering).
      } else if (epp.sv != SystemValue::DispatchThreadID && epp.sv != SystemValue::GroupID &&
                 epp.sv != SystemValue::GroupThreadID && epp.sv != SystemValue::GroupIndex) {
        error(DiagId::UnknownSemantic, pr, {epp.semantic, "compute"});
      } else if (t && !t->isError()) {
        bool ok;
        auto intLike = [](const Type* c) {
          return c && c->isScalar() && (c->scalarKind() == ScalarKind::Uint || c->scalarKind() == ScalarKind::Int);
        };
        if (epp.sv == SystemValue::GroupIndex)
          ok = intLike(t);
        else
          ok = t->isScalarOrVector() && intLike(t->componentType()) && t->componentCount() <= 3;
        if (!ok) error(DiagId::InvalidEntryParam, pr, {epp.semantic, typeName(t)});
      }
    }
    ep.params.push_back(std::move(epp));
  }
  // Reachable user functions, callees first.
  std::unordered_map<FunctionDecl*, std::vector<FunctionDecl*>> edges;
  for (const auto& cs : callSites) edges[cs.caller].push_back(cs.callee);
  std::unordered_set<FunctionDecl*> seen;
  std::vector<std::pair<FunctionDecl*, size_t>> stack{{f, 0}};
  seen.insert(f);
  // A hull shader's patch constant function runs as part of it (lowering calls it).
  if (ep.stage == Stage::Hull)
    if (const Attribute* a = findAttr(f->attributes, AttrId::PatchConstantFunc))
      if (auto* s = a->args.size() == 1 ? dyn_cast<StringLiteralExpr>(a->args[0]) : nullptr)
        for (FunctionDecl* g : functionsInOrder)
          if (g->body && !g->isMethod && !g->parent && g->name.str() == s->value && !seen.count(g)) {
            seen.insert(g);
            stack.push_back({g, 0});
          }
  while (!stack.empty()) {
    auto& [g, i] = stack.back();
    auto& out = edges[g];
    if (i < out.size()) {
      FunctionDecl* h = out[i++];
      if (!seen.count(h)) {
        seen.insert(h);
        stack.push_back({h, 0});
      }
    } else {
      ep.callGraph.push_back(g);
      stack.pop_back();
    }
  }
  // Constructs not supported yet, in the functions this entry point reaches (one
  // diagnostic per use, however many entry points reach it).
  for (size_t i = 0; i < unsupportedUses.size(); ++i)
    if (seen.count(unsupportedUses[i].fn) && unsupportedReported.insert(i).second)
      error(DiagId::NotSupportedYet, unsupportedUses[i].range, {unsupportedUses[i].what});
  // Attributes not supported yet, in the functions this entry point reaches.
  for (const auto& u : unsupportedInFunction)
    if (seen.count(u.fn)) attrDiag(DiagId::NotSupportedYet, u.range, {unsupportedText(*u.info)});
  for (const auto& p : pendingUnsupported)
    for (FunctionDecl* g : seen) {
      bool mine = false;
      for (const Attribute* a : g->attributes) mine |= a == p.attr;
      for (const ParamDecl* pd : g->params)
        for (const Attribute* a : pd->attributes) mine |= a == p.attr;
      if (mine) attrDiag(DiagId::NotSupportedYet, p.attr->range, {unsupportedText(*p.info)});
    }
  // Stage restrictions of intrinsics.
  for (const auto& use : intrinsicUses) {
    if (!seen.count(use.fn)) continue;
    const IntrinsicInfo& info = intrinsicInfo(use.id);
    bool bad =
        (info.stages == IntrinsicStages::PixelOnly && ep.stage != Stage::Pixel) ||
        (info.stages == IntrinsicStages::PixelCompute && ep.stage != Stage::Pixel && ep.stage != Stage::Compute &&
         ep.stage != Stage::Mesh && ep.stage != Stage::Amplification && ep.stage != Stage::Library);
    if (bad) error(DiagId::InvalidIntrinsicStage, use.range, {std::string(info.name), stageName(ep.stage)});
    // SM 6.6 derivatives in compute, mesh and amplification shaders: the threads form quads
    // by the 1D rule (X a multiple of 4, Y = Z = 1) or the 2D rule (X and Y multiples of
    // 2); any other [numthreads] is invalid (HLSL SM 6.6 "Derivatives").
    bool threads = ep.stage == Stage::Compute || ep.stage == Stage::Mesh || ep.stage == Stage::Amplification;
    if (!bad && threads && ep.hasNumThreads && intrinsicNeedsDerivatives(use.id) && !ep.numThreadsSpec[0] &&
        !ep.numThreadsSpec[1] && !ep.numThreadsSpec[2] && derivativeGroup(ep.numThreads) == DerivativeGroup::None &&
        derivativeShapeReported.insert(&use).second)
      error(DiagId::DerivativeThreadShape, use.range,
            {std::string(info.name), stageName(ep.stage), std::to_string(ep.numThreads[0]),
             std::to_string(ep.numThreads[1]), std::to_string(ep.numThreads[2])});
  }
  checkRtStages(ep, seen);
  if (ep.stage != Stage::Pixel && ep.stage != Stage::Library)
    for (const auto& [fn, range] : discards)
      if (seen.count(fn)) error(DiagId::InvalidIntrinsicStage, range, {"discard", stageName(ep.stage)});
}

void SemaImpl::collectEntryPoints(TranslationUnit* tu) {
  auto defOf = [&](FunctionDecl* f) {
    auto it = definitionOf.find(f);
    return it == definitionOf.end() ? f : it->second;
  };
  bool foundE = false;
  for (FunctionDecl* f : functionsInOrder) {
    if (f->isMethod || f->parent) continue;
    bool isE = !opts.entryPoint.empty() && f->name.str() == opts.entryPoint;
    const Attribute* sh = findAttr(f->attributes, AttrId::Shader);
    if (!opts.entryPoint.empty() && !isE) continue;
    if (!isE && !sh) continue;
    EntryPoint ep;
    ep.decl = defOf(f);
    ep.name = std::string(f->name.str());
    bool haveStage = false;
    if (sh) {
      auto* s = sh->args.size() == 1 ? dyn_cast<StringLiteralExpr>(sh->args[0]) : nullptr;
      if (!s || !stageFromName(s->value, ep.stage)) {
        error(DiagId::InvalidAttributeArg, sh->range, {"shader", "expected a stage name such as \"compute\""});
        continue;
      }
      haveStage = true;
    }
    if (isE) {
      foundE = true;
      Stage ps;
      if (!opts.profile.empty() && stageFromProfile(opts.profile, ps) && ps != Stage::Library) {
        if (haveStage && ps != ep.stage) {
          error(DiagId::InvalidAttributeArg, sh->range,
                {"shader",
                 std::string("stage '") + stageName(ep.stage) + "' conflicts with profile '" + opts.profile + "'"});
        }
        ep.stage = ps;
        haveStage = true;
      } else if (!haveStage) {
        error(DiagId::InvalidOption, f->nameRange,
              {opts.profile.empty()
                   ? "entry point '" + ep.name +
                         "' has no [shader(\"...\")] attribute: give its stage with -T (e.g. -T ps_6_0, cs_6_0) or the "
                         "attribute"
                   : "profile '" + opts.profile +
                         "' does not name a shader stage: use a stage profile such as ps_6_0 for '" + ep.name + "'"});
        continue;
      }
    }
    checkEntryPoint(ep);
    program.entryPoints.push_back(std::move(ep));
  }
  if (!opts.entryPoint.empty() && !foundE) error(DiagId::EntryPointNotFound, SourceRange{}, {opts.entryPoint});
}

void SemaImpl::buildProgram(TranslationUnit* tu) {
  collectEntryPoints(tu);
  // With no entry point nothing narrows what is compiled: every function counts.
  if (program.entryPoints.empty())
    for (size_t i = 0; i < unsupportedUses.size(); ++i)
      if (unsupportedReported.insert(i).second)
        error(DiagId::NotSupportedYet, unsupportedUses[i].range, {unsupportedUses[i].what});
  checkHelperAttributes();
}

}  // namespace oneshader::sema
