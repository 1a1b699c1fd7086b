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
    uint3 id_1 = uint3{};
    uint v = uint{};
    bool odd = bool{};
    uint4 mask = uint4{};
    uint total = uint{};
    uint rank = uint{};
    uint first = uint{};
    id_1 = id;
    uint3 _e3 = id_1;
    uint _e8 = In.data[_e3.x];
    v = _e8;
    uint _e11 = v;
    odd = ((_e11 & 1u) != 0u);
    bool _e18 = odd;
    ulong _vote19 = static_cast<ulong>(static_cast<simd_vote::vote_t>(simd_ballot(_e18)));
    uint4 _e19 = uint4(uint(_vote19), uint(_vote19 >> 32), 0u, 0u);
    mask = _e19;
    bool _e22 = odd;
    uint _e24 = simd_sum(uint(_e22));
    total = _e24;
    bool _e27 = odd;
    uint _e29 = simd_prefix_exclusive_sum(uint(_e27));
    rank = _e29;
    uint _e32 = v;
    uint _e33 = simd_broadcast_first(_e32);
    first = _e33;
    uint3 _e36 = id_1;
    uint4 _e42 = mask;
    uint _e44 = total;
    uint _e46 = rank;
    uint _e48 = first;
    Out.data[_e36.x] = (_e42 + uint4(_e44, _e46, _e48, 0u));
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, Out);
    return;
}

