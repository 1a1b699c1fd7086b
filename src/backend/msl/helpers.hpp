// Internal: program-scope helper functions of the MSL writer (helpers.cpp).
#pragma once
#include "backend/msl/writer.hpp"

namespace oneshader::msl {

// The name of the helper for a wave operation on a 64-bit integer scalar (lane moves,
// reductions, scans); "" when there is none (doubles, other ops).
std::string wave64Helper(Writer& w, ir::SubgroupOp op, ir::CollectiveOp coll, ir::Scalar s);
// Whether the move helper for `op` takes the lane (or xor mask / delta) argument.
bool wave64MoveTakesLane(ir::SubgroupOp op);
// An MSL literal of the scalar's type ("32u", "1.5f", "short(-3)").
std::string literalText(const ir::Literal& l);

}  // namespace oneshader::msl
