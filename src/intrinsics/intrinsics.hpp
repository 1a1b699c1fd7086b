// The one intrinsic table (intrinsics.def) as data.
#pragma once
#include <cstdint>
#include <string_view>

namespace oneshader {

enum class IntrinsicId : uint16_t {
#define INTRINSIC(id, ...) id,
#include "intrinsics/intrinsics.def"
#undef INTRINSIC
  Count,
  None = 0xffff
};

enum class IntrinsicKind : uint8_t { Math, Wave, Quad, Barrier, Interlocked, Conversion, Method };
enum class IntrinsicArgs : uint8_t { Float, FloatV, Num, NumV, Int, Int32, Bool, Any, Vec3F, None, Special };
enum class IntrinsicRet : uint8_t {
  SameAsArg0,
  Scalar,
  BoolSame,
  BoolScalar,
  UintSame,
  Uint,
  Uint4,
  FloatSame,
  IntSame,
  Void,
  Special
};
enum class IntrinsicGroupOp : uint8_t { None, Reduce, InclusiveScan, ExclusiveScan };
enum class IntrinsicStages : uint8_t { AllStages, PixelCompute, PixelOnly };

struct IntrinsicInfo {
  IntrinsicId id;
  std::string_view name;  // HLSL spelling
  IntrinsicKind kind;
  uint8_t minArgs, maxArgs;
  IntrinsicArgs args;
  IntrinsicRet ret;
  std::string_view spirv;  // for the reader (intrinsics.def)
  IntrinsicGroupOp groupOp;
  uint32_t subgroupFeature;  // VkSubgroupFeatureFlagBits
  IntrinsicStages stages;
};

const IntrinsicInfo& intrinsicInfo(IntrinsicId id);
// Free functions (kind != Method). Returns IntrinsicId::None if `name` is not an intrinsic.
IntrinsicId lookupIntrinsic(std::string_view name);
// Methods of built-in objects by method name (Load, Store2, GetDimensions, InterlockedAdd, ...).
// Interlocked* method names resolve to the Interlocked rows.
IntrinsicId lookupMethodIntrinsic(std::string_view name);
// Intrinsics that take derivatives: ddx/ddy/fwidth and their coarse/fine forms, sampling with
// an implicit level of detail, CalculateLevelOfDetail[Unclamped].
inline bool intrinsicNeedsDerivatives(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::Ddx:
    case IntrinsicId::Ddy:
    case IntrinsicId::DdxCoarse:
    case IntrinsicId::DdxFine:
    case IntrinsicId::DdyCoarse:
    case IntrinsicId::DdyFine:
    case IntrinsicId::Fwidth:
    case IntrinsicId::TexSample:
    case IntrinsicId::TexSampleBias:
    case IntrinsicId::TexSampleCmp:
    case IntrinsicId::TexSampleCmpBias:
    case IntrinsicId::TexCalcLod:
    case IntrinsicId::TexCalcLodUnclamped: return true;
    default: return false;
  }
}
// How the threads of a compute, mesh or amplification workgroup form derivative quads (HLSL
// SM 6.6 "Derivatives"): Linear (1D rule: X a multiple of 4, Y = Z = 1: threads 4k..4k+3),
// Quads (2D rule: X and Y multiples of 2: 2x2 squares), None (derivatives are invalid).
// SPIR-V: the DerivativeGroupLinearNV / DerivativeGroupQuadsNV execution modes.
enum class DerivativeGroup : uint8_t { None, Linear, Quads };
inline DerivativeGroup derivativeGroup(const uint32_t size[3]) {
  if (size[0] % 4 == 0 && size[1] == 1 && size[2] == 1) return DerivativeGroup::Linear;
  if (size[0] % 2 == 0 && size[1] % 2 == 0) return DerivativeGroup::Quads;
  return DerivativeGroup::None;
}
inline bool isWaveOrQuad(IntrinsicId id) {
  auto k = intrinsicInfo(id).kind;
  return k == IntrinsicKind::Wave || k == IntrinsicKind::Quad;
}

}  // namespace oneshader
