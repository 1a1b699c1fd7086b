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

void src_main(uint3 id, const device type_StructuredBuffer_uint& In, device type_RWStructuredBuffer_uint4& Out)
{
    uint v = uint{};
    bool odd = bool{};
    uint4 mask = uint4{};
    uint total = uint{};
    uint rank = uint{};
    uint first = uint{};
    uint _e5 = In.data[id.x];
    v = _e5;
    uint _e8 = v;
    odd = ((_e8 & 1u) != 0u);
    bool _e15 = odd;
    ulong _vote16 = static_cast<ulong>(static_cast<simd_vote::vote_t>(simd_ballot(_e15)));
    uint4 _e16 = uint4(uint(_vote16), uint(_vote16 >> 32), 0u, 0u);
    mask = _e16;
    bool _e19 = odd;
    uint _e21 = simd_sum(uint(_e19));
    total = _e21;
    bool _e24 = odd;
    uint _e26 = simd_prefix_exclusive_sum(uint(_e24));
    rank = _e26;
    uint _e29 = v;
    uint _e30 = simd_broadcast_first(_e29);
    first = _e30;
    uint4 _e37 = mask;
    uint _e39 = total;
    uint _e41 = rank;
    uint _e43 = first;
    Out.data[id.x] = (_e37 + uint4(_e39, _e41, _e43, 0u));
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, Out);
    return;
}

