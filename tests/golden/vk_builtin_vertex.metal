#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct VSOut
{
    float4 pos;
    float size;
};

struct out_main
{
    float4 var_SV_Position;
    float var_PSIZE;
};

VSOut src_main(float3 p, uint vid, int baseVertex, uint baseInstance)
{
    float3 p_1 = float3{};
    uint vid_1 = uint{};
    int baseVertex_1 = int{};
    uint baseInstance_1 = uint{};
    VSOut o = VSOut{};
    p_1 = p;
    vid_1 = vid;
    baseVertex_1 = baseVertex;
    baseInstance_1 = baseInstance;
    float3 _e11 = p_1;
    o.pos = float4(_e11.x, _e11.y, _e11.z, 1.0f);
    float4 _e19 = o.pos;
    uint _e22 = vid_1;
    int _e25 = baseVertex_1;
    o.pos.x = (_e19.x + float((as_type<int>(_e22) - _e25)));
    uint _e34 = baseInstance_1;
    o.size = (1.0f + float(_e34));
    VSOut _e38 = o;
    return _e38;
}

struct main_in
{
    float3 in_var_POSITION [[attribute(0)]];
};

struct main_out
{
    float4 var_SV_Position [[position]];
    float var_PSIZE [[point_size]];
};

vertex main_out main_(main_in in [[stage_in]], uint in_var_SV_VertexID [[vertex_id]], uint in_var_BASEV [[base_vertex]], uint in_var_BASEI [[base_instance]])
{
    float3 in_var_POSITION = in.in_var_POSITION;
    VSOut _e5 = src_main(in_var_POSITION, in_var_SV_VertexID, as_type<int>(in_var_BASEV), in_var_BASEI);
    main_out out = {};
    out_main result = out_main{_e5.pos, _e5.size};
    out.var_SV_Position = result.var_SV_Position;
    out.var_PSIZE = result.var_PSIZE;
    return out;
}

