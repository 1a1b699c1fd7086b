#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct L
{
    array<float2, 3> a;
    char _pad0[8];
    array<array<float2, 4>, 2> aa;
    array<float4, 2> c;
    array<float3x3, 1> d;
    float b;
};
static_assert(__builtin_offsetof(L, a) == 0, "L.a offset");
static_assert(__builtin_offsetof(L, aa) == 32, "L.aa offset");
static_assert(__builtin_offsetof(L, c) == 96, "L.c offset");
static_assert(__builtin_offsetof(L, d) == 128, "L.d offset");
static_assert(__builtin_offsetof(L, b) == 176, "L.b offset");
static_assert(sizeof(L) == 192, "L size");

struct type_C
{
    array<float2, 3> m;
    char _pad0[8];
    float2x3 n;
    array<float2, 5> r;
    char _pad1[8];
    float2x3 t;
    array<array<float2, 4>, 2> ma;
    L l;
    float4 after;
};
static_assert(__builtin_offsetof(type_C, m) == 0, "type_C.m offset");
static_assert(__builtin_offsetof(type_C, n) == 32, "type_C.n offset");
static_assert(__builtin_offsetof(type_C, r) == 64, "type_C.r offset");
static_assert(__builtin_offsetof(type_C, t) == 112, "type_C.t offset");
static_assert(__builtin_offsetof(type_C, ma) == 144, "type_C.ma offset");
static_assert(__builtin_offsetof(type_C, l) == 208, "type_C.l offset");
static_assert(__builtin_offsetof(type_C, after) == 400, "type_C.after offset");
static_assert(sizeof(type_C) == 416, "type_C size");

struct type_RWStructuredBuffer_float4
{
    float4 data[1];
};
static_assert(__builtin_offsetof(type_RWStructuredBuffer_float4, data) == 0, "type_RWStructuredBuffer_float4.data offset");

struct L_1
{
    float2x2 a;
    array<float2x2, 2> aa;
    array<float, 2> c;
    array<float3x3, 1> d;
    float b;
};

float2 rowOf(float2x2 x, uint i)
{
    float2x2 x_1 = float2x2{};
    uint i_1 = uint{};
    x_1 = x;
    i_1 = i;
    uint _e6 = i_1;
    float2 _e8 = x_1[_e6];
    return _e8;
}

void src_main(uint3 id, constant type_C& C, device type_RWStructuredBuffer_float4& Out)
{
    uint3 id_1 = uint3{};
    uint k = uint{};
    L_1 copy = L_1{};
    array<float2x2, 2> all_ = array<float2x2, 2>{};
    id_1 = id;
    uint3 _e3 = id_1;
    k = (_e3.x + 1u);
    uint _e15 = k;
    float2 _e17 = float2(C.m[0][_e15], C.m[2][_e15]);
    uint _e21 = k;
    float2 _e23 = C.r[2 * _e21];
    Out.data[0] = float4(_e17.x, _e17.y, _e23.x, _e23.y);
    float2x2 _e35 = transpose(float2x2(C.m[0], C.m[2]));
    float2 _e39 = (float2(1.0f, 2.0f) * _e35);
    float3x2 _e46 = float3x2(C.r[0], C.r[2], C.r[4]);
    float2 _e47 = (_e46 * float3(1.0f, 1.0f, 1.0f));
    Out.data[1] = float4(_e39.x, _e39.y, _e47.x, _e47.y);
    float2 _e61 = float2(C.n[0][2], C.n[1][2]);
    float3 _e66 = C.t[1];
    float3 _e72 = C.t[0];
    Out.data[2] = float4(_e61.x, _e61.y, _e66.z, _e72.x);
    uint _e84 = k;
    float2 _e88 = float2(C.ma[_e84][0][0], C.ma[_e84][2][0]);
    float2x2 _e93 = transpose(float2x2(C.ma[1][0], C.ma[1][2]));
    uint _e95 = k;
    float2 _e96 = rowOf(_e93, _e95);
    Out.data[3] = float4(_e88.x, _e88.y, _e96.x, _e96.y);
    L _e104 = C.l;
    array<float2x2, 2> _e106;
    for (uint _i = 0u; _i < 2u; ++_i)
        _e106[_i] = transpose(float2x2(_e104.aa[_i][0], _e104.aa[_i][2]));
    array<float, 2> _e110;
    for (uint _i_1 = 0u; _i_1 < 2u; ++_i_1)
        _e110[_i_1] = _e104.c[_i_1].x;
    array<float3x3, 1> _e114;
    for (uint _i_2 = 0u; _i_2 < 1u; ++_i_2)
        _e114[_i_2] = transpose(_e104.d[_i_2]);
    copy = L_1{transpose(float2x2(_e104.a[0], _e104.a[2])), array<float2x2, 2>{_e106[0], _e106[1]}, array<float, 2>{_e110[0], _e110[1]}, array<float3x3, 1>{_e114[0]}, _e104.b};
    float2 _e128 = copy.a[1];
    uint _e133 = k;
    float2 _e135 = float2(C.l.a[0][_e133], C.l.a[2][_e133]);
    float _e139 = copy.b;
    Out.data[4] = float4(_e128.x, _e128.y, _e135.y, _e139);
    array<float2x2, 2> _e145;
    for (uint _i_3 = 0u; _i_3 < 2u; ++_i_3)
        _e145[_i_3] = transpose(float2x2(C.ma[_i_3][0], C.ma[_i_3][2]));
    all_ = array<float2x2, 2>{_e145[0], _e145[1]};
    float2 _e159 = all_[1][0];
    float4 _e162 = C.after;
    float2 _e163 = _e162.zw;
    Out.data[5] = float4(_e159.x, _e159.y, _e163.x, _e163.y);
    uint _e178 = k;
    float2 _e180 = copy.aa[1][_e178];
    float _e185 = copy.c[1];
    float3 _e192 = copy.d[0][2];
    Out.data[6] = float4(_e180.x, _e180.y, _e185, _e192.y);
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_C& C [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, C, Out);
    return;
}

