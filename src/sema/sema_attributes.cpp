// Sema: every attribute against the table in sema/attributes.def (subjects, arguments,
// handling), and the per-entry-point checks of the attributes that belong to a stage.
#include "base/image_formats.hpp"
#include "sema/attributes.hpp"
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

namespace {
bool isStringArg(const Expr* e) { return e && e->kind == ExprKind::StringLiteral; }
bool isNameArg(const Expr* e) {
  return e && (e->kind == ExprKind::StringLiteral ||
               (e->kind == ExprKind::DeclRef && static_cast<const DeclRefExpr*>(e)->qualifiers.empty()));
}
}  // namespace

std::string SemaImpl::unsupportedText(const AttrInfo& info) {
  return "the " + attrDisplayName(info) + " attribute (" + info.note + ")";
}

const AttrInfo* SemaImpl::attrOf(const Attribute* a) {
  if (!a || a->semaId == Attribute::kUnknownAttr || a->invalid) return nullptr;
  return &attrInfo(AttrId(a->semaId));
}

const Attribute* SemaImpl::findAttr(std::span<Attribute*> attrs, AttrId id) {
  for (auto* a : attrs)
    if (a && a->semaId == uint16_t(id) && !a->invalid) return a;
  return nullptr;
}

void SemaImpl::attrDiag(DiagId id, SourceRange r, std::vector<std::string> args) {
  // A template's attributes are checked again in every instantiation: report each once.
  std::string key = std::to_string(uint32_t(id)) + ":" + std::to_string(r.begin.raw) + ":" + std::to_string(r.end.raw);
  if (attrDiagsSeen.insert(key).second) error(id, r, std::move(args));
}

void SemaImpl::checkAttributes(std::span<Attribute*> attrs, uint32_t subject) {
  for (Attribute* a : attrs) {
    if (!a) continue;
    std::string_view ns = a->ns.str();
    std::string written = ns.empty() ? std::string(a->name.str()) : std::string(ns) + "::" + std::string(a->name.str());
    if (ns == "payload") {
      // Ray payload access qualifiers (`: read(caller) : write(closesthit)`).
      a->invalid = true;
      attrDiag(DiagId::NotSupportedYet, a->range, {"ray payload access qualifiers"});
      continue;
    }
    const AttrInfo* info = findAttribute(ns, a->name.str());
    if (!info) {
      a->invalid = true;
      attrDiag(DiagId::UnknownAttribute, a->range, {written});
      continue;
    }
    a->semaId = uint16_t(info->id);
    std::string shown = attrDisplayName(*info);
    if (!(info->subjects & subject)) {
      a->invalid = true;
      attrDiag(DiagId::AttributeSubject, a->range, {shown, attrSubjectText(info->subjects)});
      continue;
    }
    size_t n = a->args.size();
    if (n < info->minArgs || n > info->maxArgs) {
      a->invalid = true;
      std::string want = info->minArgs == info->maxArgs
                             ? std::to_string(info->minArgs)
                             : std::to_string(info->minArgs) + " to " + std::to_string(info->maxArgs);
      attrDiag(DiagId::WrongArgCount, a->range, {shown, want, std::to_string(n)});
      continue;
    }
    if (isInlineSpirvAttr(info->id)) checkInlineSpirvAttr(a, *info, subject);
    for (size_t i = 0; i < n && !a->invalid && !isInlineSpirvAttr(info->id); ++i) {
      Expr* e = a->args[i];
      switch (info->argKind) {
        case AttrArgKind::None:
        case AttrArgKind::Expr: break;
        case AttrArgKind::Int: {
          if (isStringArg(e)) {
            a->invalid = true;
            attrDiag(DiagId::InvalidAttributeArg, e->range, {shown, "expected an integer constant"});
            break;
          }
          checkExpr(e);
          finalizeLiteral(e);
          a->args[i] = e;
          ConstValue v = eval(e);
          // [numthreads] may name a specialization constant (checkEntryPoint checks which).
          bool specThreads = info->id == AttrId::NumThreads && !v.valid() && isSpecExpr(e);
          if ((!v.valid() || v.kind == ConstValue::Kind::Float) && !specThreads) {
            a->invalid = true;
            attrDiag(DiagId::InvalidAttributeArg, e->range, {shown, "expected an integer constant"});
          }
          break;
        }
        case AttrArgKind::String:
          if (!isStringArg(e)) {
            a->invalid = true;
            attrDiag(DiagId::InvalidAttributeArg, e ? e->range : a->range, {shown, "expected a string literal"});
          }
          break;
        case AttrArgKind::Name:
          if (!isNameArg(e)) {
            a->invalid = true;
            attrDiag(DiagId::InvalidAttributeArg, e ? e->range : a->range, {shown, "expected a name"});
          }
          break;
      }
    }
    if (a->invalid) continue;
    if (info->id == AttrId::VkBuiltin) {
      // DXC's list (SPIR-V.rst "Builtin variables"); lowering maps each name.
      static const char* const kNames[] = {"PointSize", "HelperInvocation", "BaseVertex",    "BaseInstance",
                                           "DrawIndex", "DeviceIndex",      "ViewportMaskNV"};
      std::string_view name = static_cast<const StringLiteralExpr*>(a->args[0])->value;
      bool known = false;
      std::string list;
      for (const char* k : kNames) {
        known |= name == k;
        list += std::string(list.empty() ? "" : ", ") + k;
      }
      if (!known) {
        a->invalid = true;
        attrDiag(DiagId::AttributeValue, a->args[0]->range, {shown, std::string(name), list});
        continue;
      }
    }
    switch (info->handling) {
      case AttrHandling::Effect:
      case AttrHandling::Honored: break;
      case AttrHandling::Ignored: attrDiag(DiagId::AttributeIgnored, a->range, {shown, info->note}); break;
      case AttrHandling::NotSupported:
        // Inside a function (its parameters and statements too) the error belongs to the
        // entry points that reach the function; elsewhere it is reported at once.
        // The message: "the [maxtessfactor] attribute (hull shaders) is not supported yet".
        if (fnCtx && fnCtx->fn) {
          unsupportedInFunction.push_back({fnCtx->fn, a->range, info});
        } else if (subject == AS_Function || subject == AS_Param) {
          pendingUnsupported.push_back({a, info});
        } else {
          attrDiag(DiagId::NotSupportedYet, a->range, {unsupportedText(*info)});
        }
        break;
    }
  }
}

