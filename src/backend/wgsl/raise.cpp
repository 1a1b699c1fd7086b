// The WGSL pass list, in order. Each pass is a plain function over the module of one entry
// point (src/passes); the printer after them only prints.
#include "backend/wgsl/raise.hpp"

#include <algorithm>

#include "passes/atomics.hpp"
#include "passes/inverse.hpp"
#include "passes/layout.hpp"
#include "passes/pass.hpp"
#include "passes/readable.hpp"
#include "passes/subgroup.hpp"
#include "passes/textures.hpp"

namespace oneshader::wgsl {

namespace {
// WGSL declares an over-strided array (a StrideN wrapper per element): a matrix whose
// columns are further apart than WGSL's is array<vecR, C> with the member's matrix stride.
bool padMatrixColumns(ir::Module& m, passes::PassContext& ctx) {
  return passes::padMatrixColumns(m, ctx, {.interleave = false, .maxSpread = 0});
}

// WGSL's AlignOf / SizeOf (the same in every address space, see Writer::alignOf): an array
// whose stride is larger (a cbuffer `float a[4]`, a strided matrix's columns) is an array
// of StrideN wrapper structs, `struct StrideN_T { @size(N) v: T }`.
passes::TypeLayout layoutOf(const ir::TypeArena& types, ir::Handle<ir::Type> h) {
  const ir::Type& t = types[h];
  auto sc = [](ir::Scalar s) { return s.width == 16 ? 2u : 4u; };
  auto up = [](uint32_t v, uint32_t a) { return (v + a - 1) / a * a; };
  switch (t.kind) {
    case ir::TypeKind::Scalar:
    case ir::TypeKind::Atomic: return {sc(t.scalar), sc(t.scalar)};
    case ir::TypeKind::Vector: return {sc(t.scalar) * t.size, sc(t.scalar) * (t.size == 2 ? 2 : 4)};
    case ir::TypeKind::Matrix: {
      uint32_t col = sc(t.scalar) * (t.size == 2 ? 2 : 4);
      return {col * t.columns, col};
    }
    case ir::TypeKind::Array: {
      passes::TypeLayout e = layoutOf(types, t.base);
      uint32_t stride = t.stride ? t.stride : up(e.size, e.align);
      return {stride * std::max(t.arraySize, 1u), e.align};
    }
    case ir::TypeKind::Struct: {
      uint32_t end = 0, al = 1;
      for (const ir::StructMember& m : t.members) {
        passes::TypeLayout s = layoutOf(types, m.type);
        al = std::max(al, s.align);
        end = (t.structSize ? m.offset : up(end, s.align)) + s.size;
      }
      return {up(std::max(end, t.structSize), al), al};
    }
    default: return {4, 4};
  }
}
bool wrapStridedArrays(ir::Module& m, passes::PassContext& ctx) { return passes::wrapStridedArrays(m, ctx, layoutOf); }

// A vector member at an offset its WGSL alignment does not divide (a cbuffer float3 after a
// float) is one f32 member per component, `g_x`, `g_y`, `g_z`.
bool splitVectors(ir::Module& m, passes::PassContext& ctx) { return passes::splitVectors(m, ctx, layoutOf); }

// WGSL's textureSampleCompare* / textureGatherCompare take texture_depth_* only, which
// hold f32 depths.
bool depthTextures(ir::Module& m, passes::PassContext& ctx) {
  return passes::depthTextures(m, ctx, {.floatOnly = true});
}

// WGSL's atomics are types (atomic<u32>, atomic<i32>) read and written through atomicLoad
// and atomicStore: the integer leaves of what atomic operations reach become Atomic.
bool atomicTypes(ir::Module& m, passes::PassContext& ctx) {
  return passes::atomicTypes(m, ctx, {.unsupported = DiagId::WgslUnsupported});
}

const passes::Pass kPasses[] = {
    {"depth-textures", depthTextures},
    {"count-ballots", passes::countBallots},
    {"transpose-row-major", passes::transposeRowMajor},
    {"pad-matrix-columns", padMatrixColumns},
    {"wrap-strided-arrays", wrapStridedArrays},
    {"split-vectors", splitVectors},
    {"atomic-types", atomicTypes},
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

}  // namespace oneshader::wgsl
