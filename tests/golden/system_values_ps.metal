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
    uint cov_1 = uint{};
    uint layer_1 = uint{};
    uint vp_1 = uint{};
    float3 bary_1 = float3{};
    int inst_1 = int{};
    Out o = Out{};
    cov_1 = cov;
    layer_1 = layer;
    vp_1 = vp;
    bary_1 = bary;
    inst_1 = inst;
    float3 _e13 = bary_1;
    uint _e15 = layer_1;
    uint _e17 = vp_1;
    o.color = float4(_e13.x, _e13.y, _e13.z, float((_e15 + _e17)));
    uint _e27 = cov_1;
    o.mask = (_e27 & 5u);
    int _e33 = inst_1;
    o.stencil = as_type<uint>(_e33);
    float3 _e38 = bary_1;
    o.depth = _e38.x;
    Out _e41 = o;
    return _e41;
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

