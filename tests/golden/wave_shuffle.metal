#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_float, data) == 0, "type_StructuredBuffer_float.data offset");

struct type_RWStructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float, data) == 0, "type_RWStructuredBuffer_float.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_float& In [[buffer(0)]], device type_RWStructuredBuffer_float& Out [[buffer(1)]], uint3 id [[thread_position_in_grid]], uint simd_size [[threads_per_simdgroup]], uint simd_lane [[thread_index_in_simdgroup]])
{
    uint next = ((simd_lane + 1u) % simd_size);
    Out.data[id.x] = simd_shuffle(In.data[id.x], ushort(next));
}

