#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct type_RWStructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_uint, data) == 0, "type_RWStructuredBuffer_uint.data offset");

struct type_StructuredBuffer_uint
{
    uint data[1];
};
static_assert(__builtin_offsetof(type_StructuredBuffer_uint, data) == 0, "type_StructuredBuffer_uint.data offset");

uint next(thread uint& next_counter)
{
    uint _e1 = next_counter;
    next_counter = (_e1 + 1u);
    uint _e5 = next_counter;
    return _e5;
}

uint firstInput(const device type_StructuredBuffer_uint& In, thread uint& firstInput_first, thread bool& firstInput_first_init_done)
{
    bool _e1 = firstInput_first_init_done;
    if ((!_e1))
    {
        firstInput_first = In.data[0];
        firstInput_first_init_done = true;
    }
    uint _e12 = firstInput_first;
    return _e12;
}

float3 offsets(thread float3& offsets_bias, thread int2& offsets_calls)
{
    int2 _e1 = offsets_calls;
    offsets_calls.y = (_e1.y + 1);
    float3 _e7 = offsets_bias;
    offsets_bias.x = (_e7.x + 4.0f);
    float3 _e13 = offsets_bias;
    int2 _e15 = offsets_calls;
    return (_e13 + float3(float(_e15.y)));
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(device type_RWStructuredBuffer_uint& Out [[buffer(0)]], const device type_StructuredBuffer_uint& In [[buffer(1)]])
{
    uint next_counter = 5u;
    uint firstInput_first = uint{};
    bool firstInput_first_init_done = false;
    float3 offsets_bias = float3(0.5f, (-1.0f), 2.0f);
    int2 offsets_calls = int2{};
    Out.data[0] = next(next_counter);
    Out.data[1] = next(next_counter);
    Out.data[2] = firstInput(In, firstInput_first, firstInput_first_init_done);
    float3 _e19 = offsets(offsets_bias, offsets_calls);
    Out.data[3] = uint(_e19.x);
}

