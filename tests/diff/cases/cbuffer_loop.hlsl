// A cbuffer-driven kernel: the iteration count, stride, polynomial coefficients (a float4
// array) and per-band weights (a scalar array: one 16-byte register per element under
// HLSL packing) all come from the constant buffer; each thread evaluates a polynomial with
// Horner's rule over a strided window and accumulates weighted bands.
cbuffer Params : register(b0) {
    uint iterations;     // 0
    uint stride;         // 4
    float2 range;        // 8
    float4 coeffs[3];    // 16, 32, 48
    float weights[4];    // 64, 80, 96, 112 (each at the start of a register)
    int bias;            // 116
};

StructuredBuffer<float> Samples : register(t1);
RWStructuredBuffer<float> Result : register(u2);
RWStructuredBuffer<int> Bands : register(u3);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float acc = 0.0f;
    int bands = bias;
    for (uint it = 0; it < iterations; ++it) {
        float s = Samples[(id.x + it * stride) % 1024];
        float t = clamp((s - range.x) / (range.y - range.x), 0.0f, 1.0f);
        float p = 0.0f;
        for (int c = 2; c >= 0; --c) {           // Horner over the 12 coefficients
            float4 k = coeffs[c];
            p = p * t + k.w; p = p * t + k.z; p = p * t + k.y; p = p * t + k.x;
        }
        uint band = min(uint(t * 4.0f), 3u);
        acc += p * weights[band];
        bands += int(band) - 1;
    }
    Result[id.x] = acc;
    Bands[id.x] = bands;
}
