#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct main_in
{
    float4 c [[user(locn0)]];
};

struct main_out
{
    float4 out_var [[color(0)]];
};

fragment main_out main_(main_in in [[stage_in]])
{
    bool isHelper = simd_is_helper_thread();
    float4 c = in.c;
    float4 r = c;
    if (isHelper)
    {
        r = float4(0.0f);
    }
    main_out out = {};
    out.out_var = r;
    return out;
}

