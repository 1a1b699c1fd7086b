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
    uint3 id_1 = uint3{};
    uint v = uint{};
    uint r = uint{};
    id_1 = id;
    uint3 _e3 = id_1;
    uint _e8 = In.data[_e3.x];
    v = _e8;
    r = 0u;
    uint _e13 = v;
    bool _e16 = simd_any((_e13 > 10u));
    if (_e16)
    {
        uint _e18 = r;
        r = (_e18 | 1u);
    }
    uint _e22 = v;
    bool _e25 = simd_all((_e22 != 0u));
    if (_e25)
    {
        uint _e27 = r;
        r = (_e27 | 2u);
    }
    uint _e31 = v;
    bool _e32 = simd_all(_e31 == simd_broadcast_first(_e31));
    if (_e32)
    {
        uint _e34 = r;
        r = (_e34 | 4u);
    }
    uint3 _e38 = id_1;
    uint _e44 = r;
    Out.data[_e38.x] = _e44;
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, Out);
    return;
}

