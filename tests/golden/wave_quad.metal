#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_float, data) == 0, "type_StructuredBuffer_float.data offset");

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

void src_main(uint3 id, const device type_StructuredBuffer_float& In, device type_RWStructuredBuffer_float4& Out)
{
    uint3 id_1 = uint3{};
    float v = float{};
    id_1 = id;
    uint3 _e3 = id_1;
    float _e8 = In.data[_e3.x];
    v = _e8;
    uint3 _e11 = id_1;
    float _e17 = v;
    float _e18 = quad_shuffle_xor(_e17, 1);
    float _e20 = v;
    float _e21 = quad_shuffle_xor(_e20, 2);
    float _e23 = v;
    float _e24 = quad_shuffle_xor(_e23, 3);
    float _e26 = v;
    float _e28 = quad_shuffle(_e26, ushort(2u));
    Out.data[_e11.x] = float4(_e18, _e21, _e24, _e28);
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_float& In [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, Out);
    return;
}

