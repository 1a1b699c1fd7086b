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
enum class IntrinsicRet : uint8_t { SameAsArg0, Scalar, BoolSame, BoolScalar, UintSame, Uint, Uint4, FloatSame, IntSame, Void, Special };
enum class IntrinsicGroupOp : uint8_t { None, Reduce, InclusiveScan, ExclusiveScan };
enum class IntrinsicStages : uint8_t { AllStages, PixelCompute, PixelOnly };

struct IntrinsicInfo {
  IntrinsicId id;
  std::string_view name;   // HLSL spelling
  IntrinsicKind kind;
  uint8_t minArgs, maxArgs;
  IntrinsicArgs args;
  IntrinsicRet ret;
  std::string_view spirv;  // documentation / cross-check
  IntrinsicGroupOp groupOp;
  std::string_view msl;
  std::string_view wgsl;
  uint32_t subgroupFeature;  // VkSubgroupFeatureFlagBits
  IntrinsicStages stages;
};

const IntrinsicInfo& intrinsicInfo(IntrinsicId id);
// Free functions (kind != Method). Returns IntrinsicId::None if `name` is not an intrinsic.
IntrinsicId lookupIntrinsic(std::string_view name);
// Methods of built-in objects by method name (Load, Store2, GetDimensions, InterlockedAdd, ...).
// Interlocked* method names resolve to the Interlocked rows.
IntrinsicId lookupMethodIntrinsic(std::string_view name);
inline bool isWaveOrQuad(IntrinsicId id) {
  auto k = intrinsicInfo(id).kind;
  return k == IntrinsicKind::Wave || k == IntrinsicKind::Quad;
}

}  // namespace oneshader
