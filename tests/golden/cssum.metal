#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_uint, data) == 0, "type_StructuredBuffer_uint.data offset");

struct type_RWByteAddressBuffer
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWByteAddressBuffer, data) == 0, "type_RWByteAddressBuffer.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void CSSum(const device type_StructuredBuffer_uint& Values [[buffer(0)]], device type_RWByteAddressBuffer& Total [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    uint waveTotal = simd_sum(Values.data[id.x]);
    if (simd_is_first())
    {
        atomic_fetch_add_explicit((device atomic_uint*)&Total.data[0u], waveTotal, memory_order_relaxed);
    }
}

