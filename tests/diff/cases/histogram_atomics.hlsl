// Image histogram with atomics: each thread unpacks four rgba8 pixels, bins R, G, B and luma
// (64 bins each) in groupshared memory with InterlockedAdd, then the group adds its bins to
// the global histogram; InterlockedMin/Max/Or track the luma range and the bins seen.
// Every result is independent of the order in which threads run.
ByteAddressBuffer Pixels : register(t0);
RWStructuredBuffer<uint> Histogram : register(u1);   // 4 x 64 bins
RWStructuredBuffer<uint> Summary : register(u2);     // min luma, max luma, bins-seen mask lo, hi

groupshared uint s_bins[256];
groupshared uint s_min, s_max;

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    [unroll] for (uint k = 0; k < 4; ++k) s_bins[gi * 4 + k] = 0;
    if (gi == 0) { s_min = 0xffffffffu; s_max = 0; }
    GroupMemoryBarrierWithGroupSync();
    uint localMin = 0xffffffffu, localMax = 0;
    for (uint p = 0; p < 4; ++p) {
        uint rgba = Pixels.Load((dtid.x * 4 + p) * 4);
        uint r = rgba & 0xff, g = (rgba >> 8) & 0xff, b = (rgba >> 16) & 0xff;
        uint luma = (r * 54 + g * 183 + b * 19) >> 8;   // Rec. 709 weights in 8.8 fixed point
        InterlockedAdd(s_bins[r >> 2], 1);
        InterlockedAdd(s_bins[64 + (g >> 2)], 1);
        InterlockedAdd(s_bins[128 + (b >> 2)], 1);
        InterlockedAdd(s_bins[192 + (luma >> 2)], 1);
        localMin = min(localMin, luma);
        localMax = max(localMax, luma);
    }
    InterlockedMin(s_min, localMin);
    InterlockedMax(s_max, localMax);
    GroupMemoryBarrierWithGroupSync();
    [unroll] for (uint k2 = 0; k2 < 4; ++k2) {
        uint bin = gi * 4 + k2;
        if (s_bins[bin] != 0) {
            InterlockedAdd(Histogram[bin], s_bins[bin]);
            if (bin >= 192) InterlockedOr(Summary[2 + (bin - 192) / 32], 1u << ((bin - 192) % 32));
        }
    }
    if (gi == 0) {
        InterlockedMin(Summary[0], s_min);
        InterlockedMax(Summary[1], s_max);
    }
}
