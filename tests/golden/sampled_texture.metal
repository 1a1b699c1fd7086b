#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(float2 uv, float3 dir, texture2d<float> Color, depth2d<float> Depth, texturecube<float> Sky, sampler Color_sampler, sampler Depth_sampler, sampler Sky_sampler)
{
    float2 uv_1 = float2{};
    float3 dir_1 = float3{};
    float4 c = float4{};
    uint w = uint{};
    uint h = uint{};
    uint levels = uint{};
    uv_1 = uv;
    dir_1 = dir;
    float2 _e5 = uv_1;
    float4 _e8 = Color.sample(Color_sampler, _e5);
    c = _e8;
    float4 _e11 = c;
    float2 _e13 = uv_1;
    float4 _e17 = Color.sample(Color_sampler, _e13, level(1.0f));
    c = (_e11 + _e17);
    float4 _e20 = c;
    int3 _e24 = int3(1, 2, 0);
    float4 _e28 = Color.read(uint2(_e24.xy), uint(_e24.z));
    c = (_e20 + _e28);
    float4 _e31 = c;
    float2 _e33 = uv_1;
    float4 _e36 = Color.gather(Color_sampler, _e33);
    c = (_e31 + _e36);
    uint2 _e40 = uint2(Color.get_width(uint(0u)), Color.get_height(uint(0u)));
    w = _e40.x;
    h = _e40.y;
    uint _e45 = uint(Color.get_num_mip_levels());
    levels = _e45;
    float4 _e48 = c;
    uint _e51 = w;
    uint _e53 = h;
    uint _e56 = levels;
    c.x = (_e48.x + float(((_e51 + _e53) + _e56)));
    float4 _e62 = c;
    float2 _e64 = uv_1;
    float4 _e73 = Color.sample(Color_sampler, _e64, gradient2d(float2(0.25f, 0.0f), float2(0.0f, 0.25f)));
    c = (_e62 + _e73);
    float4 _e76 = c;
    float2 _e79 = uv_1;
    float _e83 = Depth.sample_compare(Depth_sampler, _e79, 0.5f);
    c.z = (_e76.z + _e83);
    float4 _e87 = c;
    float3 _e89 = dir_1;
    float4 _e93 = Sky.sample(Sky_sampler, _e89, bias(0.5f));
    c = (_e87 + _e93);
    float4 _e96 = c;
    return _e96;
}

struct main_in
{
    float2 in_var_TEXCOORD0 [[user(locn0)]];
    float3 in_var_TEXCOORD1 [[user(locn1)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(texture2d<float> Color [[texture(0)]], depth2d<float> Depth [[texture(1)]], texturecube<float> Sky [[texture(2)]], sampler Color_sampler [[sampler(0)]], sampler Depth_sampler [[sampler(1)]], sampler Sky_sampler [[sampler(2)]], main_in in [[stage_in]])
{
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    float3 in_var_TEXCOORD1 = in.in_var_TEXCOORD1;
    float4 _e2 = src_main(in_var_TEXCOORD0, in_var_TEXCOORD1, Color, Depth, Sky, Color_sampler, Depth_sampler, Sky_sampler);
    main_out out = {};
    out.out_var = _e2;
    return out;
}

