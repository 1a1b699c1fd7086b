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
    float _e18 = C.m[0][_e15];
    float _e21 = C.m[2][_e15];
    float2 _e22 = float2(_e18, _e21);
    uint _e26 = k;
    float2 _e28 = C.r[2 * _e26];
    Out.data[0] = float4(_e22.x, _e22.y, _e28.x, _e28.y);
    float2x2 _e40 = float2x2(C.m[0], C.m[2]);
    float2 _e45 = (float2(1.0f, 2.0f) * transpose(_e40));
    float3x2 _e52 = float3x2(C.r[0], C.r[2], C.r[4]);
    float2 _e53 = (_e52 * float3(1.0f, 1.0f, 1.0f));
    Out.data[1] = float4(_e45.x, _e45.y, _e53.x, _e53.y);
    float _e68 = C.n[0][2];
    float _e71 = C.n[1][2];
    float2 _e72 = float2(_e68, _e71);
    float3 _e77 = C.t[1];
    float3 _e83 = C.t[0];
    Out.data[2] = float4(_e72.x, _e72.y, _e77.z, _e83.x);
    uint _e95 = k;
    float _e100 = C.ma[_e95][0][0];
    float _e103 = C.ma[_e95][2][0];
    float2 _e104 = float2(_e100, _e103);
    float2x2 _e109 = float2x2(C.ma[1][0], C.ma[1][2]);
    uint _e112 = k;
    float2 _e113 = rowOf(transpose(_e109), _e112);
    Out.data[3] = float4(_e104.x, _e104.y, _e113.x, _e113.y);
    L _e121 = C.l;
    array<float2x2, 2> _e124;
    for (uint _i = 0u; _i < 2u; ++_i)
        _e124[_i] = float2x2(_e121.aa[_i][0], _e121.aa[_i][2]);
    array<float2x2, 2> _e129 = array<float2x2, 2>{transpose(_e124[0]), transpose(_e124[1])};
    array<float, 2> _e133;
    for (uint _i_1 = 0u; _i_1 < 2u; ++_i_1)
        _e133[_i_1] = _e121.c[_i_1].x;
    copy = L_1{transpose(float2x2(_e121.a[0], _e121.a[2])), array<float2x2, 2>{_e129[0], _e129[1]}, array<float, 2>{_e133[0], _e133[1]}, array<float3x3, 1>{array<float3x3, 1>{transpose(_e121.d[0])}[0]}, _e121.b};
    float2 _e154 = copy.a[1];
    uint _e159 = k;
    float _e162 = C.l.a[0][_e159];
    float _e165 = C.l.a[2][_e159];
    float _e170 = copy.b;
    Out.data[4] = float4(_e154.x, _e154.y, float2(_e162, _e165).y, _e170);
    array<float2x2, 2> _e176;
    for (uint _i_2 = 0u; _i_2 < 2u; ++_i_2)
        _e176[_i_2] = float2x2(C.ma[_i_2][0], C.ma[_i_2][2]);
    array<float2x2, 2> _e181 = array<float2x2, 2>{transpose(_e176[0]), transpose(_e176[1])};
    all_ = array<float2x2, 2>{_e181[0], _e181[1]};
    float2 _e195 = all_[1][0];
    float4 _e198 = C.after;
    float2 _e199 = _e198.zw;
    Out.data[5] = float4(_e195.x, _e195.y, _e199.x, _e199.y);
    uint _e214 = k;
    float2 _e216 = copy.aa[1][_e214];
    float _e221 = copy.c[1];
    float3 _e228 = copy.d[0][2];
    Out.data[6] = float4(_e216.x, _e216.y, _e221, _e228.y);
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_C& C [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, C, Out);
    return;
}

