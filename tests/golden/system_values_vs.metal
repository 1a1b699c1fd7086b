#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Out
{
    float4 pos;
    uint layer;
    uint viewport;
    uint inst;
    float2 clipB;
    float clipA;
};

struct out_main
{
    float4 var_SV_Position;
    uint var_SV_RenderTargetArrayIndex;
    uint var_SV_ViewportArrayIndex;
    uint var_SV_InstanceID;
    array<float, 3> gl_ClipDistance;
};

Out src_main(uint l, uint baseV, uint baseI, uint id)
{
    Out o = Out{};
    o.pos = float4(float(baseV), float(baseI), 0.0f, 1.0f);
    o.layer = l;
    o.viewport = (l + 1u);
    o.inst = id;
    o.clipB = float2(1.0f, 2.0f);
    o.clipA = 0.5f;
    return o;
}

struct main_in
{
    uint in_var_SV_RenderTargetArrayIndex [[attribute(0)]];
};

struct main_out
{
    float4 var_SV_Position [[position]];
    uint var_SV_RenderTargetArrayIndex [[render_target_array_index]];
    uint var_SV_ViewportArrayIndex [[viewport_array_index]];
    uint var_SV_InstanceID [[user(locn0)]];
    float gl_ClipDistance [[clip_distance]] [3];
};

vertex main_out main_(main_in in [[stage_in]], uint in_var_SV_StartVertexLocation [[base_vertex]], uint in_var_SV_StartInstanceLocation [[base_instance]], uint in_var_SV_InstanceID [[instance_id]])
{
    uint in_var_SV_RenderTargetArrayIndex = in.in_var_SV_RenderTargetArrayIndex;
    Out _e4 = src_main(in_var_SV_RenderTargetArrayIndex, in_var_SV_StartVertexLocation, in_var_SV_StartInstanceLocation, in_var_SV_InstanceID);
    float2 _e9 = _e4.clipB;
    main_out out = {};
    out_main result = out_main{_e4.pos, _e4.layer, _e4.viewport, _e4.inst, array<float, 3>{_e4.clipA, _e9.x, _e9.y}};
    out.var_SV_Position = result.var_SV_Position;
    out.var_SV_RenderTargetArrayIndex = result.var_SV_RenderTargetArrayIndex;
    out.var_SV_ViewportArrayIndex = result.var_SV_ViewportArrayIndex;
    out.var_SV_InstanceID = result.var_SV_InstanceID;
    out.gl_ClipDistance[0] = result.gl_ClipDistance[0];
    out.gl_ClipDistance[1] = result.gl_ClipDistance[1];
    out.gl_ClipDistance[2] = result.gl_ClipDistance[2];
    return out;
}

