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
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], texture2d<float> tex [[texture(0)]], texture3d<float> vol [[texture(1)]], sampler samp [[sampler(0)]])
{
    float4 _e10 = tex.sample(samp, float2(0.5f, 0.5f), level(0.0f), int2((-8), 7));
    float4 _e18 = vol.sample(samp, float3(0.5f, 0.5f, 0.5f), level(0.0f), int3(7, (-8), 0));
    Out.data[0] = (_e10 + _e18);
}

