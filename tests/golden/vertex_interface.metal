#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Stride16_f32
{
    float v;
    char _pad0[12];
};
static_assert(__builtin_offsetof(Stride16_f32, v) == 0, "Stride16_f32.v offset");
static_assert(sizeof(Stride16_f32) == 16, "Stride16_f32 size");

struct type_Cam
{
    float4x4 mvp;
    array<Stride16_f32, 4> scale;
};
static_assert(__builtin_offsetof(type_Cam, mvp) == 0, "type_Cam.mvp offset");
static_assert(__builtin_offsetof(type_Cam, scale) == 64, "type_Cam.scale offset");
static_assert(sizeof(type_Cam) == 128, "type_Cam size");

struct VSOut
{
    float4 pos;
    uint id;
    float2 uv;
};

struct out_VSMain
{
    float4 var_SV_Position;
    uint var_TEXCOORD1;
    float2 var_TEXCOORD0;
};

VSOut src_VSMain(float3 p, float2 uv, uint vid, constant type_Cam& Cam)
{
    VSOut o = VSOut{};
    float3 _e16 = (p * float3(Cam.scale[(vid & 3u)].v));
    o.pos = (float4(_e16.x, _e16.y, _e16.z, 1.0f) * transpose(Cam.mvp));
    o.id = vid;
    o.uv = uv;
    return o;
}

struct VSMain_in
{
    float3 in_var_POSITION [[attribute(0)]];
    float2 in_var_TEXCOORD0 [[attribute(1)]];
};

struct VSMain_out
{
    float4 var_SV_Position [[position]];
    uint var_TEXCOORD1 [[user(locn0)]];
    float2 var_TEXCOORD0 [[user(locn1)]];
};

vertex VSMain_out VSMain(constant type_Cam& Cam [[buffer(0)]], VSMain_in in [[stage_in]], uint in_var_SV_VertexID [[vertex_id]])
{
    float3 in_var_POSITION = in.in_var_POSITION;
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    VSOut _e3 = src_VSMain(in_var_POSITION, in_var_TEXCOORD0, in_var_SV_VertexID, Cam);
    VSMain_out out = {};
    out_VSMain result = out_VSMain{_e3.pos, _e3.id, _e3.uv};
    out.var_SV_Position = result.var_SV_Position;
    out.var_TEXCOORD1 = result.var_TEXCOORD1;
    out.var_TEXCOORD0 = result.var_TEXCOORD0;
    return out;
}

