// Bit manipulation found in hashing, Morton codes and half packing: firstbithigh,
// firstbitlow, countbits, reversebits, f32tof16/f16tof32, asuint/asfloat.
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint4> Out : register(u1);
RWStructuredBuffer<float2> OutF : register(u2);

uint Part1By1(uint x)
{
    x &= 0x0000ffff;
    x = (x ^ (x << 8)) & 0x00ff00ff;
    x = (x ^ (x << 4)) & 0x0f0f0f0f;
    x = (x ^ (x << 2)) & 0x33333333;
    x = (x ^ (x << 1)) & 0x55555555;
    return x;
}

uint Morton2D(uint x, uint y) { return (Part1By1(y) << 1) + Part1By1(x); }

bool IsPow2(uint v) { return v != 0 && (v & (v - 1)) == 0; }

uint NextPow2(uint v)
{
    return v <= 1 ? 1 : 1u << (firstbithigh(v - 1) + 1);
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint v = Input[dtid.x];
    uint hi = firstbithigh(v);
    uint lo = firstbitlow(v);
    int shi = firstbithigh((int)v - 100);
    uint pop = countbits(v);
    uint rev = reversebits(v);
    Out[dtid.x] = uint4(hi, lo, pop, rev) ^ uint4(Morton2D(v & 0xff, v >> 8), NextPow2(v), IsPow2(v) ? 1u : 0u, (uint)shi);

    // A float in [1, 2) with only the top 8 mantissa bits set: exact as a half.
    float f = asfloat(0x3f800000u + ((v & 0xffu) << 15));
    uint h = f32tof16(f) | (f32tof16(-f) << 16);
    OutF[dtid.x] = float2(f16tof32(h), f16tof32(h >> 16));
}
