#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

// threads per threadgroup: 32, 1, 1
[[max_total_threads_per_threadgroup(32)]]
kernel void main_(device type_RWStructuredBuffer_uint& B [[buffer(0)]], uint3 id [[thread_position_in_grid]])
{
    threadgroup uint G;
    uint v = B.data[id.x];
    simd_sum(v);
    simd_ballot((v > 3u));
    simd_shuffle(v, ushort(2u));
    simd_prefix_exclusive_sum(uint2(v, v));
    atomic_fetch_add_explicit((threadgroup atomic_uint*)&G, v, memory_order_relaxed);
    atomic_fetch_max_explicit((device atomic_uint*)&B.data[0], v, memory_order_relaxed);
    B.data[id.x] = (v + 1u);
}