// [[vk::push_constant]] (DXC): a global of struct type or ConstantBuffer<struct>, at most
// one per shader, without [[vk::binding]]; it becomes push-constant memory, not a $Globals
// member.
void SemaImpl::checkPushConstant(VarDecl* v, const Attribute* a, GlobalVar& g) {
  const Type* t = v->type;
  if (!t || t->isError()) return;
  if (t->isBufferPointer()) {  // DXC's own check, before the struct rule
    attrDiag(DiagId::BufferPointerPushConstant, a->range, {});
    return;
  }
  bool cb = t->isResource() && t->resourceKind() == ResourceKind::ConstantBuffer && t->elementType() &&
            t->elementType()->isStruct();
  if ((!t->isStruct() && !cb) || (v->storage & (SF_Static | SF_Groupshared))) {
    attrDiag(DiagId::AttributeSubject, a->range, {"[[vk::push_constant]]", "global variables of struct type"});
    return;
  }
  if (const Attribute* b = findAttr(v->attributes, AttrId::VkBinding)) {
    attrDiag(DiagId::AttributeConflict, a->range, {"[[vk::push_constant]]", "[[vk::binding]]"});
    (void)b;
    return;
  }
  if (pushConstantDecl) {
    Diagnostic& d = error(DiagId::MultiplePushConstants, a->range);
    d.notes.push_back({pushConstantDecl->range, "push constant block previously defined here"});
    return;
  }
  pushConstantDecl = v;
  g.kind = GlobalKind::PushConstant;
}

