#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

void src_main(uint gi, device type_RWStructuredBuffer_uint& Out, threadgroup array<uint, 64>& tile, threadgroup uint& counter)
{
    uint gi_1 = uint{};
    gi_1 = gi;
    uint _e3 = gi_1;
    if ((_e3 == 0u))
    {
        counter = 0u;
    }
    uint _e10 = gi_1;
    uint _e13 = gi_1;
    tile[_e10] = (_e13 * 2u);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    uint _e20 = gi_1;
    uint _e23 = tile[(63u - _e20)];
    uint _e24 = atomic_fetch_add_explicit((threadgroup atomic_uint*)&counter, _e23, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup | mem_flags::mem_texture);
    uint _e26 = gi_1;
    uint _e32 = gi_1;
    uint _e38 = tile[((_e32 + 1u) & 63u)];
    uint _e40 = counter;
    Out.data[_e26] = (_e38 + _e40);
    threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_texture);
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], uint in_var_SV_GroupIndex [[thread_index_in_threadgroup]])
{
    threadgroup array<uint, 64> tile;
    threadgroup uint counter;
    src_main(in_var_SV_GroupIndex, Out, tile, counter);
    return;
}

