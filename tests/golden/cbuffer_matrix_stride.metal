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
    float2 _e30 = C.r[(_e26 * 2u)];
    Out.data[0] = float4(_e22.x, _e22.y, _e30.x, _e30.y);
    float2 _e43 = C.m[0];
    float2 _e45 = C.m[2];
    float2 _e51 = (float2(1.0f, 2.0f) * transpose(float2x2(_e43, _e45)));
    float2 _e59 = C.r[0];
    float2 _e61 = C.r[2];
    float2 _e63 = C.r[4];
    float2 _e65 = (float3x2(_e59, _e61, _e63) * float3(1.0f, 1.0f, 1.0f));
    Out.data[1] = float4(_e51.x, _e51.y, _e65.x, _e65.y);
    float _e80 = C.n[0][2];
    float _e83 = C.n[1][2];
    float2 _e84 = float2(_e80, _e83);
    float3 _e89 = C.t[1];
    float3 _e95 = C.t[0];
    Out.data[2] = float4(_e84.x, _e84.y, _e89.z, _e95.x);
    uint _e107 = k;
    float _e112 = C.ma[_e107][0][0];
    float _e115 = C.ma[_e107][2][0];
    float2 _e116 = float2(_e112, _e115);
    float2 _e122 = C.ma[1][0];
    float2 _e124 = C.ma[1][2];
    uint _e128 = k;
    float2 _e129 = rowOf(transpose(float2x2(_e122, _e124)), _e128);
    Out.data[3] = float4(_e116.x, _e116.y, _e129.x, _e129.y);
    L _e137 = C.l;
    array<float2, 3> _e138 = _e137.a;
    array<array<float2, 4>, 2> _e143 = _e137.aa;
    array<float2, 4> _e144 = _e143[0];
    array<float2, 4> _e148 = _e143[1];
    array<float2x2, 2> _e152 = array<float2x2, 2>{float2x2(_e144[0], _e144[2]), float2x2(_e148[0], _e148[2])};
    array<float2x2, 2> _e157 = array<float2x2, 2>{transpose(_e152[0]), transpose(_e152[1])};
    array<Stride16_f32, 2> _e161 = _e137.c;
    array<float, 2> _e166 = array<float, 2>{_e161[0].v, _e161[1].v};
    copy = L_1{transpose(float2x2(_e138[0], _e138[2])), array<float2x2, 2>{_e157[0], _e157[1]}, array<float, 2>{_e166[0], _e166[1]}, array<float3x3, 1>{array<float3x3, 1>{transpose(_e137.d[0])}[0]}, _e137.b};
    float2 _e187 = copy.a[1];
    uint _e192 = k;
    float _e195 = C.l.a[0][_e192];
    float _e198 = C.l.a[2][_e192];
    float _e203 = copy.b;
    Out.data[4] = float4(_e187.x, _e187.y, float2(_e195, _e198).y, _e203);
    float2 _e211 = C.ma[0][0];
    float2 _e213 = C.ma[0][2];
    float2 _e217 = C.ma[1][0];
    float2 _e219 = C.ma[1][2];
    array<float2x2, 2> _e221 = array<float2x2, 2>{float2x2(_e211, _e213), float2x2(_e217, _e219)};
    array<float2x2, 2> _e226 = array<float2x2, 2>{transpose(_e221[0]), transpose(_e221[1])};
    all_ = array<float2x2, 2>{_e226[0], _e226[1]};
    float2 _e240 = all_[1][0];
    float4 _e243 = C.after;
    float2 _e244 = _e243.zw;
    Out.data[5] = float4(_e240.x, _e240.y, _e244.x, _e244.y);
    uint _e259 = k;
    float2 _e261 = copy.aa[1][_e259];
    float _e266 = copy.c[1];
    float3 _e273 = copy.d[0][2];
    Out.data[6] = float4(_e261.x, _e261.y, _e266, _e273.y);
}

// threads per threadgroup: 1, 1, 1
[[max_total_threads_per_threadgroup(1)]]
kernel void main_(constant type_C& C [[buffer(0)]], device type_RWStructuredBuffer_float4& Out [[buffer(1)]], uint3 in_var_SV_DispatchThreadID [[thread_position_in_grid]])
{
    src_main(in_var_SV_DispatchThreadID, C, Out);
    return;
}

