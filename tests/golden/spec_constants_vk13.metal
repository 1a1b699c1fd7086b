#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

constant uint WX_fc [[function_constant(0)]];
constant uint WX = is_function_constant_defined(WX_fc) ? WX_fc : 8u;
constant int WY_fc [[function_constant(1)]];
constant int WY = is_function_constant_defined(WY_fc) ? WY_fc : 4;

// threads per threadgroup: 8 (default; specialization constant 0), 4 (default; specialization constant 1), 1
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], uint3 id [[thread_position_in_grid]])
{
    Out.data[id.x] = (id.y * WX);
}

