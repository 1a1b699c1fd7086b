#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct main_in
{
    float2 uv [[user(locn0)]];
    float3 dir [[user(locn1)]];
    float ref [[user(locn2)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<float> texArr [[texture(1)]], texturecube<float> cube [[texture(2)]], texture3d<float> vol [[texture(3)]], texture1d<float> line [[texture(4)]], depth2d<float> depth [[texture(5)]], depthcube_array<float> depthCubes [[texture(6)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 uv = in.uv;
    float3 dir = in.dir;
    float ref = in.ref;
    float4 _e3 = tex.sample(samp, uv, int2(1, (-1)));
    float4 c = _e3;
    float4 _e10 = tex.sample(samp, uv, bias(0.5f));
    c = (c + _e10);
    float4 _e21 = texArr.sample(samp, float3(uv.x, uv.y, 2.0f).xy, uint(rint(float3(uv.x, uv.y, 2.0f).z)), bias(1.5f), int2(2, 3));
    c = (c + _e21);
    float4 _e29 = tex.sample(samp, uv, gradient2d(dfdx(uv), dfdy(uv)));
    c = (c + _e29);
    float4 _e44 = cube.sample(samp, dir, gradientcube(float3(0.25f, 0.0f, 0.0f), float3(0.0f, 0.25f, 0.0f)));
    c = (c + _e44);
    float4 _e50 = vol.sample(samp, dir, gradient3d(dir, dir), int3(1, 0, (-1)));
    c = (c + _e50);
    float4 _e57 = tex.sample(samp, uv, level(2.0f), int2(0, 1));
    c = (c + _e57);
    float4 _e66 = line.sample(samp, uv.x, 3);
    c.x = (c.x + _e66.x);
    float _e76 = depth.sample_compare(cmp, uv, ref);
    c.y = (c.y + _e76);
    float _e84 = depth.sample_compare(cmp, uv, ref, level(0), int2((-2), 1));
    c.z = (c.z + _e84);
    float _e97 = depthCubes.sample_compare(cmp, float4(dir.x, dir.y, dir.z, 1.0f).xyz, uint(rint(float4(dir.x, dir.y, dir.z, 1.0f).w)), ref);
    c.w = (c.w + _e97);
    float _e110 = depthCubes.sample_compare(cmp, float4(dir.x, dir.y, dir.z, 0.0f).xyz, uint(rint(float4(dir.x, dir.y, dir.z, 0.0f).w)), ref, level(0));
    c.w = (c.w + _e110);
    main_out out = {};
    out.out_var = c;
    return out;
}

