#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Light
{
    packed_float3 dir;
    float intensity;
};
static_assert(__builtin_offsetof(Light, dir) == 0, "Light.dir offset");
static_assert(__builtin_offsetof(Light, intensity) == 12, "Light.intensity offset");
static_assert(sizeof(Light) == 16, "Light size");

struct type_Frame
{
    float time;
    packed_float3 wind;
    float2 jitter;
    float exposure;
    char _pad0[4];
    array<float4, 3> weights;
    float4x4 viewProj;
    float3x4 model;
    Light sun;
    uint frameIndex;
};
static_assert(__builtin_offsetof(type_Frame, time) == 0, "type_Frame.time offset");
static_assert(__builtin_offsetof(type_Frame, wind) == 4, "type_Frame.wind offset");
static_assert(__builtin_offsetof(type_Frame, jitter) == 16, "type_Frame.jitter offset");
static_assert(__builtin_offsetof(type_Frame, exposure) == 24, "type_Frame.exposure offset");
static_assert(__builtin_offsetof(type_Frame, weights) == 32, "type_Frame.weights offset");
static_assert(__builtin_offsetof(type_Frame, viewProj) == 80, "type_Frame.viewProj offset");
static_assert(__builtin_offsetof(type_Frame, model) == 144, "type_Frame.model offset");
static_assert(__builtin_offsetof(type_Frame, sun) == 192, "type_Frame.sun offset");
static_assert(__builtin_offsetof(type_Frame, frameIndex) == 208, "type_Frame.frameIndex offset");
static_assert(sizeof(type_Frame) == 224, "type_Frame size");

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

void src_main(constant type_Frame& Frame, device type_RWStructuredBuffer_float4& Out)
{
    float4 p = float4{};
    float3 m = float3{};
    float4x4 _e2 = transpose(Frame.viewProj);
    float3 _e5 = float3(Frame.wind);
    float _e8 = Frame.time;
    p = (float4(_e5.x, _e5.y, _e5.z, _e8) * _e2);
    float3x4 _e17 = Frame.model;
    float4 _e19 = p;
    m = (_e19 * _e17);
    float4 _e27 = p;
    float3 _e29 = m;
    float2 _e38 = Frame.jitter;
    float _e41 = Frame.exposure;
    uint _e46 = Frame.frameIndex;
    float _e50 = Frame.weights[(_e46 % 3u)].x;
    float3 _e58 = float3(Frame.sun.dir);
    float _e62 = Frame.sun.intensity;
    float3 _e64 = (_e58 * float3(_e62));
    Out.data[0] = (((_e27 + float4(_e29.x, _e29.y, _e29.z, 0.0f)) + float4(_e38.x, _e38.y, _e41, _e50)) + float4(_e64.x, _e64.y, _e64.z, 0.0f));
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_Frame& Frame [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]])
{
    src_main(Frame, Out);
    return;
}

