// The one table of storage image formats: DXC's [[vk::image_format("...")]] spellings in
// SPIR-V ImageFormat order (SPIR-V spec 3.11: the spelling's index is the enum value), with
// the WGSL storage texel format and the Metal pixel format of each. Sema, the WGSL writer
// and reflection read it.
#pragma once
#include <cstdint>
#include <string_view>

namespace oneshader {

enum class FormatClass : uint8_t { Unknown, Float, Sint, Uint };  // the texel's numeric type

struct ImageFormatInfo {
  uint8_t spirv;          // spv::ImageFormat value (0 = Unknown)
  const char* hlsl;       // DXC's spelling: "rgba8", "r32ui", ...
  const char* spirvName;  // "Rgba8"
  FormatClass cls;
  uint8_t components;
  uint8_t bits;       // bits of the widest component (64 for r64ui / r64i)
  const char* wgsl;   // WGSL / WebGPU storage texel format; nullptr: WebGPU has none
  const char* metal;  // MTLPixelFormat, without the prefix
};

// Row for a spv::ImageFormat value; nullptr if out of range.
const ImageFormatInfo* imageFormatInfo(uint32_t spirvFormat);
// Row for DXC's spelling (exact, lower-case); nullptr if unknown.
const ImageFormatInfo* imageFormatByName(std::string_view hlsl);

}  // namespace oneshader
