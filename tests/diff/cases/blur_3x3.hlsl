// 3x3 Gaussian blur of a 64 x 32 single-channel float image stored in a buffer, clamped at
// the edges, with the kernel in a static const array; a second output is the unsharp mask
// (original + amount * (original - blurred)) clamped to [0, 1].
#define W 64
#define H 32
StructuredBuffer<float> Src : register(t0);
RWStructuredBuffer<float> Blurred : register(u1);
RWStructuredBuffer<float> Sharpened : register(u2);

static const float kWeights[9] = { 1.0 / 16, 2.0 / 16, 1.0 / 16,
                                    2.0 / 16, 4.0 / 16, 2.0 / 16,
                                    1.0 / 16, 2.0 / 16, 1.0 / 16 };

float texel(int x, int y) {
    x = clamp(x, 0, W - 1);
    y = clamp(y, 0, H - 1);
    return Src[y * W + x];
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int x = int(id.x), y = int(id.y);
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            sum += kWeights[(dy + 1) * 3 + (dx + 1)] * texel(x + dx, y + dy);
    uint i = id.y * W + id.x;
    Blurred[i] = sum;
    float o = Src[i];
    Sharpened[i] = saturate(o + 1.5f * (o - sum));
}
