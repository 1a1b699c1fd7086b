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

struct Stride16_f32
{
    float v;
    char _pad0[12];
};
static_assert(__builtin_offsetof(Stride16_f32, v) == 0, "Stride16_f32.v offset");
static_assert(sizeof(Stride16_f32) == 16, "Stride16_f32 size");

struct type_Frame
{
    float time;
    packed_float3 wind;
    float2 jitter;
    float exposure;
    char _pad0[4];
    array<Stride16_f32, 3> weights;
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

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_Frame& Frame [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]])
{
    float3 _e7 = float3(Frame.wind);
    float4 p = (float4(_e7.x, _e7.y, _e7.z, Frame.time) * transpose(Frame.viewProj));
    float3 m = (p * Frame.model);
    float2 _e40 = Frame.jitter;
    uint _e50 = (Frame.frameIndex % 3u);
    float3 _e68 = (float3(Frame.sun.dir) * float3(Frame.sun.intensity));
    Out.data[0] = (((p + float4(m.x, m.y, m.z, 0.0f)) + float4(_e40.x, _e40.y, Frame.exposure, Frame.weights[_e50].v)) + float4(_e68.x, _e68.y, _e68.z, 0.0f));
}

