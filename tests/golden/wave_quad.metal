#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_float, data) == 0, "type_StructuredBuffer_float.data offset");

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_float& In [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    float v = In.data[id.x];
    float _e13 = quad_shuffle_xor(v, 1);
    float _e16 = quad_shuffle_xor(v, 2);
    float _e19 = quad_shuffle_xor(v, 3);
    float _e23 = quad_shuffle(v, ushort(2u));
    Out.data[id.x] = float4(_e13, _e16, _e19, _e23);
}

