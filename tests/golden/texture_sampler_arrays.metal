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

void src_main(uint3 id, array<texture2d<float>, 3> ts, array<depth2d<float>, 2> shadows, array<texture_buffer<float, access::read>, 2> tbs, array<sampler, 2> ss, sampler cmp, device type_RWStructuredBuffer_float4& Out)
{
    uint i = uint{};
    float4 a = float4{};
    float s = float{};
    uint w = uint{};
    uint h = uint{};
    i = id.x;
    uint _e4 = i;
    float4 _e5 = pick(_e4, ts, ss);
    a = _e5;
    uint _e8 = i;
    float _e18 = shadows[(_e8 & 1u)].sample_compare(cmp, float2(0.5f, 0.5f), 0.5f, level(0));
    s = _e18;
    uint2 _e23 = uint2(ts[1].get_width(uint(0u)), ts[1].get_height(uint(0u)));
    w = _e23.x;
    h = _e23.y;
    uint _e29 = i;
    float4 _e34 = a;
    float _e36 = s;
    uint _e40 = i;
    uint _e44 = i;
    float4 _e47 = tbs[(_e40 & 1u)].read(uint(_e44));
    uint _e52 = w;
    uint _e54 = h;
    Out.data[_e29] = (((_e34 * float4(_e36)) + float4(_e47.x)) + float4(float((_e52 + _e54))));
}

// threads per threadgroup: 4, 1, 1
[[max_total_threads_per_threadgroup(4)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], array<texture2d<float>, 3> ts [[texture(0)]], array<depth2d<float>, 2> shadows [[texture(3)]], array<texture_buffer<float, access::read>, 2> tbs [[texture(5)]], array<sampler, 2> ss [[sampler(0)]], sampler cmp [[sampler(2)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, ts, shadows, tbs, ss, cmp, Out);
    return;
}

