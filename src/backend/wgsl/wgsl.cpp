// Placeholder until the WGSL writer lands: a coded error, never silence.
#include "backend/wgsl/wgsl.hpp"

#include "diag/diag.hpp"

namespace oneshader::wgsl {

std::optional<WgslResult> compileWgsl(const ir::Module&, const std::string&, const WgslOptions&,
                                      DiagEngine& diags) {
  diags.report(DiagId::InvalidOption, SourceRange{}, {"target 'wgsl' is not implemented yet"});
  return std::nullopt;
}

}  // namespace oneshader::wgsl
