#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

struct type_RWStructuredBuffer_float
{
    float data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float, data) == 0, "type_RWStructuredBuffer_float.data offset");

constant uint WG_fc [[function_constant(0)]];
constant uint WG = is_function_constant_defined(WG_fc) ? WG_fc : 64u;
constant uint K_fc [[function_constant(1)]];
constant uint K = is_function_constant_defined(K_fc) ? K_fc : 5u;
constant int D_fc [[function_constant(2)]];
constant int D = is_function_constant_defined(D_fc) ? D_fc : (-3);
constant bool B_fc [[function_constant(3)]];
constant bool B = is_function_constant_defined(B_fc) ? B_fc : false;
constant float S_fc [[function_constant(4)]];
constant float S = is_function_constant_defined(S_fc) ? S_fc : 1.5f;
constant uint M = (K * 2u) + 1u;
constant int E = ((D << 2) / 3) % 5;
constant bool C = (K >= 6u) || (!B);

void src_main(uint3 id, thread float& T, device type_RWStructuredBuffer_uint& Out, device type_RWStructuredBuffer_float& OutF)
{
    Out.data[id.x] = (M + ((uint(E)) * (C ? 3u : (~K))));
    Out.data[(id.x + 1u)] = ((id.xy * uint2(K, K)).y - (K - 1u));
    float _e23 = T;
    OutF.data[id.x] = (_e23 + S);
}

// threads per threadgroup: 64 (default; specialization constant 0), 1, 1
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], device type_RWStructuredBuffer_float& OutF [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    float T = float{};
    T = (S * 2.0f);
    src_main(in_var_SV_DispatchThreadID, T, Out, OutF);
    return;
}