// [[vk::constant_id(N)]] (DXC's createSpecConstant): a namespace-scope, non-static variable of
// type bool, int, uint or float with a compile-time constant initializer (its default);
// DXC's messages. Uses read the specialization constant; it is never written.
void SemaImpl::checkSpecConstant(VarDecl* v, const Attribute* a, GlobalVar& g) {
  const Type* t = v->type;
  if (!t || t->isError() || a->invalid) return;
  SourceRange nameR = v->nameRange.valid() ? v->nameRange : v->range;
  bool bad = false;
  if (v->storage & (SF_Static | SF_Groupshared)) {
    error(DiagId::InvalidSpecConstant, nameR, {"specialization constant must be externally visible"});
    bad = true;
  }
  bool okType = t->isScalar() && t->spelling() == ScalarSpelling::Plain &&
                (t->scalarKind() == ScalarKind::Bool || t->scalarKind() == ScalarKind::Int ||
                 t->scalarKind() == ScalarKind::Uint || t->scalarKind() == ScalarKind::Float);
  if (!okType) {
    error(DiagId::InvalidSpecConstant, v->typeSpec ? v->typeSpec->range : v->range,
          {"unsupported specialization constant type"});
    bad = true;
  }
  if (!v->init) {
    error(DiagId::InvalidSpecConstant, nameR, {"missing default value for specialization constant"});
    bad = true;
  } else if (!eval(v->init).valid()) {
    error(DiagId::InvalidSpecConstant, v->init->range, {"unsupported specialization constant initializer"});
    bad = true;
  }
  int64_t id = attrInt(a, 0);
  if (id < 0 || id > 0x7fffffff) {
    error(DiagId::InvalidAttributeArg, a->args[0]->range,
          {"[[vk::constant_id]]", "expected a non-negative integer constant"});
    bad = true;
  }
  if (bad) return;
  g.kind = GlobalKind::SpecConstant;
  g.specId = uint32_t(id);
  specConstants.insert(v);
}

// [[vk::image_format(name)]] (DXC): on an RW texture, RWBuffer or Buffer (or an array of
// them), one of DXC's format names, whose numeric type matches the element's.
void SemaImpl::checkImageFormat(VarDecl* v, const Attribute* a, GlobalVar& g) {
  const Type* t = v->type;
  if (!t || t->isError()) return;
  while (t->isArray()) t = t->elementType();
  bool ok =
      t->isResource() && (t->resourceKind() == ResourceKind::Buffer || t->resourceKind() == ResourceKind::RWBuffer ||
                          (t->isWritableResource() && textureCoordDims(t->resourceKind()) > 0));
  if (!ok) {
    attrDiag(DiagId::AttributeSubject, a->range, {"[[vk::image_format]]", "RW textures, RWBuffers and Buffers"});
    return;
  }
  const Expr* e = a->args[0];
  std::string name = e->kind == ExprKind::StringLiteral ? std::string(static_cast<const StringLiteralExpr*>(e)->value)
                                                        : std::string(static_cast<const DeclRefExpr*>(e)->name.str());
  const ImageFormatInfo* f = imageFormatByName(name);
  if (!f) {
    error(DiagId::InvalidAttributeArg, e->range, {"[[vk::image_format]]", "unknown image format '" + name + "'"});
    return;
  }
  const Type* el = t->elementType();
  const Type* sc = el ? el->componentType() : nullptr;
  FormatClass want = !sc                ? FormatClass::Unknown
                     : sc->isFloating() ? FormatClass::Float
                     : sc->scalarKind() == ScalarKind::Int || sc->scalarKind() == ScalarKind::Int64 ? FormatClass::Sint
                                                                                                    : FormatClass::Uint;
  // Vulkan's format/type matching (spirvenv "format-type-matching"): the class must agree,
  // and a 64-bit format (r64ui, r64i) takes 64-bit integer texels and only those.
  bool wide = sc && (sc->scalarKind() == ScalarKind::Int64 || sc->scalarKind() == ScalarKind::Uint64);
  if (f->cls != FormatClass::Unknown && sc && (f->cls != want || (f->bits == 64) != wide)) {
    error(DiagId::InvalidAttributeArg, e->range,
          {"[[vk::image_format]]", "format '" + name + "' does not hold '" + typeName(el) + "' texels"});
    return;
  }
  g.imageFormat = f->spirv;
}

