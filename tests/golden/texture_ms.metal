#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

void src_main(uint3 id, texture2d_ms<float> ms, texture2d_ms<float> ms4, texture2d_ms_array<uint> msa, device type_RWStructuredBuffer_float4& Out)
{
    uint3 id_1 = uint3{};
    float4 a = float4{};
    float b = float{};
    uint2 c = uint2{};
    uint w = uint{};
    uint h = uint{};
    uint s = uint{};
    float fw = float{};
    float fh = float{};
    float fe = float{};
    float fs = float{};
    id_1 = id;
    uint3 _e3 = id_1;
    int2 _e5 = as_type<int2>(_e3.xy);
    float4 _e11 = ms.read(uint2(int2(_e5.x, _e5.y)), uint(1));
    a = _e11;
    uint3 _e17 = id_1;
    float4 _e21 = ms4.read(uint2(int2(1, 2)), uint(as_type<int>(_e17.x)));
    b = _e21.x;
    uint3 _e25 = id_1;
    int3 _e26 = as_type<int3>(_e25);
    uint4 _e33 = msa.read(uint2(int3(_e26.x, _e26.y, _e26.z).xy), uint(int3(_e26.x, _e26.y, _e26.z).z), uint(3));
    c = _e33.xy;
    uint2 _e37 = uint2(ms.get_width(), ms.get_height());
    w = _e37.x;
    h = _e37.y;
    uint _e42 = uint(ms.get_num_samples());
    s = _e42;
    uint3 _e45 = uint3(msa.get_width(), msa.get_height(), msa.get_array_size());
    fw = float(_e45.x);
    fh = float(_e45.y);
    fe = float(_e45.z);
    uint _e55 = uint(msa.get_num_samples());
    fs = float(_e55);
    float4 _e63 = a;
    float _e65 = b;
    uint2 _e69 = c;
    float2 _e70 = float2(_e69);
    uint _e72 = w;
    uint _e74 = h;
    uint _e78 = s;
    float _e85 = fw;
    float _e87 = fh;
    float _e89 = fe;
    float _e91 = fs;
    Out.data[0] = (((_e63 + float4(_e65)) + float4(_e70.x, _e70.y, float((_e72 + _e74)), float(_e78))) + float4(_e85, _e87, _e89, _e91));
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], texture2d_ms<float> ms [[texture(0)]], texture2d_ms<float> ms4 [[texture(1)]], texture2d_ms_array<uint> msa [[texture(2)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, ms, ms4, msa, Out);
    return;
}

