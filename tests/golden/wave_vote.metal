#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_StructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_uint, data) == 0, "type_StructuredBuffer_uint.data offset");

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint& Out [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    uint v = In.data[id.x];
    uint r = 0u;
    if (simd_any((v > 10u)))
    {
        r = (r | 1u);
    }
    if (simd_all((v != 0u)))
    {
        r = (r | 2u);
    }
    if (simd_all(v == simd_broadcast_first(v)))
    {
        r = (r | 4u);
    }
    Out.data[id.x] = r;
}

