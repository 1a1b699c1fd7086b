#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct PSOut
{
    float4 color;
    float4 blend;
};

struct out_main
{
    float4 var_SV_Target0;
    float4 var_SV_Target1;
};

PSOut src_main(float4 c, float2 uv)
{
    PSOut o = PSOut{};
    o.color = c;
    o.blend = float4(uv.x, uv.y, (1.0f - uv.x), 0.25f);
    return o;
}

struct main_in
{
    float4 in_var_COLOR [[user(locn0)]];
    float2 in_var_TEXCOORD0 [[user(locn1)]];
};

struct main_out
{
    float4 var_SV_Target0 [[color(0), index(0)]];
    float4 var_SV_Target1 [[color(0), index(1)]];
};

fragment main_out main_(main_in in [[stage_in]])
{
    float4 in_var_COLOR = in.in_var_COLOR;
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    PSOut _e2 = src_main(in_var_COLOR, in_var_TEXCOORD0);
    main_out out = {};
    out_main result = out_main{_e2.color, _e2.blend};
    out.var_SV_Target0 = result.var_SV_Target0;
    out.var_SV_Target1 = result.var_SV_Target1;
    return out;
}

