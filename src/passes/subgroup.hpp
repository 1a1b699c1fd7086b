// countBallots: WaveActiveCountBits(c) / WavePrefixCountBits(c) lower to the BallotBitCount
// of a Ballot of c. MSL and WGSL have no bit count of a ballot across lanes (Metal's
// simd_vote has no population count by lane, WGSL's ballot is a vec4<u32>), but both count
// the condition directly: the BallotBitCount of a Ballot's result (in the same function)
// becomes the Subgroup Add of u32(c) with the same collective (reduction or scan), the
// table's simd_sum / simd_prefix_exclusive_sum and subgroupAdd / subgroupExclusiveAdd; a
// Ballot whose every use was so counted is removed (it has no effect). Linear.
#pragma once
#include "passes/pass.hpp"

namespace oneshader::passes {

bool countBallots(ir::Module& m, PassContext& ctx);

}  // namespace oneshader::passes
