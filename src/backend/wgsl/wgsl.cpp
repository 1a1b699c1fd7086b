// WGSL backend entry: one WGSL module per entry point.
#include "backend/wgsl/wgsl.hpp"

#include "backend/wgsl/writer.hpp"

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
  // HLSL allows implicit derivatives in non-uniform control flow (undefined results there).
  if (usesDerivatives_) head += "diagnostic(off, derivative_uniformity);\n";
  std::string text = head;
  if (!head.empty()) text += "\n";
  text += structDecls_;
  if (!globalsText_.empty()) text += globalsText_ + "\n";
  text += functionsText_;
  result_.text = std::move(text);
  return std::move(result_);
}

std::optional<WgslResult> compileWgsl(const ir::Module& m, const std::string& entryPoint, const WgslOptions& options,
                                      DiagEngine& diags) {
  const ir::EntryPoint* ep = m.findEntryPoint(entryPoint);
  if (!ep) {
    diags.report(DiagId::InternalError, SourceRange{}, {"wgsl: no entry point '" + entryPoint + "' in the module"});
    return std::nullopt;
  }
  Writer w(m, *ep, options, diags);
  return w.run();
}

}  // namespace oneshader::wgsl
