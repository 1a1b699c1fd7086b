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

void src_main(uint3 id, const device type_StructuredBuffer_uint& In, device type_RWStructuredBuffer_uint& OutU, device type_RWStructuredBuffer_int& OutI, device type_RWStructuredBuffer_float& OutF)
{
    uint3 id_1 = uint3{};
    uint u = uint{};
    int i = int{};
    float f = float{};
    id_1 = id;
    uint3 _e3 = id_1;
    uint _e8 = In.data[_e3.x];
    u = _e8;
    uint _e11 = u;
    i = (as_type<int>(_e11) - 32);
    uint _e17 = u;
    f = (float(_e17) * 0.5f);
    uint3 _e23 = id_1;
    uint _e29 = u;
    uint _e30 = simd_sum(_e29);
    uint _e32 = u;
    uint _e33 = simd_product(_e32);
    uint _e36 = u;
    uint _e37 = simd_min(_e36);
    uint _e40 = u;
    uint _e41 = simd_max(_e40);
    uint _e44 = u;
    uint _e45 = simd_and(_e44);
    uint _e48 = u;
    uint _e49 = simd_or(_e48);
    uint _e52 = u;
    uint _e53 = simd_xor(_e52);
    uint _e56 = u;
    uint _e57 = simd_prefix_exclusive_sum(_e56);
    uint _e60 = u;
    uint _e61 = simd_prefix_exclusive_product(_e60);
    OutU.data[_e23.x] = ((((((((_e30 + _e33) + _e37) + _e41) + _e45) + _e49) + _e53) + _e57) + _e61);
    uint3 _e64 = id_1;
    int _e70 = i;
    int _e71 = simd_min(_e70);
    int _e73 = i;
    int _e74 = simd_max(_e73);
    int _e77 = i;
    int _e78 = simd_sum(_e77);
    OutI.data[_e64.x] = ((_e71 + _e74) + _e78);
    uint3 _e81 = id_1;
    float _e87 = f;
    float _e88 = simd_sum(_e87);
    float _e90 = f;
    float _e91 = simd_product(_e90);
    float _e94 = f;
    float _e95 = simd_min(_e94);
    float _e98 = f;
    float _e99 = simd_max(_e98);
    float _e102 = f;
    float _e103 = simd_prefix_exclusive_sum(_e102);
    float _e106 = f;
    float _e107 = simd_prefix_exclusive_product(_e106);
    OutF.data[_e81.x] = (((((_e88 + _e91) + _e95) + _e99) + _e103) + _e107);
}

// threads per threadgroup: 64, 1, 1
[[max_total_threads_per_threadgroup(64)]]
kernel void main_(const device type_StructuredBuffer_uint& In [[buffer(0)]], device type_RWStructuredBuffer_uint& OutU [[buffer(1)]], device type_RWStructuredBuffer_int& OutI [[buffer(2)]], device type_RWStructuredBuffer_float& OutF [[buffer(3)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, In, OutU, OutI, OutF);
    return;
}

