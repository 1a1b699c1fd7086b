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

struct type_RWStructuredBuffer_int
{
    int data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_int, data) == 0, "type_RWStructuredBuffer_int.data offset");

struct type_RWStructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float, data) == 0, "type_RWStructuredBuffer_float.data offset");

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint& OutU [[buffer(1)]], device type_RWStructuredBuffer_int& OutI [[buffer(2)]], device type_RWStructuredBuffer_float& OutF [[buffer(3)]], uint3 id [[thread_position_in_grid]])
{
    uint u = In.data[id.x];
    int i = (as_type<int>(u) - 32);
    float f = (float(u) * 0.5f);
    uint _e25 = simd_sum(u);
    uint _e28 = simd_product(u);
    uint _e32 = simd_min(u);
    uint _e36 = simd_max(u);
    uint _e40 = simd_and(u);
    uint _e44 = simd_or(u);
    uint _e48 = simd_xor(u);
    uint _e52 = simd_prefix_exclusive_sum(u);
    uint _e56 = simd_prefix_exclusive_product(u);
    OutU.data[id.x] = ((((((((_e25 + _e28) + _e32) + _e36) + _e40) + _e44) + _e48) + _e52) + _e56);
    int _e64 = simd_min(i);
    int _e67 = simd_max(i);
    int _e71 = simd_sum(i);
    OutI.data[id.x] = ((_e64 + _e67) + _e71);
    float _e79 = simd_sum(f);
    float _e82 = simd_product(f);
    float _e86 = simd_min(f);
    float _e90 = simd_max(f);
    float _e94 = simd_prefix_exclusive_sum(f);
    float _e98 = simd_prefix_exclusive_product(f);
    OutF.data[id.x] = (((((_e79 + _e82) + _e86) + _e90) + _e94) + _e98);
}

