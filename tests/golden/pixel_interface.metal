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

float4 src_PSMain(VSOut i, bool ff, constant type_Cam& Cam, texture2d_array<float> Tex, texture2d<float, access::read_write> Img, sampler S)
{
    float4 v = float4{};
    float2 _e1 = i.uv;
    float4 _e9 = Tex.sample(S, float3(_e1.x, _e1.y, float(i.id)).xy, uint(rint(float3(_e1.x, _e1.y, float(i.id)).z)));
    float4 c = _e9;
    if ((c.w < 0.1f))
    {
        discard_fragment();
    }
    uint2 _e17 = uint2(Img.get_width(), Img.get_height());
    uint w = _e17.x;
    uint h = _e17.y;
    int k = 0;
    bool loop_init = true;
    while (true)
    {
        if (!loop_init)
        {
            k = (k + 1);
        }
        loop_init = false;
        if ((!(k < 4)))
        {
            break;
        }
        if ((k == 2))
        {
            continue;
        }
        int _e39 = k;
        c.x = (c.x + Cam.scale[_e39].v);
    }
    switch (i.id)
    {
    case 0u:
    {
        c.y = 1.0f;
        break;
    }
    case 1u:
    {
        c.y = 2.0f;
    }
    default:
    {
        c.z = 3.0f;
        break;
    }
    }
    if (ff)
    {
        v = c;
    }
    else
    {
        float4 _e75 = simd_broadcast_first(c);
        float4 _e82 = quad_shuffle(c, ushort((i.id & 3u)));
        v = (((c * float4(float((w + h)))) + _e75) + _e82);
    }
    return v;
}

struct PSMain_in
{
    uint in_var_TEXCOORD1 [[user(locn0), flat]];
    float2 in_var_TEXCOORD0 [[user(locn1)]];
};

struct PSMain_out
{
    float4 out_var [[color(0)]];
};

fragment PSMain_out PSMain(constant type_Cam& Cam [[buffer(0)]], texture2d_array<float> Tex [[texture(0)]], texture2d<float, access::read_write> Img [[texture(1)]], sampler S [[sampler(0)]], PSMain_in in [[stage_in]], float4 in_var_SV_Position [[position]], bool in_var_SV_IsFrontFace [[front_facing]])
{
    uint in_var_TEXCOORD1 = in.in_var_TEXCOORD1;
    float2 in_var_TEXCOORD0 = in.in_var_TEXCOORD0;
    PSMain_out out = {};
    out.out_var = src_PSMain(VSOut{in_var_SV_Position, in_var_TEXCOORD1, in_var_TEXCOORD0}, in_var_SV_IsFrontFace, Cam, Tex, Img, S);
    return out;
}

