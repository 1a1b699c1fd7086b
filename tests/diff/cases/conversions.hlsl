// Integer/float conversions as a data-packing pass would do them: int <-> float, uint <->
// float (values in range), round/trunc/floor/ceil/frac, saturate, f32tof16/f16tof32,
// asuint/asfloat/asint round trips, unorm/snorm 8-bit packing, and asfloat of arbitrary
// bit patterns (NaNs, infinities, subnormals) pushed through arithmetic.
StructuredBuffer<float> F : register(t0);        // floats in [-70000, 70000] with fractions
StructuredBuffer<uint> Bits : register(t1);       // arbitrary bit patterns
RWStructuredBuffer<int4> Ints : register(u2);
RWStructuredBuffer<uint4> Uints : register(u3);
RWStructuredBuffer<float4> Floats : register(u4);
RWStructuredBuffer<float4> FromBits : register(u5);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float f = F[id.x];
    uint bits = Bits[id.x];
    Ints[id.x] = int4(int(f), int(round(f)), int(floor(f)), int(ceil(f)));
    uint half_bits = f32tof16(f / 4.0f);
    float4 n = float4(saturate(f / 70000.0f), frac(f), trunc(f), f16tof32(half_bits));
    uint un8 = uint(round(saturate(abs(f) / 70000.0f) * 255.0f));
    int sn8 = int(round(clamp(f / 70000.0f, -1.0f, 1.0f) * 127.0f));
    Uints[id.x] = uint4(uint(abs(f)), half_bits, un8 | (uint(sn8 & 0xff) << 8), asuint(f) ^ asuint(-f));
    Floats[id.x] = float4(float(int(f) * 3), float(uint(abs(f)) * 7u), n.x + n.y, n.z * 0.5f + n.w);
    float x = asfloat((bits & 7) == 0 ? bits | 0x7f800001u : bits);   // an eighth forced to NaN, random payloads
    FromBits[id.x] = float4(x, x * 2.0f, x + 1.0f, min(x, 0.5f));
}
