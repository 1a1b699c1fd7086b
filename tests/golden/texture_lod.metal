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

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<int> texArr [[texture(1)]], texture3d<uint> vol [[texture(2)]], texturecube<float> cube [[texture(3)]], texturecube_array<float> cubes [[texture(4)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 uv = in.uv;
    float3 dir = in.dir;
    float4 c = float4(0.0f);
    float _e9 = tex.calculate_clamped_lod(samp, uv);
    c.x = (c.x + _e9);
    float _e17 = tex.calculate_unclamped_lod(samp, uv);
    c.y = (c.y + _e17);
    float _e25 = texArr.calculate_clamped_lod(samp, uv);
    c.z = (c.z + _e25);
    float _e34 = vol.calculate_unclamped_lod(samp, dir);
    c.w = (c.w + _e34);
    float _e42 = cube.calculate_clamped_lod(samp, dir);
    c.x = (c.x + _e42);
    float _e50 = cubes.calculate_unclamped_lod(samp, dir);
    c.y = (c.y + _e50);
    float _e58 = tex.calculate_clamped_lod(cmp, uv);
    c.z = (c.z + _e58);
    main_out out = {};
    out.out_var = c;
    return out;
}

