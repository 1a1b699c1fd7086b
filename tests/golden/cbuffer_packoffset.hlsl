// Explicit member offsets, as DXC computes them for SPIR-V:
//  - packoffset(cN.c) = N * 16 + c * 4 bytes; members need not be in offset order;
//  - register(cN) on a global constant: offset N * 16 in $Globals; a later global without
//    one follows the previous member;
//  - [[vk::offset(N)]] on a struct member (and it wins over packoffset on a cbuffer member).
struct Light
{
    float3 dir;                       // offset 0
    [[vk::offset(16)]] float intensity; // offset 16, not 12
};

cbuffer Frame : register(b0)
{
    float4 tint : packoffset(c1);     // offset 16
    float scale : packoffset(c0.y);   // offset 4
    float2 uv : packoffset(c0.z);     // offset 8
    Light sun : packoffset(c3);       // offset 48
    [[vk::offset(100)]] float fog : packoffset(c2); // offset 100 (vk::offset wins over c2 = 32)
};

float bias : register(c2);            // $Globals offset 32
float gain;                           // $Globals offset 36 (after bias)

RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main()
{
    Out[0] = tint.x * scale + uv.y + sun.intensity + fog + bias + gain;
}
