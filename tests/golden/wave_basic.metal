#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

void src_main(uint3 id, device type_RWStructuredBuffer_uint& Out, uint simd_size, uint simd_lane)
{
    uint3 id_1 = uint3{};
    uint v = uint{};
    id_1 = id;
    v = (simd_lane + (simd_size * 100u));
    bool _e8 = simd_is_first();
    if (_e8)
    {
        uint _e10 = v;
        v = (_e10 + 1000000u);
    }
    uint3 _e14 = id_1;
    uint _e20 = v;
    Out.data[_e14.x] = _e20;
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]], uint simd_size [[threads_per_simdgroup]], uint simd_lane [[thread_index_in_simdgroup]])
{
    src_main(in_var_SV_DispatchThreadID, Out, simd_size, simd_lane);
    return;
}

