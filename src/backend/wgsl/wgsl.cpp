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
  text += polyfillsText_;
  text += functionsText_;
  result_.text = std::move(text);
  return std::move(result_);
}

// inverse(A) = adj(A) / det(A): B(r, c) = C(c, r) / det with the cofactors C(i, j) =
// (-1)^(i+j) * det(A without row i and column j), written out as products of the
// elements A(r, c) = m[c][r] (Laplace expansion along the first remaining row).
std::string Writer::inverseFunction(ir::Handle<ir::Type> mat) {
  auto it = inverseNames_.find(mat.index);
  if (it != inverseNames_.end()) return it->second;
  const ir::Type t = types_[mat];
  const uint32_t n = t.size;
  std::string ty = typeName(mat);
  std::string name = names_.make("_inverse" + std::to_string(n) + "x" + std::to_string(n) + (t.scalar.width == 16 ? "h" : ""));
  inverseNames_[mat.index] = name;
  auto elem = [](uint32_t r, uint32_t c) { return "m[" + std::to_string(c) + "][" + std::to_string(r) + "]"; };
  std::function<std::string(std::vector<uint32_t>, std::vector<uint32_t>)> det =
      [&](std::vector<uint32_t> rows, std::vector<uint32_t> cols) -> std::string {
    if (rows.size() == 1) return elem(rows[0], cols[0]);
    std::string s;
    for (size_t k = 0; k < cols.size(); ++k) {
      std::vector<uint32_t> rr(rows.begin() + 1, rows.end()), cc = cols;
      cc.erase(cc.begin() + long(k));
      std::string term = elem(rows[0], cols[k]) + " * " + (rr.size() == 1 ? det(rr, cc) : "(" + det(rr, cc) + ")");
      s += k == 0 ? term : (k % 2 ? " - " : " + ") + term;
    }
    return s;
  };
  std::string f = "fn " + name + "(m: " + ty + ") -> " + ty + " {\n";
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      std::vector<uint32_t> rows, cols;
      for (uint32_t r = 0; r < n; ++r)
        if (r != i) rows.push_back(r);
      for (uint32_t c = 0; c < n; ++c)
        if (c != j) cols.push_back(c);
      std::string d = det(rows, cols);
      f += "  let c" + std::to_string(i) + std::to_string(j) + " = " + ((i + j) % 2 ? "-(" + d + ")" : d) + ";\n";
    }
  f += "  let det = ";
  for (uint32_t j = 0; j < n; ++j) f += (j ? " + " : "") + elem(0, j) + " * c0" + std::to_string(j);
  f += ";\n  return " + ty + "(";
  // Column c of the inverse is (C(c, 0), ..., C(c, n-1)): the cofactors in row order.
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) f += std::string(i || j ? ", " : "") + "c" + std::to_string(i) + std::to_string(j);
  f += ") * (1.0 / det);\n}\n\n";
  polyfillsText_ += f;
  return name;
}

std::optional<WgslResult> compileWgsl(const ir::Module& m, const std::string& entryPoint, const WgslOptions& options,
                                      DiagEngine& diags) {
  const ir::EntryPoint* ep = m.findEntryPoint(entryPoint);
  if (!ep) {
    diags.report(DiagId::InternalError, SourceRange{}, {"wgsl: no entry point '" + entryPoint + "' in the module"});
    return std::nullopt;
  }
  ir::reportIgnoredHints(m, *ep, DiagId::WgslIgnored, diags);
  // A push-constant block's uniform buffer goes to binding 0 of the group after the highest
  // one the whole file binds, so that every entry point of the file agrees: decided here,
  // before the module is cut down to one entry point.
  WgslOptions o = options;
  if (o.pushConstantGroup < 0) {
    uint32_t next = 0;
    for (const ir::GlobalVariable& g : m.globals)
      if (g.binding) next = std::max(next, g.binding->group + 1);
    o.pushConstantGroup = int32_t(next);
    o.pushConstantBinding = 0;
  }
  // A combined image sampler's sampler moves to the lowest binding of its group that no
  // resource of the file uses (WebGPU binds a texture and a sampler separately).
  if (o.combinedSamplerBindings.empty()) {
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
      o.combinedSamplerBindings[g.name] = ir::ResourceBinding{g.binding->group, b};
    }
  }
  ir::Module raised = passes::extractEntryPoint(m, *ep);
  if (!raise(raised, diags)) return std::nullopt;
  Writer w(raised, raised.entryPoints[0], o, diags);
  return w.run();
}

}  // namespace oneshader::wgsl
