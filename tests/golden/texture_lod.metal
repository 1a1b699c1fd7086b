#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(float2 uv, float3 dir, texture2d<float> tex, texture2d_array<int> texArr, texture3d<uint> vol, texturecube<float> cube, texturecube_array<float> cubes, sampler samp, sampler cmp)
{
    float4 c = float4{};
    c = float4(0.0f);
    float4 _e4 = c;
    float _e9 = tex.calculate_clamped_lod(samp, uv);
    c.x = (_e4.x + _e9);
    float4 _e13 = c;
    float _e17 = tex.calculate_unclamped_lod(samp, uv);
    c.y = (_e13.y + _e17);
    float4 _e21 = c;
    float _e25 = texArr.calculate_clamped_lod(samp, uv);
    c.z = (_e21.z + _e25);
    float4 _e29 = c;
    float _e34 = vol.calculate_unclamped_lod(samp, dir);
    c.w = (_e29.w + _e34);
    float4 _e38 = c;
    float _e42 = cube.calculate_clamped_lod(samp, dir);
    c.x = (_e38.x + _e42);
    float4 _e46 = c;
    float _e50 = cubes.calculate_unclamped_lod(samp, dir);
    c.y = (_e46.y + _e50);
    float4 _e54 = c;
    float _e58 = tex.calculate_clamped_lod(cmp, uv);
    c.z = (_e54.z + _e58);
    float4 _e62 = c;
    return _e62;
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

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<int> texArr [[texture(1)]], texture3d<uint> vol [[texture(2)]], texturecube<float> cube [[texture(3)]], texturecube_array<float> cubes [[texture(4)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    float3 in_var_TEXCOORD1 = in.in_var_TEXCOORD1;
    float4 _e2 = src_main(in_var_TEXCOORD0, in_var_TEXCOORD1, tex, texArr, vol, cube, cubes, samp, cmp);
    main_out out = {};
    out.out_var = _e2;
    return out;
}

