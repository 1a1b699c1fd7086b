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
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], depth2d<float> D4 [[texture(0)]], depth2d<float> D2 [[texture(1)]], sampler S [[sampler(0)]], sampler C [[sampler(1)]], uint3 id [[thread_position_in_grid]])
{
    float2 _e2 = float2(id.xy);
    float2 uv = (float2(_e2.x, _e2.y) / float2(8.0f));
    float4 _e19 = float4(D4.sample(S, uv, level(0.0f)), 0, 0, 1);
    Out.data[0] = _e19;
    int2 _e25 = as_type<int2>(id.xy);
    int3 _e29 = int3(_e25.x, _e25.y, 0);
    float4 _e33 = float4(D4.read(uint2(_e29.xy), uint(_e29.z)), 0, 0, 1);
    Out.data[1] = _e33;
    float4 _e43 = float4(D2.sample(S, uv, level(0.0f)), 0, 0, 1);
    float2 _e44 = _e43.xy;
    int2 _e46 = as_type<int2>(id.xy);
    int3 _e50 = int3(_e46.x, _e46.y, 0);
    float4 _e54 = float4(D2.read(uint2(_e50.xy), uint(_e50.z)), 0, 0, 1);
    float2 _e55 = _e54.xy;
    Out.data[2] = float4(_e44.x, _e44.y, _e55.x, _e55.y);
    float _e70 = D4.sample_compare(C, uv, 0.5f, level(0));
    float _e76 = D2.sample_compare(C, uv, 0.25f, level(0));
    Out.data[3] = float4((_e70 + _e76));
}

