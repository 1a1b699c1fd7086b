#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], texture2d_ms<float> ms [[texture(0)]], texture2d_ms<float> ms4 [[texture(1)]], texture2d_ms_array<uint> msa [[texture(2)]], uint3 id [[thread_position_in_grid]])
{
    int2 _e2 = as_type<int2>(id.xy);
    float4 _e8 = ms.read(uint2(int2(_e2.x, _e2.y)), uint(1));
    float4 a = _e8;
    float4 _e16 = ms4.read(uint2(int2(1, 2)), uint(as_type<int>(id.x)));
    float b = _e16.x;
    int3 _e19 = as_type<int3>(id);
    uint4 _e26 = msa.read(uint2(int3(_e19.x, _e19.y, _e19.z).xy), uint(int3(_e19.x, _e19.y, _e19.z).z), uint(3));
    uint2 c = _e26.xy;
    uint2 _e30 = uint2(ms.get_width(), ms.get_height());
    uint w = _e30.x;
    uint h = _e30.y;
    uint _e35 = uint(ms.get_num_samples());
    uint s = _e35;
    uint3 _e38 = uint3(msa.get_width(), msa.get_height(), msa.get_array_size());
    float fw = float(_e38.x);
    float fh = float(_e38.y);
    float fe = float(_e38.z);
    uint _e48 = uint(msa.get_num_samples());
    float fs = float(_e48);
    float2 _e63 = float2(c);
    Out.data[0] = (((a + float4(b)) + float4(_e63.x, _e63.y, float((w + h)), float(s))) + float4(fw, fh, fe, fs));
}

