#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Out
{
    float4 color;
    uint mask;
    uint stencil;
    float depth;
};

struct out_main
{
    float4 var_SV_Target;
    uint var_SV_Coverage;
    uint var_SV_StencilRef;
    float var_SV_DepthLessEqual;
};

Out src_main(uint cov, uint layer, uint vp, float3 bary, int inst)
{
    Out o = Out{};
    o.color = float4(bary.x, bary.y, bary.z, float((layer + vp)));
    o.mask = (cov & 5u);
    o.stencil = as_type<uint>(inst);
    o.depth = bary.x;
    return o;
}

struct main_in
{
    int in_var_SV_InstanceID [[user(locn0), flat]];
};

struct main_out
{
    float4 var_SV_Target [[color(0)]];
    uint var_SV_Coverage [[sample_mask]];
    uint var_SV_StencilRef [[stencil]];
    float var_SV_DepthLessEqual [[depth(less)]];
};

fragment main_out main_(main_in in [[stage_in]], uint in_var_SV_Coverage [[sample_mask]], uint in_var_SV_RenderTargetArrayIndex [[render_target_array_index]], uint in_var_SV_ViewportArrayIndex [[viewport_array_index]], float3 in_var_SV_Barycentrics [[barycentric_coord]])
{
    int in_var_SV_InstanceID = in.in_var_SV_InstanceID;
    float _e4 = in_var_SV_Barycentrics.x;
    float _e5 = in_var_SV_Barycentrics.y;
    Out _e11 = src_main(in_var_SV_Coverage, in_var_SV_RenderTargetArrayIndex, in_var_SV_ViewportArrayIndex, float3(_e4, _e5, (1.0f - (_e4 + _e5))), in_var_SV_InstanceID);
    main_out out = {};
    out_main result = out_main{_e11.color, _e11.mask, _e11.stencil, _e11.depth};
    out.var_SV_Target = result.var_SV_Target;
    out.var_SV_Coverage = result.var_SV_Coverage;
    out.var_SV_StencilRef = result.var_SV_StencilRef;
    out.var_SV_DepthLessEqual = result.var_SV_DepthLessEqual;
    return out;
}

