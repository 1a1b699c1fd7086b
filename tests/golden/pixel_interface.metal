#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_Cam
{
    float4x4 mvp;
    array<float4, 4> scale;
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
    float4 c = float4{};
    uint w = uint{};
    uint h = uint{};
    int k = int{};
    float4 v = float4{};
    float2 _e1 = i.uv;
    float4 _e9 = Tex.sample(S, float3(_e1.x, _e1.y, float(i.id)).xy, uint(rint(float3(_e1.x, _e1.y, float(i.id)).z)));
    c = _e9;
    float4 _e12 = c;
    if ((_e12.w < 0.1f))
    {
        discard_fragment();
    }
    uint2 _e17 = uint2(Img.get_width(), Img.get_height());
    w = _e17.x;
    h = _e17.y;
    k = 0;
    bool loop_init = true;
    while (true)
    {
        if (!loop_init)
        {
            int _e45 = k;
            k = (_e45 + 1);
        }
        loop_init = false;
        int _e25 = k;
        if ((!(_e25 < 4)))
        {
            break;
        }
        int _e30 = k;
        if ((_e30 == 2))
        {
            continue;
        }
        float4 _e34 = c;
        int _e39 = k;
        float _e41 = Cam.scale[_e39].x;
        c.x = (_e34.x + _e41);
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
        float4 _e60 = c;
        v = _e60;
    }
    else
    {
        float4 _e63 = c;
        uint _e65 = w;
        uint _e67 = h;
        float4 _e73 = c;
        float4 _e74 = simd_broadcast_first(_e73);
        float4 _e77 = c;
        float4 _e81 = quad_shuffle(_e77, ushort((i.id & 3u)));
        v = (((_e63 * float4(float((_e65 + _e67)))) + _e74) + _e81);
    }
    float4 _e85 = v;
    return _e85;
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
    float4 _e5 = src_PSMain(VSOut{in_var_SV_Position, in_var_TEXCOORD1, in_var_TEXCOORD0}, in_var_SV_IsFrontFace, Cam, Tex, Img, S);
    PSMain_out out = {};
    out.out_var = _e5;
    return out;
}

