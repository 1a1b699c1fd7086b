// depthTextures: a sampled texture that some comparison reads (SampleCmp*, GatherCmp) is
// declared as a depth texture by both text targets (MSL depth2d / depthcube[_array], WGSL
// texture_depth_*), whose comparison functions take only those. The pass retypes such a
// global's image type (an array of textures: its element) to ir::ImageClass::Depth and
// every expression that names it or indexes into it, so the printers only print the type
// they are given.
//
// A texture qualifies when it is a global (or an element of a global array) of
// ImageClass::Sampled, 2D or cube (arrayed or not), not multisampled, and, with
// `floatOnly`, of 32-bit float texels (WGSL has f32 depth textures only; Metal's depth
// textures always give float). A comparison read of any other texture keeps its type, and
// the printer reports what its target cannot compare in.
//
// The other reads of a retyped texture keep their result types: a 4-component
// ImageSample / ImageLoad result stands for the texel built from the depth (the printers
// widen the depth value they read), a gather still gathers 4 values.
#pragma once
#include "passes/pass.hpp"

namespace oneshader::passes {

struct DepthTextureRules {
  bool floatOnly = false;  // only textures of f32 texels can be depth textures
};

bool depthTextures(ir::Module& m, PassContext& ctx, const DepthTextureRules& rules);

}  // namespace oneshader::passes
