#include "base/image_formats.hpp"

#include <iterator>

namespace oneshader {

namespace {
using C = FormatClass;
// SPIR-V names and classes from the SPIR-V spec; WebGPU storage formats from the WebGPU
// spec's "plain color formats" table (STORAGE_BINDING, core); Metal formats from
// MTLPixelFormat.
constexpr ImageFormatInfo kFormats[] = {
    {0, "unknown", "Unknown", C::Unknown, 0, 0, nullptr, nullptr},
    {1, "rgba32f", "Rgba32f", C::Float, 4, 32, "rgba32float", "RGBA32Float"},
    {2, "rgba16f", "Rgba16f", C::Float, 4, 16, "rgba16float", "RGBA16Float"},
    {3, "r32f", "R32f", C::Float, 1, 32, "r32float", "R32Float"},
    {4, "rgba8", "Rgba8", C::Float, 4, 8, "rgba8unorm", "RGBA8Unorm"},
    {5, "rgba8snorm", "Rgba8Snorm", C::Float, 4, 8, "rgba8snorm", "RGBA8Snorm"},
    {6, "rg32f", "Rg32f", C::Float, 2, 32, "rg32float", "RG32Float"},
    {7, "rg16f", "Rg16f", C::Float, 2, 16, nullptr, "RG16Float"},
    {8, "r11g11b10f", "R11fG11fB10f", C::Float, 3, 11, nullptr, "RG11B10Float"},
    {9, "r16f", "R16f", C::Float, 1, 16, nullptr, "R16Float"},
    {10, "rgba16", "Rgba16", C::Float, 4, 16, nullptr, "RGBA16Unorm"},
    {11, "rgb10a2", "Rgb10A2", C::Float, 4, 10, nullptr, "RGB10A2Unorm"},
    {12, "rg16", "Rg16", C::Float, 2, 16, nullptr, "RG16Unorm"},
    {13, "rg8", "Rg8", C::Float, 2, 8, nullptr, "RG8Unorm"},
    {14, "r16", "R16", C::Float, 1, 16, nullptr, "R16Unorm"},
    {15, "r8", "R8", C::Float, 1, 8, nullptr, "R8Unorm"},
    {16, "rgba16snorm", "Rgba16Snorm", C::Float, 4, 16, nullptr, "RGBA16Snorm"},
    {17, "rg16snorm", "Rg16Snorm", C::Float, 2, 16, nullptr, "RG16Snorm"},
    {18, "rg8snorm", "Rg8Snorm", C::Float, 2, 8, nullptr, "RG8Snorm"},
    {19, "r16snorm", "R16Snorm", C::Float, 1, 16, nullptr, "R16Snorm"},
    {20, "r8snorm", "R8Snorm", C::Float, 1, 8, nullptr, "R8Snorm"},
    {21, "rgba32i", "Rgba32i", C::Sint, 4, 32, "rgba32sint", "RGBA32Sint"},
    {22, "rgba16i", "Rgba16i", C::Sint, 4, 16, "rgba16sint", "RGBA16Sint"},
    {23, "rgba8i", "Rgba8i", C::Sint, 4, 8, "rgba8sint", "RGBA8Sint"},
    {24, "r32i", "R32i", C::Sint, 1, 32, "r32sint", "R32Sint"},
    {25, "rg32i", "Rg32i", C::Sint, 2, 32, "rg32sint", "RG32Sint"},
    {26, "rg16i", "Rg16i", C::Sint, 2, 16, nullptr, "RG16Sint"},
    {27, "rg8i", "Rg8i", C::Sint, 2, 8, nullptr, "RG8Sint"},
    {28, "r16i", "R16i", C::Sint, 1, 16, nullptr, "R16Sint"},
    {29, "r8i", "R8i", C::Sint, 1, 8, nullptr, "R8Sint"},
    {30, "rgba32ui", "Rgba32ui", C::Uint, 4, 32, "rgba32uint", "RGBA32Uint"},
    {31, "rgba16ui", "Rgba16ui", C::Uint, 4, 16, "rgba16uint", "RGBA16Uint"},
    {32, "rgba8ui", "Rgba8ui", C::Uint, 4, 8, "rgba8uint", "RGBA8Uint"},
    {33, "r32ui", "R32ui", C::Uint, 1, 32, "r32uint", "R32Uint"},
    {34, "rgb10a2ui", "Rgb10a2ui", C::Uint, 4, 10, nullptr, "RGB10A2Uint"},
    {35, "rg32ui", "Rg32ui", C::Uint, 2, 32, "rg32uint", "RG32Uint"},
    {36, "rg16ui", "Rg16ui", C::Uint, 2, 16, nullptr, "RG16Uint"},
    {37, "rg8ui", "Rg8ui", C::Uint, 2, 8, nullptr, "RG8Uint"},
    {38, "r16ui", "R16ui", C::Uint, 1, 16, nullptr, "R16Uint"},
    {39, "r8ui", "R8ui", C::Uint, 1, 8, nullptr, "R8Uint"},
    {40, "r64ui", "R64ui", C::Uint, 1, 64, nullptr, nullptr},
    {41, "r64i", "R64i", C::Sint, 1, 64, nullptr, nullptr},
};
}  // namespace

const ImageFormatInfo* imageFormatInfo(uint32_t f) { return f < std::size(kFormats) ? &kFormats[f] : nullptr; }

const ImageFormatInfo* imageFormatByName(std::string_view n) {
  for (const ImageFormatInfo& f : kFormats)
    if (n == f.hlsl) return &f;
  return nullptr;
}

}  // namespace oneshader