// [[vk::combinedImageSampler]] (DXC's subject TextureOrSampler): a global sampled texture
// (Texture1D .. TextureCubeArray, the multisampled ones too) or a SamplerState /
// SamplerComparisonState, not an array of them. Lowering pairs the marked texture and
// sampler of one descriptor set and binding (bindings.hpp; OSH0049 when one has no partner).
void SemaImpl::checkCombinedImageSampler(VarDecl* v, const Attribute* a, GlobalVar& g) {
  const Type* t = v->type;
  if (!t || t->isError() || a->invalid) return;
  // A vk::SampledTexture is a combined image sampler already (DXC's subject excludes it).
  bool ok =
      g.kind == GlobalKind::Resource && t->isResource() && !t->isSampledTexture() &&
      (t->resourceKind() == ResourceKind::SamplerState || t->resourceKind() == ResourceKind::SamplerComparisonState ||
       (!t->isWritableResource() && textureCoordDims(t->resourceKind()) > 0));
  if (!ok) {
    attrDiag(DiagId::AttributeSubject, a->range, {"[[vk::combinedImageSampler]]", "textures and samplers"});
    return;
  }
  g.combinedImageSampler = true;
}

// Attributes that belong to a stage: what they mean on this entry point, or a warning that
// they mean nothing here. The stage attributes of stages OneShader does not compile yet are
// NotSupported rows (reported for reachable functions by checkEntryPoint).
void SemaImpl::checkEntryAttributes(EntryPoint& ep) {
  FunctionDecl* f = ep.decl;
  if (!f) return;
  const char* stage = stageName(ep.stage);
  auto noEffect = [&](const Attribute* a, const char* why) {
    if (const AttrInfo* info = attrOf(a)) attrDiag(DiagId::AttributeIgnored, a->range, {attrDisplayName(*info), why});
  };
  bool threads = ep.stage == Stage::Compute || ep.stage == Stage::Mesh || ep.stage == Stage::Amplification;
  for (const Attribute* a : f->attributes) {
    const AttrInfo* info = attrOf(a);
    if (!info) continue;
    switch (info->id) {
      case AttrId::NumThreads:
        if (!threads) noEffect(a, (std::string("it has no meaning for a ") + stage + " entry point").c_str());
        break;
      case AttrId::MaxVertexCount:
      case AttrId::Instance:
        if (ep.stage != Stage::Geometry)
          noEffect(a, (std::string("it applies to geometry entry points, not to a ") + stage + " entry point").c_str());
        break;
      case AttrId::Partitioning:
      case AttrId::OutputControlPoints:
      case AttrId::PatchConstantFunc:
        if (ep.stage != Stage::Hull)
          noEffect(a, (std::string("it applies to hull entry points, not to a ") + stage + " entry point").c_str());
        break;
      case AttrId::Domain:
        if (ep.stage != Stage::Hull && ep.stage != Stage::Domain)
          noEffect(
              a,
              (std::string("it applies to hull and domain entry points, not to a ") + stage + " entry point").c_str());
        break;
      case AttrId::OutputTopology:
        if (ep.stage != Stage::Hull && ep.stage != Stage::Mesh)
          noEffect(
              a, (std::string("it applies to hull and mesh entry points, not to a ") + stage + " entry point").c_str());
        break;
      case AttrId::EarlyDepthStencil:
      case AttrId::VkPostDepthCoverage:
      case AttrId::VkEarlyAndLateTests:
      case AttrId::VkDepthUnchanged:
      case AttrId::VkStencilRefUnchangedFront:
      case AttrId::VkStencilRefGreaterEqualFront:
      case AttrId::VkStencilRefLessEqualFront:
      case AttrId::VkStencilRefUnchangedBack:
      case AttrId::VkStencilRefGreaterEqualBack:
      case AttrId::VkStencilRefLessEqualBack:
        if (ep.stage != Stage::Pixel)
          noEffect(a, (std::string("it applies to pixel entry points, not to a ") + stage + " entry point").c_str());
        break;
      default: break;
    }
  }
  // DXC: at most one of each group of stencil reference modes.
  auto countOf = [&](std::initializer_list<AttrId> ids) {
    int n = 0;
    for (AttrId id : ids) n += findAttr(f->attributes, id) != nullptr;
    return n;
  };
  if (ep.stage == Stage::Pixel) {
    if (countOf({AttrId::VkStencilRefUnchangedFront, AttrId::VkStencilRefGreaterEqualFront,
                 AttrId::VkStencilRefLessEqualFront}) > 1)
      attrDiag(DiagId::AttributeConflict, f->nameRange.valid() ? f->nameRange : f->range,
               {"[[vk::stencil_ref_*_front]]", "another [[vk::stencil_ref_*_front]] on the same entry point"});
    if (countOf({AttrId::VkStencilRefUnchangedBack, AttrId::VkStencilRefGreaterEqualBack,
                 AttrId::VkStencilRefLessEqualBack}) > 1)
      attrDiag(DiagId::AttributeConflict, f->nameRange.valid() ? f->nameRange : f->range,
               {"[[vk::stencil_ref_*_back]]", "another [[vk::stencil_ref_*_back]] on the same entry point"});
  }
}

