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

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_float4& Out [[buffer(0)]])
{
    float _e2_whole;
    float _e2_first = modf(2.75f, _e2_whole);
    modf_result_f32 _e2 = modf_result_f32{_e2_first, _e2_whole};
    float ip = _e2.whole;
    float fr = _e2.fract_;
    int3 _e11_exp;
    float3 _e11_first = frexp(float3(8.0f, (-0.75f), 0.0f), _e11_exp);
    frexp_result_vec3_f32 _e11 = frexp_result_vec3_f32{_e11_first, _e11_exp};
    float3 e3 = float3(_e11.exp_);
    float3 m3 = _e11.fract_;
    int k = (-7);
    float _e22_whole;
    float _e22_first = modf(float(k), _e22_whole);
    modf_result_f32 _e22 = modf_result_f32{_e22_first, _e22_whole};
    int kip = int(_e22.whole);
    int kf = int(_e22.fract_);
    Out.data[0] = float4(fr, ip, float(kf), float(kip));
    Out.data[1] = float4(m3.x, m3.y, m3.z, 0.0f);
    Out.data[2] = float4(e3.x, e3.y, e3.z, 0.0f);
}

