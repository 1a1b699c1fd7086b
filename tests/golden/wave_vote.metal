#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_uint, data) == 0, "type_StructuredBuffer_uint.data offset");

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

void src_main(uint3 id, const device type_StructuredBuffer_uint& In, device type_RWStructuredBuffer_uint& Out)
{
    uint v = uint{};
    uint r = uint{};
    uint _e5 = In.data[id.x];
    v = _e5;
    r = 0u;
    uint _e10 = v;
    bool _e13 = simd_any((_e10 > 10u));
    if (_e13)
    {
        uint _e15 = r;
        r = (_e15 | 1u);
    }
    uint _e19 = v;
    bool _e22 = simd_all((_e19 != 0u));
    if (_e22)
    {
        uint _e24 = r;
        r = (_e24 | 2u);
    }
    uint _e28 = v;
    bool _e29 = simd_all(_e28 == simd_broadcast_first(_e28));
    if (_e29)
    {
        uint _e31 = r;
        r = (_e31 | 4u);
    }
    uint _e39 = r;
    Out.data[id.x] = _e39;
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, Out);
    return;
}

