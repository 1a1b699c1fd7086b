// Vulkan descriptor set / binding assignment for HLSL resources (DXC's rules, SPIR-V.rst
// "HLSL register and Vulkan binding"):
//   1. [[vk::binding(b, s)]] gives set s (default 0), binding b; shifts do not apply.
//   2. register(xN, spaceM) gives set M, binding N + the -fvk-x-shift for (x, M)
//      (a shift given for space -1 applies to every space; a shift for the exact space wins).
//   3. Every other resource gets an implicit binding, in declaration order, after all
//      explicit ones are reserved: the lowest unused binding of its set (set 0, or M for a
//      space-only register(spaceM)).
//   4. The associated counter of an RW/Append/Consume structured buffer (a request with
//      `counterOf` set, placed right after its buffer) is in its buffer's set, at
//      [[vk::counter_binding(b)]] of the buffer when given (explicit), else it takes the
//      lowest unused binding of that set in the implicit pass (DXC's rule).
//   5. [[vk::combinedImageSampler]] (DXC, SPIR-V.rst): a marked texture and a marked sampler
//      with the same set and binding are one combined image sampler; a marked sampler's
//      register(sN) is shifted by the -fvk-t-shift (never the s shift). After every binding
//      is known, each marked texture is paired with the first still unpaired marked sampler
//      of its set and binding, in declaration order; a marked resource left without a
//      partner is error OSH0049.
//      A vk::SampledTexture is both halves at once: its texture is a request marked Texture,
//      its sampler a request with `samplerOf` set (right after it) that takes the texture's
//      set and binding and is its partner whatever else is there.
//   6. Two resources with the same set and binding are a warning (OSH0040) naming both; a
//      combined pair is one resource, so its two halves never collide with each other.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <string>
#include <vector>

#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "sema/sema.hpp"

namespace oneshader::lower {

// -fvk-{t,u,b,s}-shift N SPACE: register class kind ('t', 'u', 'b', 's') in `space`
// (-1 = every space) is shifted by `shift`.
struct BindingShift {
  char kind;
  uint32_t shift;
  int32_t space;
};

// DXC's binding options beyond the shifts (SPIR-V.rst, "Vulkan-specific options").
struct BindingOptions {
  // -fvk-bind-register xX SPACE BINDING SET: register(xX, spaceSPACE) is (SET, BINDING).
  // When any is given, every resource needs a register() with a mapping (OSH0090/OSH0091)
  // and $Globals needs -fvk-bind-globals (OSH0092).
  struct Register {
    char kind;
    uint32_t reg, space, binding, set;
  };
  std::vector<Register> registers;
  std::optional<std::pair<uint32_t, uint32_t>> globals;  // -fvk-bind-globals BINDING SET
  // -auto-binding-space N: the set of a register() or [[vk::binding]] that names no space
  // or set, and of resources with neither.
  std::optional<uint32_t> defaultSpace;
  // -fvk-auto-shift-bindings: a resource without register() takes the lowest free binding
  // from the -fvk-*-shift of its register class (t, u, b or s, from its type) and set.
  bool autoShift = false;
  // -fspv-flatten-resource-arrays: an array of N resources takes N consecutive bindings (its
  // request's `count`), one per element (lowering splits it).
  bool flattenArrays = false;
};

struct BindingRequest {
  std::string name;
  sema::Binding written;   // register(...) / [[vk::binding]] as written
  SourceRange range;       // the declaration (for diagnostics)
  SourceRange nameRange;   // its name (for the -fvk-bind-register errors, where DXC points)
  int32_t counterOf = -1;  // a counter buffer: the index of its structured buffer's request
  int32_t samplerOf = -1;  // a vk::SampledTexture's sampler: the index of its texture's request
  // [[vk::combinedImageSampler]]: which half of a combined image sampler this resource is.
  enum class Combined : uint8_t { None, Texture, Sampler } combined = Combined::None;
  char naturalClass = 0;  // the register class its type implies ('t', 'u', 'b', 's'), for autoShift
  bool globals = false;   // the $Globals cbuffer
  uint32_t count = 1;     // consecutive bindings taken (a flattened array of resources)
};

struct BindingResult {
  ir::ResourceBinding binding;
  bool implicit = false;  // assigned by the compiler
  int32_t partner = -1;   // a combined texture or sampler: the index of its other half's request
};

// One result per request, in order. Collisions are reported to `diags` (the results are
// still filled in).
std::vector<BindingResult> assignBindings(std::span<const BindingRequest> requests,
                                          std::span<const BindingShift> shifts, DiagEngine& diags,
                                          const BindingOptions& options = {});

// The shift for a register class and space (0 when none applies).
uint32_t bindingShift(std::span<const BindingShift> shifts, char regClass, uint32_t space);

}  // namespace oneshader::lower
