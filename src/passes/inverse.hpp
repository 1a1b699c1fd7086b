// expandInverse: every MathFunction::Inverse becomes IR arithmetic (cofactors over the
// determinant, inverse.cpp), so MSL and WGSL compute the same values with one algorithm.
// The IR validator allows the inverse of square float matrices only.
#pragma once
#include "passes/pass.hpp"

namespace oneshader::passes {

bool expandInverse(ir::Module& m, PassContext& ctx);

}  // namespace oneshader::passes
