#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

struct modf_result_f32
{
    float fract_;
    float whole;
};

struct frexp_result_vec3_f32
{
    float3 fract_;
    int3 exp_;
};

void src_main(device type_RWStructuredBuffer_float4& Out)
{
    float ip = float{};
    float fr = float{};
    float3 e3 = float3{};
    float3 m3 = float3{};
    int k = int{};
    int kip = int{};
    int kf = int{};
    float _e2_whole;
    float _e2_first = modf(2.75f, _e2_whole);
    modf_result_f32 _e2 = modf_result_f32{_e2_first, _e2_whole};
    ip = _e2.whole;
    fr = _e2.fract_;
    int3 _e11_exp;
    float3 _e11_first = frexp(float3(8.0f, (-0.75f), 0.0f), _e11_exp);
    frexp_result_vec3_f32 _e11 = frexp_result_vec3_f32{_e11_first, _e11_exp};
    e3 = float3(_e11.exp_);
    m3 = _e11.fract_;
    k = (-7);
    int _e19 = k;
    float _e22_whole;
    float _e22_first = modf(float(_e19), _e22_whole);
    modf_result_f32 _e22 = modf_result_f32{_e22_first, _e22_whole};
    kip = int(_e22.whole);
    kf = int(_e22.fract_);
    float _e33 = fr;
    float _e35 = ip;
    int _e37 = kf;
    int _e40 = kip;
    Out.data[0] = float4(_e33, _e35, float(_e37), float(_e40));
    float3 _e48 = m3;
    Out.data[1] = float4(_e48.x, _e48.y, _e48.z, 0.0f);
    float3 _e59 = e3;
    Out.data[2] = float4(_e59.x, _e59.y, _e59.z, 0.0f);
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]])
{
    src_main(Out);
    return;
}

