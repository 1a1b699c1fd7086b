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
    int3 _e12_exp;
    float3 _e12_first = frexp(float3(8.0f, (-0.75f), 0.0f), _e12_exp);
    frexp_result_vec3_f32 _e12 = frexp_result_vec3_f32{_e12_first, _e12_exp};
    e3 = float3(_e12.exp_);
    m3 = _e12.fract_;
    k = (-7);
    int _e21 = k;
    float _e24_whole;
    float _e24_first = modf(float(_e21), _e24_whole);
    modf_result_f32 _e24 = modf_result_f32{_e24_first, _e24_whole};
    kip = int(_e24.whole);
    kf = int(_e24.fract_);
    float _e35 = fr;
    float _e37 = ip;
    int _e39 = kf;
    int _e42 = kip;
    Out.data[0] = float4(_e35, _e37, float(_e39), float(_e42));
    float3 _e50 = m3;
    Out.data[1] = float4(_e50.x, _e50.y, _e50.z, 0.0f);
    float3 _e61 = e3;
    Out.data[2] = float4(_e61.x, _e61.y, _e61.z, 0.0f);
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]])
{
    src_main(Out);
    return;
}

