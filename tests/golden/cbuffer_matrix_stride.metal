#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

struct Stride16_f32
{
    float v;
    char _pad0[12];
};
static_assert(__builtin_offsetof(Stride16_f32, v) == 0, "Stride16_f32.v offset");
static_assert(sizeof(Stride16_f32) == 16, "Stride16_f32 size");

struct L
{
    array<float2, 3> a;
    char _pad0[8];
    array<array<float2, 4>, 2> aa;
    array<Stride16_f32, 2> c;
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
    float2x2 x_1 = x;
    return x_1[i];
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_C& C [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    uint k = (id.x + 1u);
    float2 _e19 = float2(C.m[0][k], C.m[2][k]);
    float2 _e27 = C.r[(k * 2u)];
    Out.data[0] = float4(_e19.x, _e19.y, _e27.x, _e27.y);
    float2 _e48 = (float2(1.0f, 2.0f) * transpose(float2x2(C.m[0], C.m[2])));
    float2 _e62 = (float3x2(C.r[0], C.r[2], C.r[4]) * float3(1.0f, 1.0f, 1.0f));
    Out.data[1] = float4(_e48.x, _e48.y, _e62.x, _e62.y);
    float2 _e81 = float2(C.n[0][2], C.n[1][2]);
    Out.data[2] = float4(_e81.x, _e81.y, C.t[1].z, C.t[0].x);
    float2 _e113 = float2(C.ma[k][0][0], C.ma[k][2][0]);
    float2 _e126 = rowOf(transpose(float2x2(C.ma[1][0], C.ma[1][2])), k);
    Out.data[3] = float4(_e113.x, _e113.y, _e126.x, _e126.y);
    L _e134 = C.l;
    array<float2, 3> _e135 = _e134.a;
    array<array<float2, 4>, 2> _e140 = _e134.aa;
    array<float2, 4> _e141 = _e140[0];
    array<float2, 4> _e145 = _e140[1];
    array<float2x2, 2> _e149 = array<float2x2, 2>{float2x2(_e141[0], _e141[2]), float2x2(_e145[0], _e145[2])};
    array<float2x2, 2> _e154 = array<float2x2, 2>{transpose(_e149[0]), transpose(_e149[1])};
    array<Stride16_f32, 2> _e158 = _e134.c;
    array<float, 2> _e163 = array<float, 2>{_e158[0].v, _e158[1].v};
    L_1 copy = L_1{transpose(float2x2(_e135[0], _e135[2])), array<float2x2, 2>{_e154[0], _e154[1]}, array<float, 2>{_e163[0], _e163[1]}, array<float3x3, 1>{array<float3x3, 1>{transpose(_e134.d[0])}[0]}, _e134.b};
    Out.data[4] = float4(copy.a[1].x, copy.a[1].y, float2(C.l.a[0][k], C.l.a[2][k]).y, copy.b);
    array<float2x2, 2> _e218 = array<float2x2, 2>{float2x2(C.ma[0][0], C.ma[0][2]), float2x2(C.ma[1][0], C.ma[1][2])};
    array<float2x2, 2> _e223 = array<float2x2, 2>{transpose(_e218[0]), transpose(_e218[1])};
    array<float2x2, 2> all_ = array<float2x2, 2>{_e223[0], _e223[1]};
    float2 _e241 = C.after.zw;
    Out.data[5] = float4(all_[1][0].x, all_[1][0].y, _e241.x, _e241.y);
    Out.data[6] = float4(copy.aa[1][k].x, copy.aa[1][k].y, copy.c[1], copy.d[0][2].y);
}

