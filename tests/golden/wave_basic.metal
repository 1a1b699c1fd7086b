#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], uint3 id [[thread_position_in_grid]], uint simd_size [[threads_per_simdgroup]], uint simd_lane [[thread_index_in_simdgroup]])
{
    uint v = (simd_lane + (simd_size * 100u));
    if (simd_is_first())
    {
        v = (v + 1000000u);
    }
    Out.data[id.x] = v;
}

