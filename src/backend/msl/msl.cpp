// Placeholder until the MSL writer lands: a coded error, never silence.
#include "backend/msl/msl.hpp"

#include "diag/diag.hpp"

namespace oneshader::msl {

std::optional<MslResult> compileMsl(const ir::Module&, const std::string&, const MslOptions&, DiagEngine& diags) {
  diags.report(DiagId::InvalidOption, SourceRange{}, {"target 'msl' is not implemented yet"});
  return std::nullopt;
}

}  // namespace oneshader::msl
