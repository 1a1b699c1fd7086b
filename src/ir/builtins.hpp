// Built-in values by target, from the one table ir/builtins.def. The back ends and reflection
// spell built-ins only through these, so the code and its reflection always agree.
#pragma once
#include <cstdint>

#include "ir/ir.hpp"

namespace oneshader::ir {

// The HLSL spelling a message uses for the value: its SV_ semantic, or the
// [[vk::builtin("...")]] name of the values only that attribute gives.
const char* builtinSourceSpelling(BuiltIn b);
// The SPIR-V BuiltIn (a spv::BuiltIn value) and its name, for an input or an output of `stage`
// (a pixel shader's SV_Position input is FragCoord; SV_ShadingRate is ShadingRateKHR in and
// PrimitiveShadingRateKHR out). None: spv::BuiltIn::Max and "".
uint32_t spirvBuiltin(BuiltIn b, Stage stage, bool input);
const char* spirvBuiltinName(BuiltIn b, Stage stage, bool input);
// The WGSL @builtin name in `stage`, or nullptr where WGSL has no such value there
// (primitive_index only in fragment shaders, clip_distances only in vertex shaders: the
// WebGPU extensions "primitive-index" and "clip-distances").
const char* wgslBuiltin(BuiltIn b, Stage stage);
// The MSL attribute (without [[ ]]) of the value as an input or output of `stage`, or
// nullptr where Metal has none (clip_distance only on a vertex output).
const char* mslBuiltinAttribute(BuiltIn b, Stage stage, bool input);

}  // namespace oneshader::ir