// Functions that carry entry-point attributes but are only ever called as helpers.
void SemaImpl::checkHelperAttributes() {
  std::unordered_set<const FunctionDecl*> entries, callees;
  for (const EntryPoint& ep : program.entryPoints) entries.insert(ep.decl);
  for (const CallSite& cs : callSites) callees.insert(cs.callee);
  for (FunctionDecl* f : functionsInOrder) {
    if (entries.count(f) || !callees.count(f)) continue;
    for (const Attribute* a : f->attributes) {
      const AttrInfo* info = attrOf(a);
      if (!info) continue;
      switch (info->id) {
        case AttrId::NumThreads:
        case AttrId::Shader:
        case AttrId::MaxVertexCount:
        case AttrId::Instance:
        case AttrId::Partitioning:
        case AttrId::OutputControlPoints:
        case AttrId::PatchConstantFunc:
        case AttrId::Domain:
        case AttrId::OutputTopology:
        case AttrId::EarlyDepthStencil:
        case AttrId::VkPostDepthCoverage:
        case AttrId::VkEarlyAndLateTests:
        case AttrId::VkDepthUnchanged:
        case AttrId::VkStencilRefUnchangedFront:
        case AttrId::VkStencilRefGreaterEqualFront:
        case AttrId::VkStencilRefLessEqualFront:
        case AttrId::VkStencilRefUnchangedBack:
        case AttrId::VkStencilRefGreaterEqualBack:
        case AttrId::VkStencilRefLessEqualBack:
        case AttrId::VkSpvExecutionMode:
          attrDiag(DiagId::AttributeIgnored, a->range,
                   {attrDisplayName(*info), "'" + std::string(f->name.str()) +
                                                "' is called as a function here, not compiled as an entry point"});
          break;
        case AttrId::VkLocation:
        case AttrId::VkIndex:
        case AttrId::VkBuiltin: interfaceIgnored(f, a, *info); break;
        default: break;
      }
    }
    // The stage-interface attributes on its parameters mean nothing either.
    for (ParamDecl* p : f->params)
      for (const Attribute* a : p->attributes) {
        const AttrInfo* info = attrOf(a);
        if (info && (info->id == AttrId::VkLocation || info->id == AttrId::VkIndex || info->id == AttrId::VkBuiltin))
          interfaceIgnored(f, a, *info);
      }
  }
}

void SemaImpl::interfaceIgnored(const FunctionDecl* f, const Attribute* a, const AttrInfo& info) {
  attrDiag(DiagId::AttributeIgnored, a->range,
           {attrDisplayName(info), "'" + std::string(f->name.str()) +
                                       "' is called as a function here, not compiled as an entry point (the attribute "
                                       "applies to the stage interface: entry-point parameters, return values and the "
                                       "fields of their structs)"});
}

}  // namespace oneshader::sema
