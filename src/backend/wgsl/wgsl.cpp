// WGSL backend entry: one WGSL module per entry point.
#include "backend/wgsl/wgsl.hpp"
#include "ir/util.hpp"

#include "backend/wgsl/raise.hpp"
#include "backend/wgsl/writer.hpp"
#include "passes/pass.hpp"

#include <functional>
#include <set>

namespace oneshader::wgsl {

std::optional<WgslResult> Writer::run() {
  collect();
  if (failed_) return std::nullopt;
  writeGlobals();
  writeFunctions();
  if (failed_) return std::nullopt;
  std::string head;
  if (usesSubgroups_) {
    if (!opt_.nagaDialect) head += "enable subgroups;\n";
    head += "diagnostic(off, subgroup_uniformity);\n";
    result_.requiredFeatures.push_back("subgroups");
  }
  if (usesF16_) {
    head += "enable f16;\n";
    result_.requiredFeatures.push_back("shader-f16");
  }
  if (usesClipDistances_) {
    head += "enable clip_distances;\n";
    result_.requiredFeatures.push_back("clip-distances");
  }
  if (usesPrimitiveIndex_) {
    head += "enable primitive_index;\n";
    result_.requiredFeatures.push_back("primitive-index");
  }
  if (dualSource_) {
    head += "enable dual_source_blending;\n";
    result_.requiredFeatures.push_back("dual-source-blending");
  }
  // HLSL allows implicit derivatives in non-uniform control flow (undefined results there).
  if (usesDerivatives_) head += "diagnostic(off, derivative_uniformity);\n";
  std::string text = head;
  if (!head.empty()) text += "\n";
  text += structDecls_;
  if (!overridesText_.empty()) text += overridesText_ + "\n";
  if (!globalsText_.empty()) text += globalsText_ + "\n";
  text += functionsText_;
  result_.text = std::move(text);
  return std::move(result_);
}

void decideFileBindings(const ir::Module& m, WgslOptions& options) {
  // A push-constant block's uniform buffer goes to binding 0 of the group after the highest
  // one the whole file binds, so that every entry point of the file agrees: decided on the
  // whole file's module, before it is cut down to one entry point.
  if (options.pushConstantGroup < 0) {
    uint32_t next = 0;
    for (const ir::GlobalVariable& g : m.globals)
      if (g.binding) next = std::max(next, g.binding->group + 1);
    options.pushConstantGroup = int32_t(next);
    options.pushConstantBinding = 0;
  }
  // A combined image sampler's sampler moves to the lowest binding of its group that no
  // resource of the file uses (WebGPU binds a texture and a sampler separately).
  if (options.combinedSamplerBindings.empty()) {
    std::set<std::pair<uint32_t, uint32_t>> used;
    auto movedSampler = [&](const ir::GlobalVariable& g) {
      return g.combinedImageSampler && g.binding && m.types[g.type].kind == ir::TypeKind::Sampler;
    };
    for (const ir::GlobalVariable& g : m.globals)
      if (g.binding && !movedSampler(g)) used.insert({g.binding->group, g.binding->binding});
    for (const ir::GlobalVariable& g : m.globals) {
      if (!movedSampler(g)) continue;
      uint32_t b = 0;
      while (used.count({g.binding->group, b})) ++b;
      used.insert({g.binding->group, b});
      options.combinedSamplerBindings[g.name] = ir::ResourceBinding{g.binding->group, b};
    }
  }
  options.fileBindingsDecided = true;
}

std::optional<WgslResult> compileWgsl(const ir::Module& m, const std::string& entryPoint, const WgslOptions& options,
                                      DiagEngine& diags) {
  const ir::EntryPoint* ep = m.findEntryPoint(entryPoint);
  if (!ep) {
    diags.report(DiagId::InternalError, SourceRange{}, {"wgsl: no entry point '" + entryPoint + "' in the module"});
    return std::nullopt;
  }
  ir::reportIgnoredHints(m, *ep, DiagId::WgslIgnored, diags);
  WgslOptions o = options;
  if (!o.fileBindingsDecided) decideFileBindings(m, o);
  ir::Module raised = passes::extractEntryPoint(m, *ep);
  if (!ir::reportSubpassInputs(raised, DiagId::WgslSubpassInput, diags)) return std::nullopt;
  if (!raise(raised, diags)) return std::nullopt;
  Writer w(raised, raised.entryPoints[0], o, diags);
  return w.run();
}

}  // namespace oneshader::wgsl
