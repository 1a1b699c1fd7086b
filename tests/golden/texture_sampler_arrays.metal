#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

float4 pick(uint i, array<texture2d<float>, 3> ts, array<sampler, 2> ss)
{
    float4 _e13 = ts[(i % 3u)].sample(ss[(i & 1u)], float2(0.25f, 0.5f), level(0.0f));
    return _e13;
}

// threads per threadgroup: 4, 1, 1
[[max_total_threads_per_threadgroup(4)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], array<texture2d<float>, 3> ts [[texture(0)]], array<depth2d<float>, 2> shadows [[texture(3)]], array<texture_buffer<float, access::read>, 2> tbs [[texture(5)]], array<sampler, 2> ss [[sampler(0)]], sampler cmp [[sampler(2)]], uint3 id [[thread_position_in_grid]])
{
    uint i = id.x;
    float4 a = pick(i, ts, ss);
    float _e18 = shadows[(i & 1u)].sample_compare(cmp, float2(0.5f, 0.5f), 0.5f, level(0));
    float s = _e18;
    uint2 _e23 = uint2(ts[1].get_width(uint(0u)), ts[1].get_height(uint(0u)));
    uint w = _e23.x;
    uint h = _e23.y;
    float4 _e47 = tbs[(i & 1u)].read(uint(i));
    Out.data[i] = (((a * float4(s)) + float4(_e47.x)) + float4(float((w + h))));
}

