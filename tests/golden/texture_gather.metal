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

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<uint> texArr [[texture(1)]], texturecube<int> cube [[texture(2)]], texturecube_array<float> cubes [[texture(3)]], depth2d<float> depth [[texture(4)]], depth2d_array<float> depthArr [[texture(5)]], depthcube<float> depthCube [[texture(6)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 uv = in.uv;
    float3 dir = in.dir;
    float ref = in.ref;
    float4 _e3 = tex.gather(samp, uv);
    float4 c = _e3;
    float4 _e9 = tex.gather(samp, uv, int2(1, (-1)));
    c = (c + _e9);
    float4 _e15 = float4(tex.gather(samp, uv, int2(0, 1), component::y).w, tex.gather(samp, uv, int2(1, 0), component::y).w, tex.gather(samp, uv, int2((-1), 0), component::y).w, tex.gather(samp, uv, int2(0, (-1)), component::y).w);
    c = (c + _e15);
    uint4 _e25 = texArr.gather(samp, float3(uv.x, uv.y, 1.0f).xy, uint(rint(float3(uv.x, uv.y, 1.0f).z)), int2(2, 3), component::z);
    float4 _e26 = float4(_e25);
    c = (c + float4(_e26.x, _e26.y, _e26.z, _e26.w));
    uint4 _e41 = texArr.gather(samp, float3(uv.x, uv.y, 2.0f).xy, uint(rint(float3(uv.x, uv.y, 2.0f).z)), int2(0), component::w);
    float4 _e42 = float4(_e41);
    c = (c + float4(_e42.x, _e42.y, _e42.z, _e42.w));
    int4 _e54 = cube.gather(samp, dir, component::y);
    float4 _e55 = float4(_e54);
    c = (c + float4(_e55.x, _e55.y, _e55.z, _e55.w));
    float4 _e71 = cubes.gather(samp, float4(dir.x, dir.y, dir.z, 3.0f).xyz, uint(rint(float4(dir.x, dir.y, dir.z, 3.0f).w)), component::w);
    c = (c + _e71);
    float4 _e78 = depth.gather_compare(cmp, uv, ref);
    c = (c + _e78);
    float4 _e84 = depth.gather_compare(cmp, uv, ref, int2((-2), 1));
    c = (c + _e84);
    float4 _e90 = float4(depth.gather_compare(cmp, uv, ref, int2(0, 0)).w, depth.gather_compare(cmp, uv, ref, int2(1, 0)).w, depth.gather_compare(cmp, uv, ref, int2(0, 1)).w, depth.gather_compare(cmp, uv, ref, int2(1, 1)).w);
    c = (c + _e90);
    float4 _e100 = depthArr.gather_compare(cmp, float3(uv.x, uv.y, 1.0f).xy, uint(rint(float3(uv.x, uv.y, 1.0f).z)), ref, int2(1, 1));
    c = (c + _e100);
    float4 _e106 = depthCube.gather_compare(cmp, dir, ref);
    c = (c + _e106);
    float4 _e112 = depth.gather(samp, uv, int2((-1), (-1)));
    c = (c + _e112);
    main_out out = {};
    out.out_var = c;
    return out;
}

