// WGSL writer: module level (what the entry point reaches, enables and diagnostics,
// resource declarations with @group/@binding, interface attributes).
#include "backend/wgsl/writer.hpp"
#include "ir/builtins.hpp"
#include "passes/pass.hpp"

#include <algorithm>

namespace oneshader::wgsl {

using namespace oneshader::ir;

Writer::Writer(Module& m, const EntryPoint& ep, const WgslOptions& o, DiagEngine& d)
    : m_(m), ep_(ep), opt_(o), diags_(d), types_(m.types) {}

const char* wgslStageName(Stage s) {
  switch (s) {
    case Stage::Vertex: return "vertex";
    case Stage::Pixel: return "fragment";
    case Stage::Compute: return "compute";
    default: return "other";
  }
}

std::string Writer::builtinName(BuiltIn b, SourceRange r) {
  // The table ir/builtins.def (primitive_index and clip_distances are WebGPU extensions).
  if (const char* n = wgslBuiltin(b, ep_.stage)) {
    if (b == BuiltIn::PrimitiveId) usesPrimitiveIndex_ = true;
    if (b == BuiltIn::ClipDistance) usesClipDistances_ = true;
    return n;
  }
  if (b == BuiltIn::None) {
    unsupported("this built-in value", r);
  } else if (const char* vk = vkBuiltinSpelling(b)) {
    // interfaceAttributes names the semantic where an option or SV_ semantic gave the value
    unsupported(std::string("[[vk::builtin(\"") + vk + "\")]]", r);
  } else {
    std::string what = builtinSourceSpelling(b);
    if (b == BuiltIn::PrimitiveId) what += " outside a pixel shader";
    if (b == BuiltIn::ClipDistance) what += " as a pixel shader input";
    unsupported(what, r);
  }
  return "position";
}

std::string Writer::interfaceAttributes(const Binding& b, bool, SourceRange r, Handle<Type> type) {
  if (b.isBuiltin() && b.semantic.starts_with("-f")) {
    // An input an option added (lowering names it after the option).
    unsupported("the option " + b.semantic + " (WGSL has no base vertex or base instance value)", r);
    return "";
  }
  if (b.isBuiltin() && vkBuiltinSpelling(b.builtin) && b.semantic.starts_with("SV_")) {
    // SV_StartVertexLocation / SV_StartInstanceLocation (BaseVertex / BaseInstance)
    unsupported("the semantic '" + b.semantic + "' (WGSL has no base vertex or base instance value)", r);
    return "";
  }
  if (b.isBuiltin() && vkBuiltinSpelling(b.builtin)) {
    unsupported(std::string("[[vk::builtin(\"") + vkBuiltinSpelling(b.builtin) + "\")]] on '" + b.semantic + "'", r);
    return "";
  }
  if (b.isBuiltin() && b.builtin == BuiltIn::ClipDistance && type.valid() && types_[type].kind == TypeKind::Array &&
      types_[type].arraySize > 8) {
    unsupported("more than 8 clip distances (" + std::to_string(types_[type].arraySize) + ")", r);
    return "";
  }
  if (b.isBuiltin()) return "@builtin(" + builtinName(b.builtin, r) + ") ";
  if (b.kind != Binding::Kind::Location) return "";
  std::string s = "@location(" + std::to_string(b.location) + ") ";
  if (dualSource_ && b.blendIndex >= 0) s += "@blend_src(" + std::to_string(b.blendIndex) + ") ";
  const char* sampling = b.sampling == Binding::Sampling::Centroid ? "centroid"
                         : b.sampling == Binding::Sampling::Sample ? "sample"
                                                                   : nullptr;
  // WGSL: user-defined IO of an integer type must be flat, vertex outputs too (the IR marks
  // integer pixel inputs Flat; HLSL and SPIR-V need nothing on a vertex output).
  Binding::Interpolation interp = b.interpolation;
  if (type.valid() && ep_.stage == Stage::Vertex) {
    Handle<Type> e = type;
    while (types_[e].kind == TypeKind::Array) e = types_[e].base;
    const Type& et = types_[e];
    if ((et.kind == TypeKind::Scalar || et.kind == TypeKind::Vector) && et.scalar.kind != ScalarKind::Float)
      interp = Binding::Interpolation::Flat;
  }
  switch (interp) {
    case Binding::Interpolation::Flat: s += "@interpolate(flat) "; break;
    case Binding::Interpolation::Linear:
      s += sampling ? std::string("@interpolate(linear, ") + sampling + ") " : "@interpolate(linear) ";
      break;
    case Binding::Interpolation::Perspective:
      if (sampling) s += std::string("@interpolate(perspective, ") + sampling + ") ";
      break;
  }
  return s;
}

// WGSL's dpdx/dpdy/fwidth and textureSample[Bias|Compare] are fragment-only (WGSL 17.6,
// 17.7); HLSL SM 6.6's compute-shader derivatives have no WGSL form.
void Writer::derivativeStage(const std::string& what, SourceRange r) {
  if (ep_.stage != Stage::Pixel) error(DiagId::WgslDerivativeStage, r, {what, wgslStageName(ep_.stage)});
}

void Writer::markGlobalUses(const Function& f, bool entry) {
  for (uint32_t i = 0; i < f.expressions.size(); ++i) {
    const Expression& x = f.expressions.raw()[i];
    if (x.kind == ExprKind::GlobalVariable && m_.globals.contains(x.global)) globalUsed_[x.global.index] = 1;
    if (x.kind == ExprKind::Builtin && x.builtin == BuiltIn::HelperInvocation) {
      // IsHelperLane(): false outside pixel shaders; WGSL has no helper-invocation built-in.
      if (ep_.stage == Stage::Pixel)
        unsupported("IsHelperLane() in a pixel shader", f.exprRange(Handle<Expression>(i)));
    } else if (x.kind == ExprKind::Builtin) {
      builtinsUsed_.insert(x.builtin);
      if (!entry) builtinsInHelpers_.insert(x.builtin);
    }
    if (x.kind == ExprKind::ImageSample && sampleIsImplicitLod(x.sample)) {
      static const char* const kMethod[] = {
          "Sample",        "SampleLevel",   "SampleBias",     "SampleGrad", "SampleCmp", "SampleCmpLevelZero",
          "SampleCmpBias", "SampleCmpGrad", "SampleCmpLevel", "Gather",     "GatherCmp"};
      usesDerivatives_ = true;
      derivativeStage(std::string("'") + kMethod[uint32_t(x.sample)] + "'", f.exprRange(Handle<Expression>(i)));
    }
    if (x.kind == ExprKind::ImageSample && f.expressions.contains(x.b)) {
      // A vk::SampledTexture sampled both with and without comparison: its one sampler
      // (the IR allows it, validator.cpp) would be a sampler and a sampler_comparison.
      const Type& st = m_.types[f.expressions[x.b].type];
      Handle<GlobalVariable> g = passes::rootGlobal(f, x.b);
      if (st.kind == TypeKind::Sampler && st.comparisonSampler != sampleIsCompare(x.sample) && g.valid() &&
          m_.globals.contains(g))
        unsupported("sampling with '" + m_.globals[g].name +
                        "' both with and without comparison (WGSL's sampler and "
                        "sampler_comparison are different types)",
                    f.exprRange(Handle<Expression>(i)));
    }
    if (x.kind == ExprKind::Math) {
      auto fn = MathFunction(x.op);
      if (fn >= MathFunction::Ddx && fn <= MathFunction::Fwidth) {
        usesDerivatives_ = true;
        derivativeStage(std::string("'") + mathFunctionName(fn) + "'", f.exprRange(Handle<Expression>(i)));
      }
    }
  }
  for (uint32_t i = 0; i < f.statements.size(); ++i) {
    const Statement& s = f.statements.raw()[i];
    SourceRange r = f.stmtRange(Handle<Statement>(i));
    if (s.kind == StmtKind::Subgroup) {
      usesSubgroups_ = true;
      if (ep_.stage != Stage::Compute && ep_.stage != Stage::Pixel)
        error(DiagId::WgslSubgroupStage, r,
              {subgroupHlslName(SubgroupOp(s.op), s.collective), wgslStageName(ep_.stage)});
    }
    if (s.kind == StmtKind::Store || s.kind == StmtKind::Atomic) {
      Handle<GlobalVariable> g = passes::rootGlobal(f, s.a);
      if (g.valid()) written_[g.index] = 1;
    }
    if (s.kind == StmtKind::Call)
      for (uint32_t k = 0; k < s.range.count; ++k) {
        Handle<Expression> a = f.operands[s.range.first + k];
        if (f.expressions.contains(a) && m_.types[f.expressions[a].type].kind == TypeKind::Pointer) {
          Handle<GlobalVariable> g = passes::rootGlobal(f, a);
          if (g.valid()) written_[g.index] = 1;
        }
      }
  }
  if (!entry)
    for (BuiltIn b : builtinsInHelpers_)
      if ((b == BuiltIn::SubgroupSize || b == BuiltIn::SubgroupLocalInvocationId) && ep_.stage != Stage::Compute &&
          ep_.stage != Stage::Pixel)
        error(DiagId::WgslSubgroupStage, f.range,
              {b == BuiltIn::SubgroupSize ? "WaveGetLaneCount" : "WaveGetLaneIndex", wgslStageName(ep_.stage)});
}

// [[vk::index]] (dual-source blending). WGSL's form is narrower than Vulkan's: a struct
// result whose user-defined outputs are exactly two of one type at @location(0), one
// @blend_src(0) and one @blend_src(1). [[vk::index(0)]] without an index-1 output is
// Vulkan's default (Index 0) and needs no attribute; anything else is OSH5001.
void Writer::checkDualSource() {
  const Function& f = m_.functions[ep_.function];
  if (ep_.stage != Stage::Pixel || !f.result) return;
  std::vector<const StructMember*> located;
  const Type& rt = types_[f.result->type];
  if (rt.kind == TypeKind::Struct && f.result->binding.kind == Binding::Kind::None) {
    for (const StructMember& m : rt.members)
      if (m.binding.kind == Binding::Kind::Location) located.push_back(&m);
  }
  bool single = f.result->binding.kind == Binding::Kind::Location;
  bool index1 = single ? f.result->binding.blendIndex == 1 : false;
  for (const StructMember* m : located) index1 |= m->binding.blendIndex == 1;
  if (!index1) return;
  bool ok = located.size() == 2 && located[0]->type == located[1]->type;
  for (const StructMember* m : located) ok &= m->binding.location == 0 && m->binding.blendIndex >= 0;
  if (ok) ok = located[0]->binding.blendIndex != located[1]->binding.blendIndex;
  if (!ok) {
    unsupported(
        "dual-source blending ([[vk::index(1)]]) other than exactly two outputs of one type at location 0 "
        "with [[vk::index(0)]] and [[vk::index(1)]], and no other colour output",
        f.range.valid() ? f.range : ep_.range);
    return;
  }
  dualSource_ = true;
}

void Writer::collect() {
  // The module holds the entry point and what it reaches (passes::extractEntryPoint).
  for (uint32_t fi = 0; fi < m_.functions.size(); ++fi) reachable_.push_back(fi);
  checkDualSource();
  globalUsed_.assign(m_.globals.size(), 0);
  unwrapped_.assign(m_.globals.size(), 0);
  written_.assign(m_.globals.size(), 0);
  for (uint32_t fi : reachable_) markGlobalUses(m_.functions[Handle<Function>(fi)], fi == ep_.function.index);
  for (BuiltIn b : builtinsUsed_)
    if ((b == BuiltIn::SubgroupSize || b == BuiltIn::SubgroupLocalInvocationId) && ep_.stage != Stage::Compute &&
        ep_.stage != Stage::Pixel)
      error(DiagId::WgslSubgroupStage, ep_.range,
            {b == BuiltIn::SubgroupSize ? "WaveGetLaneCount" : "WaveGetLaneIndex", wgslStageName(ep_.stage)});
  if (builtinsUsed_.count(BuiltIn::SubgroupSize) || builtinsUsed_.count(BuiltIn::SubgroupLocalInvocationId))
    usesSubgroups_ = true;

  // Names: specialization constants and globals first (module scope), then functions.
  // A specialization constant is a pipeline-overridable constant: `@id(N) override name: T =
  // default;` (WGSL ids are below 65536). A named specialization-constant expression (a
  // `static const` over them) is an override without an id initialised by its override
  // expression; unnamed ones are written where they are used (constant()). Constants come in
  // index order, operands first.
  specNames_.assign(m_.constants.size(), std::string());
  std::vector<uint8_t> used = constantsUsed(m_, ep_);
  for (uint32_t i = 0; i < m_.constants.size(); ++i) {
    if (!used[i]) continue;
    const Constant& c = m_.constants[Handle<Constant>(i)];
    if (c.spec) {
      std::string n = names_.make(c.name.empty() ? "spec" + std::to_string(c.specId) : c.name);
      specNames_[i] = n;
      if (c.specId > 65535)
        unsupported("specialization constant id " + std::to_string(c.specId) + " (WGSL override ids are below 65536)",
                    ep_.range);
      overridesText_ += "@id(" + std::to_string(c.specId) + ") override " + n + ": " + typeName(c.type) + " = " +
                        literal(c.value) + ";\n";
    } else if (c.kind == Constant::Kind::SpecOp && !c.name.empty()) {
      std::string init = specOpText(c);
      std::string n = names_.make(c.name);
      specNames_[i] = n;
      overridesText_ += "override " + n + ": " + typeName(c.type) + " = " + init + ";\n";
    }
  }
  globalNames_.resize(m_.globals.size());
  for (uint32_t i = 0; i < m_.globals.size(); ++i)
    if (globalUsed_[i]) globalNames_[i] = names_.make(m_.globals.raw()[i].name);
  fnNames_.resize(m_.functions.size());
  fnNames_[ep_.function.index] = names_.make(ep_.name);
  for (uint32_t fi : reachable_)
    if (fi != ep_.function.index) fnNames_[fi] = names_.make(m_.functions.raw()[fi].name);
}

// The group and binding of the uniform buffer that stands in for a push-constant block: the
// options' choice, else binding 0 of the group after the highest one the module binds (so it
// never collides, and every entry point of a file agrees).
ir::ResourceBinding Writer::pushConstantBinding() const {
  ir::ResourceBinding b;
  if (opt_.pushConstantGroup >= 0) {
    b.group = uint32_t(opt_.pushConstantGroup);
    b.binding = uint32_t(std::max(0, opt_.pushConstantBinding));
    return b;
  }
  b.group = 0;  // compileWgsl chose the group for the whole file
  b.binding = 0;
  return b;
}

void Writer::writeGlobals() {
  struct Slot {
    std::string name;
  };
  std::map<std::pair<uint32_t, uint32_t>, std::string> slots;
  for (uint32_t i = 0; i < m_.globals.size(); ++i) {
    if (!globalUsed_[i]) continue;
    const GlobalVariable& g = m_.globals.raw()[i];
    curRange_ = g.range;
    const std::string& name = globalNames_[i];
    std::string decl;
    auto bind = [&](const char* kind) -> std::string {
      ir::ResourceBinding at;
      if (g.space == AddressSpace::PushConstant) {
        // WebGPU has no push constants: the block is a uniform buffer at the reserved
        // binding (WgslOptions), which reflection reports.
        at = pushConstantBinding();
      } else if (!g.binding) {
        error(DiagId::InternalError, g.range, {"wgsl: resource '" + g.name + "' has no binding"});
        return "";
      } else {
        at = *g.binding;
      }
      auto key = std::make_pair(at.group, at.binding);
      if (g.space != AddressSpace::PushConstant && g.combinedImageSampler && types_[g.type].kind == TypeKind::Sampler) {
        // [[vk::combinedImageSampler]]: the sampler's own binding (WgslOptions), reflected.
        auto moved = opt_.combinedSamplerBindings.find(g.name);
        if (moved == opt_.combinedSamplerBindings.end()) {
          error(DiagId::InternalError, g.range, {"wgsl: no binding for the combined sampler '" + g.name + "'"});
          return "";
        }
        key = std::make_pair(moved->second.group, moved->second.binding);
      }
      auto [it, fresh] = slots.emplace(key, g.name);
      if (!fresh)
        error(DiagId::WgslBindingCollision, g.range,
              {it->second, g.name, std::to_string(key.first), std::to_string(key.second)});
      result_.bindings.push_back(WgslBinding{g.name, key.first, key.second, kind});
      return "@group(" + std::to_string(key.first) + ") @binding(" + std::to_string(key.second) + ") ";
    };
    if (g.rasterOrdered) {  // no fragment shader interlock or raster order groups in WebGPU
      unsupported("a rasterizer ordered view ('" + g.name + "')", g.range);
      continue;
    }
    // Arrays of resources (`Texture2D ts[4]`, `StructuredBuffer<T> bs[2]`): WebGPU core has
    // no binding arrays (one binding is one buffer, texture or sampler).
    if ((g.space == AddressSpace::Storage || g.space == AddressSpace::Uniform || g.space == AddressSpace::Handle) &&
        types_[g.type].kind == TypeKind::Array) {
      unsupported(g.heap ? "'" + g.name + "' (a descriptor heap; WebGPU has no binding arrays)"
                         : "an array of resources ('" + g.name + "'; WebGPU has no binding arrays)",
                  g.range);
      continue;
    }
    if (!checkArrayLimits(g.type, g.space == AddressSpace::Private || g.space == AddressSpace::WorkGroup,
                          "'" + g.name + "'", g.range))
      continue;
    switch (g.space) {
      case AddressSpace::Storage: {
        const Type t = types_[g.type];
        bool readOnly = g.access == StorageAccess::Load;
        if (readOnly && holdsAtomic(g.type)) readOnly = false;  // atomics need read_write
        std::string ty;
        if (t.kind == TypeKind::Struct && t.members.size() == 1 && t.members[0].offset == 0 &&
            types_[t.members[0].type].kind == TypeKind::Array && types_[t.members[0].type].arraySize == 0) {
          unwrapped_[i] = 1;
          Handle<Type> stored = t.members[0].type;
          checkMatrixStride(stored, t.members[0], t.name);
          ty = typeName(stored);
        } else {
          ty = typeName(g.type);
        }
        std::string b = bind(readOnly ? "storage-read" : "storage");
        decl = b + "var<storage, " + (readOnly ? "read" : "read_write") + "> " + name + ": " + ty + ";\n";
        break;
      }
      case AddressSpace::Uniform: {
        std::string ty = typeName(g.type, true);
        decl = bind("uniform") + "var<uniform> " + name + ": " + ty + ";\n";
        break;
      }
      case AddressSpace::Handle: {
        const Type& t = types_[g.type];
        if (t.kind == TypeKind::Image && t.image.dim == ImageDim::Buffer) {
          // WebGPU has no texel buffers: a storage buffer of the elements.
          bool ro = t.image.cls != ImageClass::Storage;
          usesTypedBuffers_ = true;
          std::string ty = "array<" + typedBufferElement(t.image) + ">";
          size_t before = result_.bindings.size();
          decl = bind(ro ? "storage-read" : "storage") + "var<storage, " + (ro ? "read" : "read_write") + "> " + name +
                 ": " + ty + ";\n";
          if (result_.bindings.size() > before) {
            result_.bindings.back().typedBuffer = true;
            result_.bindings.back().components = typedBufferComponents(t.image);
          }
          break;
        }
        const char* kind = t.kind == TypeKind::Sampler                                         ? "sampler"
                           : (t.kind == TypeKind::Image && t.image.cls == ImageClass::Storage) ? "storage-texture"
                                                                                               : "texture";
        // A Depth-class image: a texture some comparison reads (passes::depthTextures).
        bool depth = t.kind == TypeKind::Image && t.image.cls == ImageClass::Depth;
        std::string ty = typeName(g.type);
        if (t.kind == TypeKind::Image && t.image.cls == ImageClass::Storage) usesStorageTextures_ = true;
        size_t before = result_.bindings.size();
        decl = bind(kind) + "var " + name + ": " + ty + ";\n";
        if (depth && result_.bindings.size() > before) result_.bindings.back().depthTexture = true;
        break;
      }
      case AddressSpace::WorkGroup: decl = "var<workgroup> " + name + ": " + typeName(g.type) + ";\n"; break;
      case AddressSpace::Private: {
        // A static const (an initialised private global nothing writes) is a WGSL const:
        // reading a var<private> counts as non-uniform in WGSL's uniformity analysis, so a
        // barrier under `if (i < kCount)` would be rejected.
        if (g.init.valid() && !written_[i]) {
          decl = "const " + name + ": " + typeName(g.type) + " = " + constant(g.init) + ";\n";
          break;
        }
        decl = "var<private> " + name + ": " + typeName(g.type);
        if (g.init.valid()) decl += " = " + constant(g.init);
        decl += ";\n";
        break;
      }
      case AddressSpace::PushConstant: {
        std::string ty = typeName(g.type, true);
        decl = bind("uniform") + "var<uniform> " + name + ": " + ty + ";\n";
        break;
      }
      default:
        error(DiagId::InternalError, g.range, {"wgsl: global '" + g.name + "' in an unexpected address space"});
        break;
    }
    globalsText_ += decl;
  }
}

}  // namespace oneshader::wgsl
