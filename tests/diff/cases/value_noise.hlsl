// Procedural texture: PCG integer hashing of lattice points, value noise with a smoothstep
// fade and lerp, four octaves of fBm with a rotation between octaves, and a colour ramp,
// written as floats and as packed rgba8 (the shape of a terrain or cloud generator).
RWStructuredBuffer<float> Height : register(u0);
RWStructuredBuffer<uint> Colour : register(u1);

cbuffer Noise : register(b2) {
    float2 origin;
    float scale;
    uint seed;
};

uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

float lattice(int2 p) { return float(pcg(uint(p.x) * 1664525u ^ pcg(uint(p.y) + seed)) & 0xffff) / 65535.0f; }

float valueNoise(float2 p) {
    int2 i = int2(floor(p));
    float2 f = frac(p);
    float2 u = f * f * (3.0f - 2.0f * f);
    float a = lattice(i), b = lattice(i + int2(1, 0)), c = lattice(i + int2(0, 1)), d = lattice(i + int2(1, 1));
    return lerp(lerp(a, b, u.x), lerp(c, d, u.x), u.y);
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 p = origin + float2(id.xy) * scale;
    float h = 0.0f, amp = 0.5f;
    float2x2 rot = float2x2(0.8f, 0.6f, -0.6f, 0.8f);
    for (int o = 0; o < 4; ++o) {
        h += amp * valueNoise(p);
        p = mul(rot, p) * 2.0f + float2(17.0f, 31.0f);
        amp *= 0.5f;
    }
    uint idx = id.y * 32 + id.x;
    Height[idx] = h;
    float3 lowC = float3(0.1f, 0.3f, 0.6f), highC = float3(0.9f, 0.85f, 0.7f);
    float3 c = lerp(lowC, highC, smoothstep(0.3f, 0.7f, h));
    uint3 b = uint3(round(saturate(c) * 255.0f));
    Colour[idx] = b.x | (b.y << 8) | (b.z << 16) | 0xff000000u;
}
