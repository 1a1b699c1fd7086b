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

struct MslOptions {};

struct MslBinding {
  std::string name;   // the HLSL global's name
  std::string kind;   // "buffer", "texture", "sampler"
  uint32_t index = 0; // [[buffer(n)]], [[texture(n)]], [[sampler(n)]]
};

struct MslResult {
  std::string text;
  std::vector<MslBinding> bindings;  // the argument table, in index order per kind
};

// Emits MSL for `entryPoint`; nullopt after reporting a coded diagnostic (4xxx) at the
// HLSL source range of what MSL cannot express.
std::optional<MslResult> compileMsl(const ir::Module& m, const std::string& entryPoint,
                                    const MslOptions& options, DiagEngine& diags);

}  // namespace oneshader::msl
