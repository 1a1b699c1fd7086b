#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(float2 uv, float3 dir, texture2d<float> tex, texture2d_array<int> texArr, texture3d<uint> vol, texturecube<float> cube, texturecube_array<float> cubes, sampler samp, sampler cmp)
{
    float2 uv_1 = float2{};
    float3 dir_1 = float3{};
    float4 c = float4{};
    uv_1 = uv;
    dir_1 = dir;
    c = float4(0.0f);
    float4 _e8 = c;
    float2 _e11 = uv_1;
    float _e14 = tex.calculate_clamped_lod(samp, _e11);
    c.x = (_e8.x + _e14);
    float4 _e18 = c;
    float2 _e21 = uv_1;
    float _e24 = tex.calculate_unclamped_lod(samp, _e21);
    c.y = (_e18.y + _e24);
    float4 _e28 = c;
    float2 _e31 = uv_1;
    float _e34 = texArr.calculate_clamped_lod(samp, _e31);
    c.z = (_e28.z + _e34);
    float4 _e38 = c;
    float3 _e41 = dir_1;
    float _e44 = vol.calculate_unclamped_lod(samp, _e41);
    c.w = (_e38.w + _e44);
    float4 _e48 = c;
    float3 _e51 = dir_1;
    float _e54 = cube.calculate_clamped_lod(samp, _e51);
    c.x = (_e48.x + _e54);
    float4 _e58 = c;
    float3 _e61 = dir_1;
    float _e64 = cubes.calculate_unclamped_lod(samp, _e61);
    c.y = (_e58.y + _e64);
    float4 _e68 = c;
    float2 _e71 = uv_1;
    float _e74 = tex.calculate_clamped_lod(cmp, _e71);
    c.z = (_e68.z + _e74);
    float4 _e78 = c;
    return _e78;
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

