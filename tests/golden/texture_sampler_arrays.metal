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
    uint i_1 = uint{};
    i_1 = i;
    uint _e3 = i_1;
    uint _e7 = i_1;
    float4 _e18 = ts[(_e3 % 3u)].sample(ss[(_e7 & 1u)], float2(0.25f, 0.5f), level(0.0f));
    return _e18;
}

void src_main(uint3 id, array<texture2d<float>, 3> ts, array<depth2d<float>, 2> shadows, array<texture_buffer<float, access::read>, 2> tbs, array<sampler, 2> ss, sampler cmp, device type_RWStructuredBuffer_float4& Out)
{
    uint3 id_1 = uint3{};
    uint i = uint{};
    float4 a = float4{};
    float s = float{};
    uint w = uint{};
    uint h = uint{};
    id_1 = id;
    uint3 _e3 = id_1;
    i = _e3.x;
    uint _e7 = i;
    float4 _e8 = pick(_e7, ts, ss);
    a = _e8;
    uint _e11 = i;
    float _e21 = shadows[(_e11 & 1u)].sample_compare(cmp, float2(0.5f, 0.5f), 0.5f, level(0));
    s = _e21;
    uint2 _e27 = uint2(ts[1].get_width(uint(0u)), ts[1].get_height(uint(0u)));
    w = _e27.x;
    h = _e27.y;
    uint _e33 = i;
    float4 _e38 = a;
    float _e40 = s;
    uint _e44 = i;
    uint _e48 = i;
    float4 _e51 = tbs[(_e44 & 1u)].read(uint(_e48));
    uint _e56 = w;
    uint _e58 = h;
    Out.data[_e33] = (((_e38 * float4(_e40)) + float4(_e51.x)) + float4(float((_e56 + _e58))));
}

// threads per threadgroup: 4, 1, 1
[[max_total_threads_per_threadgroup(4)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]], array<texture2d<float>, 3> ts [[texture(0)]], array<depth2d<float>, 2> shadows [[texture(3)]], array<texture_buffer<float, access::read>, 2> tbs [[texture(5)]], array<sampler, 2> ss [[sampler(0)]], sampler cmp [[sampler(2)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, ts, shadows, tbs, ss, cmp, Out);
    return;
}

