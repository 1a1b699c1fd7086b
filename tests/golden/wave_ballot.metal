#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_uint, data) == 0, "type_StructuredBuffer_uint.data offset");

struct type_RWStructuredBuffer_uint4
{
    uint4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint4, data) == 0, "type_RWStructuredBuffer_uint4.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint4& Out [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    uint v = In.data[id.x];
    bool odd = ((v & 1u) != 0u);
    ulong _vote16 = static_cast<ulong>(static_cast<simd_vote::vote_t>(simd_ballot(odd)));
    uint4 mask = uint4(uint(_vote16), uint(_vote16 >> 32), 0u, 0u);
    uint total = simd_sum(uint(odd));
    uint rank = simd_prefix_exclusive_sum(uint(odd));
    uint first = simd_broadcast_first(v);
    Out.data[id.x] = (mask + uint4(total, rank, first, 0u));
}

