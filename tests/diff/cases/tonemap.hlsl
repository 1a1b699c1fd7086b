// HDR to LDR tone mapping: exposure from a cbuffer, ACES-fitted curve, Reinhard for
// comparison, luminance-preserving saturation, sRGB encoding with pow (and the linear toe chosen by step),
// exp2/log2 exposure steps, and rgba8 packing with dithering from an integer hash.
cbuffer Exposure : register(b0) {
    float exposureEv;
    float whitePoint;
    float saturation;
    uint frameIndex;
};

StructuredBuffer<float4> Hdr : register(t1);
RWStructuredBuffer<uint> Ldr : register(u2);
RWStructuredBuffer<float4> Debug : register(u3);

float3 aces(float3 x) {
    const float a = 2.51f, b = 0.03f, c = 2.43f, d = 0.59f, e = 0.14f;
    return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
}

float3 toSrgb(float3 c) {
    float3 lo = c * 12.92f;
    float3 hi = 1.055f * pow(max(c, 1e-8f), 1.0f / 2.4f) - 0.055f;
    return lerp(hi, lo, step(c, 0.0031308f));   // lo where c <= 0.0031308
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 hdr = Hdr[id.x];
    float3 c = max(hdr.rgb, 0.0f) * exp2(exposureEv);
    float lum = dot(c, float3(0.2126f, 0.7152f, 0.0722f));
    c = lerp(lum.xxx, c, saturation);
    float3 mapped = aces(c);
    float3 reinhard = c * (1.0f + c / (whitePoint * whitePoint)) / (1.0f + c);
    float3 srgb = toSrgb(mapped);
    uint h = (id.x * 0x27d4eb2du) ^ (frameIndex * 0x165667b1u);
    float dither = (float(h >> 24) / 255.0f - 0.5f) / 255.0f;
    uint3 q = uint3(round(saturate(srgb + dither) * 255.0f));
    Ldr[id.x] = q.r | (q.g << 8) | (q.b << 16) | (uint(saturate(hdr.a) * 255.0f) << 24);
    Debug[id.x] = float4(reinhard, log2(max(lum, 1e-6f)));
}
