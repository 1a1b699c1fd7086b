// How a texture method's optional trailing arguments split, shared by Sema (which checks
// them) and lowering (which reads them). HLSL's overloads, as DXC declares them: after the
// fixed arguments come [offset][, clamp][, status], each only when the ones before it are
// there; cube textures take no offset; SampleLevel, SampleCmpLevelZero, SampleCmpLevel and
// the gathers take no clamp; GatherRed..Alpha and GatherCmpRed..Alpha also take four offsets.
#pragma once
#include <cstddef>
#include <cstdint>

#include "intrinsics/intrinsics.hpp"

namespace oneshader {

struct TextureArgLayout {
  uint32_t fixed = 0;    // sampler, location and the method's own operands
  uint32_t offsets = 0;  // 0, 1 or 4 offset arguments from index `fixed`
  int clamp = -1;        // index of the clamp (minimum level of detail) argument, or -1
  int status = -1;       // index of the `out uint status` argument, or -1
  bool valid = false;    // a sample-like method with an argument count it has
};

inline bool textureMethodIsGather(IntrinsicId id) {
  return id >= IntrinsicId::TexGather && id <= IntrinsicId::TexGatherCmpAlpha;
}
// Sample, SampleLevel, SampleBias, SampleGrad and the SampleCmp* methods.
inline bool textureMethodIsSample(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::TexSample:
    case IntrinsicId::TexSampleLevel:
    case IntrinsicId::TexSampleBias:
    case IntrinsicId::TexSampleGrad:
    case IntrinsicId::TexSampleCmp:
    case IntrinsicId::TexSampleCmpLevelZero:
    case IntrinsicId::TexSampleCmpLevel:
    case IntrinsicId::TexSampleCmpBias:
    case IntrinsicId::TexSampleCmpGrad: return true;
    default: return false;
  }
}
inline bool textureMethodIsCompare(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::TexSampleCmp:
    case IntrinsicId::TexSampleCmpLevelZero:
    case IntrinsicId::TexSampleCmpLevel:
    case IntrinsicId::TexSampleCmpBias:
    case IntrinsicId::TexSampleCmpGrad:
    case IntrinsicId::TexGatherCmp:
    case IntrinsicId::TexGatherCmpRed:
    case IntrinsicId::TexGatherCmpGreen:
    case IntrinsicId::TexGatherCmpBlue:
    case IntrinsicId::TexGatherCmpAlpha: return true;
    default: return false;
  }
}

inline TextureArgLayout textureArgLayout(IntrinsicId id, bool cube, size_t n) {
  using I = IntrinsicId;
  TextureArgLayout l;
  bool clamp = false, four = false;
  switch (id) {
    case I::TexSample: l.fixed = 2, clamp = true; break;
    case I::TexSampleLevel: l.fixed = 3; break;
    case I::TexSampleBias: l.fixed = 3, clamp = true; break;
    case I::TexSampleGrad: l.fixed = 4, clamp = true; break;
    case I::TexSampleCmp: l.fixed = 3, clamp = true; break;
    case I::TexSampleCmpLevelZero: l.fixed = 3; break;
    case I::TexSampleCmpLevel: l.fixed = 4; break;
    case I::TexSampleCmpBias: l.fixed = 4, clamp = true; break;
    case I::TexSampleCmpGrad: l.fixed = 5, clamp = true; break;
    case I::TexGather: l.fixed = 2; break;
    case I::TexGatherRed:
    case I::TexGatherGreen:
    case I::TexGatherBlue:
    case I::TexGatherAlpha: l.fixed = 2, four = true; break;
    case I::TexGatherCmp: l.fixed = 3; break;
    case I::TexGatherCmpRed:
    case I::TexGatherCmpGreen:
    case I::TexGatherCmpBlue:
    case I::TexGatherCmpAlpha: l.fixed = 3, four = true; break;
    default: return l;
  }
  if (n < l.fixed) return l;
  size_t tail = n - l.fixed, i = l.fixed;
  if (!cube && four && tail >= 4) {
    l.offsets = 4, i += 4, tail -= 4;
    if (tail > 1) return l;
    if (tail == 1) l.status = int(i);
    l.valid = true;
    return l;
  }
  if (!cube && tail) l.offsets = 1, ++i, --tail;
  if (clamp && tail) l.clamp = int(i), ++i, --tail;
  if (tail) l.status = int(i), ++i, --tail;
  l.valid = tail == 0;
  return l;
}

}  // namespace oneshader
