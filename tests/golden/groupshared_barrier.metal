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
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], uint gi [[thread_index_in_threadgroup]])
{
    threadgroup array<uint, 64> tile;
    threadgroup uint counter;
    if ((gi == 0u))
    {
        counter = 0u;
    }
    tile[gi] = (gi * 2u);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    uint _e13 = tile[(63u - gi)];
    atomic_fetch_add_explicit((threadgroup atomic_uint*)&counter, _e13, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup | mem_flags::mem_texture);
    uint _e25 = tile[((gi + 1u) & 63u)];
    uint _e27 = counter;
    Out.data[gi] = (_e25 + _e27);
    threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_texture);
}

