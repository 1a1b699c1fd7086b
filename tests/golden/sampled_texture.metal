#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct main_in
{
    float2 uv [[user(locn0)]];
    float3 dir [[user(locn1)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(texture2d<float> Color [[texture(0)]], depth2d<float> Depth [[texture(1)]], texturecube<float> Sky [[texture(2)]], sampler Color_sampler [[sampler(0)]], sampler Depth_sampler [[sampler(1)]], sampler Sky_sampler [[sampler(2)]], main_in in [[stage_in]])
{
    float2 uv = in.uv;
    float3 dir = in.dir;
    float4 _e3 = Color.sample(Color_sampler, uv);
    float4 c = _e3;
    float4 _e10 = Color.sample(Color_sampler, uv, level(1.0f));
    c = (c + _e10);
    int3 _e17 = int3(1, 2, 0);
    float4 _e21 = Color.read(uint2(_e17.xy), uint(_e17.z));
    c = (c + _e21);
    float4 _e27 = Color.gather(Color_sampler, uv);
    c = (c + _e27);
    uint2 _e31 = uint2(Color.get_width(uint(0u)), Color.get_height(uint(0u)));
    uint w = _e31.x;
    uint h = _e31.y;
    uint _e36 = uint(Color.get_num_mip_levels());
    uint levels = _e36;
    c.x = (c.x + float(((w + h) + levels)));
    float4 _e62 = Color.sample(Color_sampler, uv, gradient2d(float2(0.25f, 0.0f), float2(0.0f, 0.25f)));
    c = (c + _e62);
    float _e70 = Depth.sample_compare(Depth_sampler, uv, 0.5f);
    c.z = (c.z + _e70);
    float4 _e79 = Sky.sample(Sky_sampler, dir, bias(0.5f));
    c = (c + _e79);
    main_out out = {};
    out.out_var = c;
    return out;
}

