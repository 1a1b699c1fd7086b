// Static const lookup tables: a dither matrix, CRC-like nibble table and filter weights,
// indexed with dynamic indices.
static const uint kBayer4x4[16] = {
     0,  8,  2, 10,
    12,  4, 14,  6,
     3, 11,  1,  9,
    15,  7, 13,  5,
};

static const float kGaussian5[5] = { 0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f };

static const uint kNibblePopcount[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

static const float2 kOffsets[4] = { float2(-1, 0), float2(1, 0), float2(0, -1), float2(0, 1) };

StructuredBuffer<float> Signal : register(t0);
RWStructuredBuffer<float> Filtered : register(u1);
RWStructuredBuffer<uint> Dither : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    int i = (int)dtid.x;
    float acc = 0.0f;
    for (int k = -2; k <= 2; ++k)
    {
        int j = clamp(i + k, 0, 255);
        acc += Signal[j] * kGaussian5[k + 2];
    }
    float2 o = kOffsets[dtid.x & 3];
    Filtered[dtid.x] = acc + o.x * 0.0f + o.y * 0.0f;

    uint x = dtid.x & 3;
    uint y = (dtid.x >> 2) & 3;
    uint v = dtid.x;
    uint pop = 0;
    for (uint n = 0; n < 8; ++n)
        pop += kNibblePopcount[(v >> (4 * n)) & 0xf];
    Dither[dtid.x] = kBayer4x4[y * 4 + x] * 100 + pop;
}
