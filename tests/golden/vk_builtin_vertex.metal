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
    VSOut o = VSOut{};
    o.pos = float4(p.x, p.y, p.z, 1.0f);
    o.pos.x = (o.pos.x + float((as_type<int>(vid) - baseVertex)));
    o.size = (1.0f + float(baseInstance));
    return o;
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

