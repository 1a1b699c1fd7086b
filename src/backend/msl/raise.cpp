// The MSL pass list, in order. Each pass is a plain function over the module of one entry
// point (src/passes); the printer after them only prints.
#include "backend/msl/raise.hpp"

#include "passes/inverse.hpp"
#include "passes/layout.hpp"
#include "passes/pass.hpp"
#include "passes/readable.hpp"
#include "passes/subgroup.hpp"
#include "passes/textures.hpp"
#include "backend/msl/writer.hpp"

namespace oneshader::msl {

namespace {
// MSL arrays take their element's size as stride: a matrix's 16-byte-apart 2-vector
// columns are every second float2 (array<float2, 2C - 1>). Wider spreads (32-byte
// columns, half2 columns 16 bytes apart) stay matrices and OSH4001.
bool padMatrixColumns(ir::Module& m, passes::PassContext& ctx) {
  return passes::padMatrixColumns(m, ctx, {.interleave = true, .maxSpread = 2});
}

// MSL arrays take their element's size (rounded to its alignment) as stride: a cbuffer
// `float a[4]` (stride 16) is an array of StrideN wrapper structs (the printer pads them
// with a char array).
passes::TypeLayout layoutOf(const ir::TypeArena& types, ir::Handle<ir::Type> h) {
  SizeAlign sa = mslSizeAlign(types, h);
  return {sa.size, sa.align};
}
bool wrapStridedArrays(ir::Module& m, passes::PassContext& ctx) { return passes::wrapStridedArrays(m, ctx, layoutOf); }

// MSL's float3 is 16 bytes at 16-byte alignment (float2 8 at 8, float4 16 at 16): a
// vector member at an offset or in a room its vector cannot take (a cbuffer `float3`
// after a float, or followed by one), and float3 array elements 12 bytes apart, are
// packed_floatN (alignment 4, size N * 4).
bool packVectors(ir::Module& m, passes::PassContext& ctx) { return passes::packVectors(m, ctx, layoutOf); }

// MSL compares only in depth2d / depthcube[_array] textures (of float: a texture of other
// texels compared is declared a float depth texture).
bool depthTextures(ir::Module& m, passes::PassContext& ctx) {
  return passes::depthTextures(m, ctx, {.floatOnly = false});
}

const passes::Pass kPasses[] = {
    {"depth-textures", depthTextures},
    {"count-ballots", passes::countBallots},
    {"transpose-row-major", passes::transposeRowMajor},
    {"pad-matrix-columns", padMatrixColumns},
    {"wrap-strided-arrays", wrapStridedArrays},
    {"pack-vectors", packVectors},
    {"expand-inverse", passes::expandInverse},
    {"inline-entry-wrapper", passes::inlineEntryWrapper},
    {"forward-parameters", passes::forwardParameters},
    {"fold-constants", passes::foldConstants},
};
}  // namespace

bool raise(ir::Module& m, DiagEngine& diags) {
  passes::PassContext ctx{diags};
  return passes::runPasses(m, kPasses, ctx);
}

}  // namespace oneshader::msl
