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
    int2 _e2 = as_type<int2>(id.xy);
    float4 _e8 = ms.read(uint2(int2(_e2.x, _e2.y)), uint(1));
    a = _e8;
    float4 _e16 = ms4.read(uint2(int2(1, 2)), uint(as_type<int>(id.x)));
    b = _e16.x;
    int3 _e19 = as_type<int3>(id);
    uint4 _e26 = msa.read(uint2(int3(_e19.x, _e19.y, _e19.z).xy), uint(int3(_e19.x, _e19.y, _e19.z).z), uint(3));
    c = _e26.xy;
    uint2 _e30 = uint2(ms.get_width(), ms.get_height());
    w = _e30.x;
    h = _e30.y;
    uint _e35 = uint(ms.get_num_samples());
    s = _e35;
    uint3 _e38 = uint3(msa.get_width(), msa.get_height(), msa.get_array_size());
    fw = float(_e38.x);
    fh = float(_e38.y);
    fe = float(_e38.z);
    uint _e48 = uint(msa.get_num_samples());
    fs = float(_e48);
    float4 _e56 = a;
    float _e58 = b;
    uint2 _e62 = c;
    float2 _e63 = float2(_e62);
    uint _e65 = w;
    uint _e67 = h;
    uint _e71 = s;
    float _e78 = fw;
    float _e80 = fh;
    float _e82 = fe;
    float _e84 = fs;
    Out.data[0] = (((_e56 + float4(_e58)) + float4(_e63.x, _e63.y, float((_e65 + _e67)), float(_e71))) + float4(_e78, _e80, _e82, _e84));
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], texture2d_ms<float> ms [[texture(0)]], texture2d_ms<float> ms4 [[texture(1)]], texture2d_ms_array<uint> msa [[texture(2)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, ms, ms4, msa, Out);
    return;
}

