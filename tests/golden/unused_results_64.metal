#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

// reduction over the active lanes in ascending order, one lane's halves shuffled per step
ulong simd_max_ulong(ulong x)
{
    uint2 h = as_type<uint2>(x);
    ulong lanes = static_cast<ulong>(static_cast<simd_vote::vote_t>(simd_ballot(true)));
    ulong r = ulong(0ul);
    for (uint k = 0u; lanes != 0ul; ++k)
    {
        uint lo = uint(lanes), hi = uint(lanes >> 32);
        ushort l = ushort(lo != 0u ? ctz(lo) : 32u + ctz(hi));
        ulong v = as_type<ulong>(uint2(simd_shuffle(h.x, l), simd_shuffle(h.y, l)));
        r = v > r ? v : r;
        lanes &= lanes - 1ul;
    }
    return r;
}

ulong simd_broadcast_first_ulong(ulong v)
{
    uint2 h = as_type<uint2>(v);
    return as_type<ulong>(uint2(simd_broadcast_first(h.x), simd_broadcast_first(h.y)));
}

// threads per threadgroup: 32, 1, 1
[[max_total_threads_per_threadgroup(32)]]
kernel void main_(device type_RWStructuredBuffer_uint& B [[buffer(0)]], uint3 id [[thread_position_in_grid]])
{
    uint _e5 = B.data[id.x];
    ulong w = ulong(_e5);
    simd_max_ulong(w);
    ulong2 _e16_x = ulong2(w, w);
    simd_broadcast_first_ulong(_e16_x.x);
    simd_broadcast_first_ulong(_e16_x.y);
    B.data[id.x] = uint(w);
}

