#include "passes/pass.hpp"

#include "diag/diag.hpp"

namespace oneshader::passes {

bool runPasses(ir::Module& m, std::span<const Pass> passes, PassContext& ctx) {
#ifndef NDEBUG
  const bool validate = true;
#else
  const bool validate = ctx.validateEach;
#endif
  for (const Pass& p : passes) {
    if (!p.run(m, ctx)) return false;
    if (!validate) continue;
    DiagEngine local;
    if (!ir::validate(m, local)) {
      std::string first = local.diagnostics().empty() ? std::string() : local.diagnostics()[0].message;
      ctx.diags.report(DiagId::InternalError, SourceRange{},
                       {std::string("the IR after pass '") + p.name + "' is invalid: " + first});
      return false;
    }
  }
  return true;
}

}  // namespace oneshader::passes
