#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(float2 uv, float3 dir, float ref, texture2d<float> tex, texture2d_array<float> texArr, texturecube<float> cube, texture3d<float> vol, texture1d<float> line, depth2d<float> depth, depthcube_array<float> depthCubes, sampler samp, sampler cmp)
{
    float2 uv_1 = float2{};
    float3 dir_1 = float3{};
    float ref_1 = float{};
    float4 c = float4{};
    uv_1 = uv;
    dir_1 = dir;
    ref_1 = ref;
    float2 _e7 = uv_1;
    float4 _e10 = tex.sample(samp, _e7, int2(1, (-1)));
    c = _e10;
    float4 _e13 = c;
    float2 _e15 = uv_1;
    float4 _e19 = tex.sample(samp, _e15, bias(0.5f));
    c = (_e13 + _e19);
    float4 _e22 = c;
    float2 _e24 = uv_1;
    float4 _e32 = texArr.sample(samp, float3(_e24.x, _e24.y, 2.0f).xy, uint(rint(float3(_e24.x, _e24.y, 2.0f).z)), bias(1.5f), int2(2, 3));
    c = (_e22 + _e32);
    float4 _e35 = c;
    float2 _e37 = uv_1;
    float2 _e39 = uv_1;
    float2 _e42 = uv_1;
    float4 _e46 = tex.sample(samp, _e37, gradient2d(dfdx(_e39), dfdy(_e42)));
    c = (_e35 + _e46);
    float4 _e49 = c;
    float3 _e51 = dir_1;
    float4 _e62 = cube.sample(samp, _e51, gradientcube(float3(0.25f, 0.0f, 0.0f), float3(0.0f, 0.25f, 0.0f)));
    c = (_e49 + _e62);
    float4 _e65 = c;
    float3 _e67 = dir_1;
    float3 _e69 = dir_1;
    float3 _e71 = dir_1;
    float4 _e74 = vol.sample(samp, _e67, gradient3d(_e69, _e71), int3(1, 0, (-1)));
    c = (_e65 + _e74);
    float4 _e77 = c;
    float2 _e79 = uv_1;
    float4 _e83 = tex.sample(samp, _e79, level(2.0f), int2(0, 1));
    c = (_e77 + _e83);
    float4 _e86 = c;
    float2 _e89 = uv_1;
    float4 _e94 = line.sample(samp, _e89.x, 3);
    c.x = (_e86.x + _e94.x);
    float4 _e99 = c;
    float2 _e102 = uv_1;
    float _e104 = ref_1;
    float _e107 = depth.sample_compare(cmp, _e102, _e104);
    c.y = (_e99.y + _e107);
    float4 _e111 = c;
    float2 _e114 = uv_1;
    float _e116 = ref_1;
    float _e119 = depth.sample_compare(cmp, _e114, _e116, level(0), int2((-2), 1));
    c.z = (_e111.z + _e119);
    float4 _e123 = c;
    float3 _e126 = dir_1;
    float _e133 = ref_1;
    float _e136 = depthCubes.sample_compare(cmp, float4(_e126.x, _e126.y, _e126.z, 1.0f).xyz, uint(rint(float4(_e126.x, _e126.y, _e126.z, 1.0f).w)), _e133);
    c.w = (_e123.w + _e136);
    float4 _e140 = c;
    float3 _e143 = dir_1;
    float _e150 = ref_1;
    float _e153 = depthCubes.sample_compare(cmp, float4(_e143.x, _e143.y, _e143.z, 0.0f).xyz, uint(rint(float4(_e143.x, _e143.y, _e143.z, 0.0f).w)), _e150, level(0));
    c.w = (_e140.w + _e153);
    float4 _e157 = c;
    return _e157;
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

fragment main_out main_(texture2d<float> tex [[texture(0)]], texture2d_array<float> texArr [[texture(1)]], texturecube<float> cube [[texture(2)]], texture3d<float> vol [[texture(3)]], texture1d<float> line [[texture(4)]], depth2d<float> depth [[texture(5)]], depthcube_array<float> depthCubes [[texture(6)]], sampler samp [[sampler(0)]], sampler cmp [[sampler(1)]], main_in in [[stage_in]])
{
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    float3 in_var_TEXCOORD1 = in.in_var_TEXCOORD1;
    float in_var_TEXCOORD2 = in.in_var_TEXCOORD2;
    float4 _e3 = src_main(in_var_TEXCOORD0, in_var_TEXCOORD1, in_var_TEXCOORD2, tex, texArr, cube, vol, line, depth, depthCubes, samp, cmp);
    main_out out = {};
    out.out_var = _e3;
    return out;
}

