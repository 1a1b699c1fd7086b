// MSL identifiers: reserved words (C++14 keywords, MSL keywords and types, metal:: names
// an HLSL identifier could shadow) and a per-scope namer.
#include <algorithm>
#include <iterator>

#include "backend/msl/writer.hpp"

namespace oneshader::msl {

namespace {
// Sorted for binary search (checked by a unit test).
constexpr std::string_view kReserved[] = {
    "abs", "access", "acos", "acosh", "alignas", "alignof", "all", "and", "and_eq", "any", "array", "as_type",
    "asin", "asinh", "asm", "atan", "atan2", "atanh", "atomic", "atomic_bool", "atomic_fetch_add_explicit",
    "atomic_int", "atomic_uint", "auto", "bitand", "bitor", "bool", "bool2", "bool3", "bool4", "break",
    "buffer", "case", "catch", "ceil", "char", "char16_t", "char2", "char3", "char32_t", "char4", "clamp",
    "class", "clz", "compl", "const", "const_cast", "constant", "constexpr", "continue", "cos", "cosh",
    "cross", "ctz", "decltype", "default", "degrees", "delete", "depth2d", "determinant", "device", "dfdx",
    "dfdy", "discard_fragment", "distance", "do", "dot", "double", "dynamic_cast", "else", "enum", "exp",
    "exp2", "explicit", "export", "extern", "extract_bits", "fabs", "false", "fast", "float", "float2",
    "float2x2", "float2x3", "float2x4", "float3", "float3x2", "float3x3", "float3x4", "float4", "float4x2",
    "float4x3", "float4x4", "floor", "fma", "fmax", "fmin", "fmod", "for", "fract", "fragment", "friend",
    "fwidth", "goto", "half", "half2", "half3", "half4", "if", "inline", "insert_bits", "int", "int2", "int3",
    "int4", "isinf", "isnan", "kernel", "ldexp", "length", "log", "log2", "long", "long2", "long3", "long4",
    "main", "max", "metal", "min", "mix", "mutable", "namespace", "new", "noexcept", "normalize", "not",
    "not_eq", "nullptr", "operator", "or", "or_eq", "packed_float2", "packed_float3", "packed_float4",
    "popcount", "pow", "powr", "precise", "private", "protected", "ptrdiff_t", "public", "quad_broadcast",
    "quad_shuffle", "quad_shuffle_xor", "radians", "ray_data", "reflect", "refract", "register",
    "reinterpret_cast", "return", "reverse_bits", "rint", "round", "rsqrt", "sample", "sampler", "saturate",
    "select", "short", "short2", "short3", "short4", "sign", "signed", "simd_all", "simd_any", "simd_ballot",
    "simd_broadcast", "simd_broadcast_first", "simd_is_first", "simd_max", "simd_min", "simd_product",
    "simd_shuffle", "simd_shuffle_xor", "simd_sum", "sin", "sinh", "size_t", "sizeof", "smoothstep", "sqrt",
    "stage_in", "static", "static_assert", "static_cast", "step", "struct", "switch", "tan", "tanh",
    "template", "texture", "texture1d", "texture2d", "texture2d_array", "texture3d", "texturecube", "this",
    "thread", "thread_local", "threadgroup", "threadgroup_barrier", "throw", "transpose", "true", "trunc",
    "try", "typedef", "typeid", "typename", "uchar", "uint", "uint2", "uint3", "uint4", "ulong", "ulong2",
    "ulong3", "ulong4", "union", "unsigned", "ushort", "ushort2", "ushort3", "ushort4", "using", "vec",
    "vertex", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
};
}  // namespace

bool isReserved(std::string_view name) {
  if (name.size() >= 2 && name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z')))
    return true;  // reserved for the implementation in C++
  return std::binary_search(std::begin(kReserved), std::end(kReserved), name);
}

bool reservedTableSorted() { return std::is_sorted(std::begin(kReserved), std::end(kReserved)); }

}  // namespace oneshader::msl
