#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(float2 uv, float3 dir, float ref, texture2d<float> tex, texture2d_array<uint> texArr, texturecube<int> cube, texturecube_array<float> cubes, depth2d<float> depth, depth2d_array<float> depthArr, depthcube<float> depthCube, sampler samp, sampler cmp)
{
    float2 uv_1 = float2{};
    float3 dir_1 = float3{};
    float ref_1 = float{};
    float4 c = float4{};
    uv_1 = uv;
    dir_1 = dir;
    ref_1 = ref;
    float2 _e7 = uv_1;
    float4 _e10 = tex.gather(samp, _e7);
    c = _e10;
    float4 _e13 = c;
    float2 _e15 = uv_1;
    float4 _e18 = tex.gather(samp, _e15, int2(1, (-1)));
    c = (_e13 + _e18);
    float4 _e21 = c;
    float2 _e23 = uv_1;
    float4 _e26 = float4(tex.gather(samp, _e23, int2(0, 1), component::y).w, tex.gather(samp, _e23, int2(1, 0), component::y).w, tex.gather(samp, _e23, int2((-1), 0), component::y).w, tex.gather(samp, _e23, int2(0, (-1)), component::y).w);
    c = (_e21 + _e26);
    float4 _e29 = c;
    float2 _e31 = uv_1;
    uint4 _e38 = texArr.gather(samp, float3(_e31.x, _e31.y, 1.0f).xy, uint(rint(float3(_e31.x, _e31.y, 1.0f).z)), int2(2, 3), component::z);
    float4 _e39 = float4(_e38);
    c = (_e29 + float4(_e39.x, _e39.y, _e39.z, _e39.w));
    float4 _e47 = c;
    float2 _e49 = uv_1;
    uint4 _e56 = texArr.gather(samp, float3(_e49.x, _e49.y, 2.0f).xy, uint(rint(float3(_e49.x, _e49.y, 2.0f).z)), int2(0), component::w);
    float4 _e57 = float4(_e56);
    c = (_e47 + float4(_e57.x, _e57.y, _e57.z, _e57.w));
    float4 _e65 = c;
    float3 _e67 = dir_1;
    int4 _e70 = cube.gather(samp, _e67, component::y);
    float4 _e71 = float4(_e70);
    c = (_e65 + float4(_e71.x, _e71.y, _e71.z, _e71.w));
    float4 _e79 = c;
    float3 _e81 = dir_1;
    float4 _e89 = cubes.gather(samp, float4(_e81.x, _e81.y, _e81.z, 3.0f).xyz, uint(rint(float4(_e81.x, _e81.y, _e81.z, 3.0f).w)), component::w);
    c = (_e79 + _e89);
    float4 _e92 = c;
    float2 _e94 = uv_1;
    float _e96 = ref_1;
    float4 _e99 = depth.gather_compare(cmp, _e94, _e96);
    c = (_e92 + _e99);
    float4 _e102 = c;
    float2 _e104 = uv_1;
    float _e106 = ref_1;
    float4 _e109 = depth.gather_compare(cmp, _e104, _e106, int2((-2), 1));
    c = (_e102 + _e109);
    float4 _e112 = c;
    float2 _e114 = uv_1;
    float _e116 = ref_1;
    float4 _e119 = float4(depth.gather_compare(cmp, _e114, _e116, int2(0, 0)).w, depth.gather_compare(cmp, _e114, _e116, int2(1, 0)).w, depth.gather_compare(cmp, _e114, _e116, int2(0, 1)).w, depth.gather_compare(cmp, _e114, _e116, int2(1, 1)).w);
    c = (_e112 + _e119);
    float4 _e122 = c;
    float2 _e124 = uv_1;
    float _e130 = ref_1;
    float4 _e133 = depthArr.gather_compare(cmp, float3(_e124.x, _e124.y, 1.0f).xy, uint(rint(float3(_e124.x, _e124.y, 1.0f).z)), _e130, int2(1, 1));
    c = (_e122 + _e133);
    float4 _e136 = c;
    float3 _e138 = dir_1;
    float _e140 = ref_1;
    float4 _e143 = depthCube.gather_compare(cmp, _e138, _e140);
    c = (_e136 + _e143);
    float4 _e146 = c;
    float2 _e148 = uv_1;
    float4 _e151 = depth.gather(samp, _e148, int2((-1), (-1)));
    c = (_e146 + _e151);
    float4 _e154 = c;
    return _e154;
}

struct main_in
{
    float2 in_var_TEXCOORD0 [[user(locn0)]];
    float3 in_var_TEXCOORD1 [[user(locn1)]];
    float in_var_TEXCOORD2 [[user(locn2)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<uint> texArr [[texture(1)]], texturecube<int> cube [[texture(2)]], texturecube_array<float> cubes [[texture(3)]], depth2d<float> depth [[texture(4)]], depth2d_array<float> depthArr [[texture(5)]], depthcube<float> depthCube [[texture(6)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    float3 in_var_TEXCOORD1 = in.in_var_TEXCOORD1;
    float in_var_TEXCOORD2 = in.in_var_TEXCOORD2;
    float4 _e3 = src_main(in_var_TEXCOORD0, in_var_TEXCOORD1, in_var_TEXCOORD2, tex, texArr, cube, cubes, depth, depthArr, depthCube, samp, cmp);
    main_out out = {};
    out.out_var = _e3;
    return out;
}

