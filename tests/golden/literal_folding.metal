#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_float, data) == 0, "type_StructuredBuffer_float.data offset");

struct type_RWStructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float, data) == 0, "type_RWStructuredBuffer_float.data offset");

struct type_RWStructuredBuffer_int
{
    int data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_int, data) == 0, "type_RWStructuredBuffer_int.data offset");

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(const device type_StructuredBuffer_float& In [[buffer(0)]], device type_RWStructuredBuffer_float& Out [[buffer(1)]], device type_RWStructuredBuffer_int& Ints [[buffer(2)]])
{
    float k = In.data[0];
    Out.data[0] = (0.005f * k);
    Out.data[1] = ((k * 0.1f) * 0.05f);
    Out.data[2] = (0.45454547f * k);
    Out.data[3] = 17.5f;
    Ints.data[0] = 1073741824;
    Ints.data[1] = (-7);
    Ints.data[2] = 0;
}

