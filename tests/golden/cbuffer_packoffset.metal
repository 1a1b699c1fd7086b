#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Light
{
    float3 dir;
    float intensity;
};
static_assert(__builtin_offsetof(Light, dir) == 0, "Light.dir offset");
static_assert(__builtin_offsetof(Light, intensity) == 16, "Light.intensity offset");
static_assert(sizeof(Light) == 32, "Light size");

struct type_Frame
{
    char _pad0[4];
    float scale;
    float2 uv;
    float4 tint;
    char _pad1[16];
    Light sun;
    char _pad2[20];
    float fog;
};
static_assert(__builtin_offsetof(type_Frame, scale) == 4, "type_Frame.scale offset");
static_assert(__builtin_offsetof(type_Frame, uv) == 8, "type_Frame.uv offset");
static_assert(__builtin_offsetof(type_Frame, tint) == 16, "type_Frame.tint offset");
static_assert(__builtin_offsetof(type_Frame, sun) == 48, "type_Frame.sun offset");
static_assert(__builtin_offsetof(type_Frame, fog) == 100, "type_Frame.fog offset");
static_assert(sizeof(type_Frame) == 112, "type_Frame size");

struct type_RWStructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float, data) == 0, "type_RWStructuredBuffer_float.data offset");

struct type__Globals
{
    char _pad0[32];
    float bias;
    float gain;
    char _pad1[8];
};
static_assert(__builtin_offsetof(type__Globals, bias) == 32, "type__Globals.bias offset");
static_assert(__builtin_offsetof(type__Globals, gain) == 36, "type__Globals.gain offset");
static_assert(sizeof(type__Globals) == 48, "type__Globals size");

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_Frame& Frame [[buffer(0)]], device type_RWStructuredBuffer_float& Out [[buffer(1)]], constant type__Globals& Globals [[buffer(2)]])
{
    Out.data[0] = ((((((Frame.tint.x * Frame.scale) + Frame.uv.y) + Frame.sun.intensity) + Frame.fog) + Globals.bias) + Globals.gain);
}

