// MSL backend: IR -> Metal Shading Language 2.4 text for one entry point.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::msl {

struct MslOptions {
  // A static_assert of each laid-out struct's member offsets and size (the MSL checks
  // compile them); off by default.
  bool layoutAsserts = false;
};

struct MslBinding {
  std::string name;    // the HLSL global's name
  std::string kind;    // "buffer", "texture", "sampler"; "buffer_sizes" (see below)
  uint32_t index = 0;  // [[buffer(n)]], [[texture(n)]], [[sampler(n)]]
  // kind "buffer": the shader reads this buffer's byte size from the buffer-sizes argument
  // (GetDimensions), so the host must fill its entry there.
  bool sizeRead = false;
  // An array of textures / samplers (`Texture2D ts[4]`): `array<T, count>` at indices
  // index .. index + count - 1 of its kind. 1 for a single resource.
  uint32_t count = 1;
};
// The buffer-sizes argument: present when the entry point calls GetDimensions on a
// StructuredBuffer / ByteAddressBuffer (MSL has no buffer length). It is the entry
// {name, "buffer_sizes", index} of MslResult::bindings: a `constant uint*` at
// [[buffer(index)]], index = the number of the shader's own buffers (the next free
// buffer index); element i holds the byte size of the buffer bound at [[buffer(i)]], for
// i < index (only the entries of buffers with sizeRead are read). docs/msl.md.

struct MslResult {
  std::string text;
  std::vector<MslBinding> bindings;  // the argument table, in index order per kind
  // The function constants ([[function_constant(index)]]) the entry point uses: the host
  // sets them in MTLFunctionConstantValues; unset ones keep the HLSL default.
  struct FunctionConstant {
    std::string name;
    uint32_t index = 0;
  };
  std::vector<FunctionConstant> functionConstants;
};

// Emits MSL for `entryPoint`; nullopt after reporting a coded diagnostic (4xxx) at the
// HLSL source range of what MSL cannot express.
std::optional<MslResult> compileMsl(const ir::Module& m, const std::string& entryPoint, const MslOptions& options,
                                    DiagEngine& diags);

}  // namespace oneshader::msl
