// The WGSL pass list, in order. Each pass is a plain function over the module of one entry
// point (src/passes); the printer after them only prints.
#include "backend/wgsl/raise.hpp"

#include "passes/inverse.hpp"
#include "passes/layout.hpp"
#include "passes/pass.hpp"

namespace oneshader::wgsl {

namespace {
const passes::Pass kPasses[] = {
    {"transpose-row-major", passes::transposeRowMajor},
    {"expand-inverse", passes::expandInverse},
};
}  // namespace

bool raise(ir::Module& m, DiagEngine& diags) {
  passes::PassContext ctx{diags};
  return passes::runPasses(m, kPasses, ctx);
}

}  // namespace oneshader::wgsl
