// WGSL backend: IR -> WGSL text for one entry point (never by translating SPIR-V).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::wgsl {

struct WgslOptions {
  bool nagaDialect = false;  // leave out `enable subgroups;` (naga does not parse it yet)
  // Where the uniform buffer standing in for a [[vk::push_constant]] block goes (WebGPU has
  // no push constants). -1: binding 0 of the group after the highest group the module binds.
  int32_t pushConstantGroup = -1, pushConstantBinding = 0;
  // The sampler of each [[vk::combinedImageSampler]] pair, by name: WebGPU has no combined
  // image samplers, so the texture keeps the pair's binding and the sampler takes this one.
  // decideFileBindings fills it for the whole file (every entry point agrees): in global
  // order, the lowest binding of the group that no resource of the file uses.
  std::map<std::string, ir::ResourceBinding> combinedSamplerBindings;
  bool fileBindingsDecided = false;  // decideFileBindings has run on the whole file's module
};

// Decides what every entry point of a file must agree on (the push-constant group when it
// is -1, the combined samplers' bindings) from the whole file's module, once per file;
// compileWgsl does it itself when it has not been done.
void decideFileBindings(const ir::Module& file, WgslOptions& options);

struct WgslBinding {
  std::string name;  // the HLSL global's name
  uint32_t group = 0, binding = 0;
  std::string type;  // "storage-read", "storage", "uniform", "texture", "storage-texture", "sampler"
  // A Buffer<T> / RWBuffer<T> declared as a storage buffer (`type` is "storage-read" or
  // "storage"): the host binds a GPUBuffer holding the elements tightly packed (T as 32-bit
  // scalars, `components` of them per element), not a texel view; no format conversion.
  bool typedBuffer = false;
  uint32_t components = 0;  // typed buffers: components of T (1 to 4)
  // A texture (`type` "texture") declared texture_depth_* because the entry point samples it
  // with a comparison sampler (SampleCmp / SampleCmpLevelZero): its GPUTextureBindingLayout
  // sampleType must be "depth" (viewDimension and multisampled as for any texture), and the
  // host binds a depth-format view.
  bool depthTexture = false;
};

struct WgslResult {
  std::string text;
  std::vector<std::string> requiredFeatures;  // WebGPU features: "subgroups", "shader-f16", ...
  std::vector<WgslBinding> bindings;
};

// Emits WGSL for `entryPoint`; nullopt after reporting a coded diagnostic (5xxx) at the
// HLSL source range of what WGSL cannot express.
std::optional<WgslResult> compileWgsl(const ir::Module& m, const std::string& entryPoint, const WgslOptions& options,
                                      DiagEngine& diags);

}  // namespace oneshader::wgsl
