// The WGSL pass list, in order. Each pass is a plain function over the module of one entry
// point (src/passes); the printer after them only prints.
#include "backend/wgsl/raise.hpp"

#include "passes/inverse.hpp"
#include "passes/layout.hpp"
#include "passes/pass.hpp"
#include "passes/readable.hpp"

namespace oneshader::wgsl {

namespace {
// WGSL declares an over-strided array (a StrideN wrapper per element): a matrix whose
// columns are further apart than WGSL's is array<vecR, C> with the member's matrix stride.
bool padMatrixColumns(ir::Module& m, passes::PassContext& ctx) {
  return passes::padMatrixColumns(m, ctx, {.interleave = false, .maxSpread = 0});
}

const passes::Pass kPasses[] = {
    {"transpose-row-major", passes::transposeRowMajor},
    {"pad-matrix-columns", padMatrixColumns},
    {"expand-inverse", passes::expandInverse},
    {"forward-parameters", passes::forwardParameters},
};
}  // namespace

bool raise(ir::Module& m, DiagEngine& diags) {
  passes::PassContext ctx{diags};
  return passes::runPasses(m, kPasses, ctx);
}

}  // namespace oneshader::wgsl
