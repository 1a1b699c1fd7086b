#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

float4 src_main(bool isHelper, float4 c)
{
    float4 r = c;
    if (isHelper)
    {
        r = float4(0.0f);
    }
    return r;
}

struct main_in
{
    float4 in_var_COLOR [[user(locn0)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(main_in in [[stage_in]])
{
    bool in_var_HI = simd_is_helper_thread();
    float4 in_var_COLOR = in.in_var_COLOR;
    main_out out = {};
    out.out_var = src_main(in_var_HI, in_var_COLOR);
    return out;
}

