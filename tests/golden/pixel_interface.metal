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
    VSOut i_1 = VSOut{};
    bool ff_1 = bool{};
    float4 c = float4{};
    uint w = uint{};
    uint h = uint{};
    int k = int{};
    float4 v = float4{};
    i_1 = i;
    ff_1 = ff;
    float2 _e6 = i_1.uv;
    uint _e9 = i_1.id;
    float4 _e16 = Tex.sample(S, float3(_e6.x, _e6.y, float(_e9)).xy, uint(rint(float3(_e6.x, _e6.y, float(_e9)).z)));
    c = _e16;
    float4 _e19 = c;
    if ((_e19.w < 0.1f))
    {
        discard_fragment();
    }
    uint2 _e24 = uint2(Img.get_width(), Img.get_height());
    w = _e24.x;
    h = _e24.y;
    k = 0;
    bool loop_init = true;
    while (true)
    {
        if (!loop_init)
        {
            int _e53 = k;
            k = (_e53 + 1);
        }
        loop_init = false;
        int _e32 = k;
        if ((!(_e32 < 4)))
        {
            break;
        }
        int _e37 = k;
        if ((_e37 == 2))
        {
            continue;
        }
        float4 _e41 = c;
        int _e46 = k;
        float _e49 = Cam.scale[_e46].v;
        c.x = (_e41.x + _e49);
    }
    uint _e58 = i_1.id;
    switch (_e58)
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
    bool _e69 = ff_1;
    if (_e69)
    {
        float4 _e71 = c;
        v = _e71;
    }
    else
    {
        float4 _e74 = c;
        uint _e76 = w;
        uint _e78 = h;
        float4 _e84 = c;
        float4 _e85 = simd_broadcast_first(_e84);
        float4 _e88 = c;
        uint _e91 = i_1.id;
        float4 _e94 = quad_shuffle(_e88, ushort((_e91 & 3u)));
        v = (((_e74 * float4(float((_e76 + _e78)))) + _e85) + _e94);
    }
    float4 _e98 = v;
    return _e98;
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

