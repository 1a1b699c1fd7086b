// Histogram of log2 buckets: each group bins into groupshared counters with
// InterlockedAdd, then merges its counters into a global RWByteAddressBuffer.
StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Histogram : register(u1);

#define NUM_BINS 16
groupshared uint localBins[NUM_BINS];

uint BinOf(uint v)
{
    // firstbithigh(0) is -1 (0xffffffff); values are >= 1 here, but clamp anyway.
    uint b = v == 0 ? 0 : firstbithigh(v);
    return min(b, NUM_BINS - 1);
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    if (gi < NUM_BINS)
        localBins[gi] = 0;
    GroupMemoryBarrierWithGroupSync();

    InterlockedAdd(localBins[BinOf(Values[dtid.x])], 1);
    GroupMemoryBarrierWithGroupSync();

    if (gi < NUM_BINS)
    {
        uint count = localBins[gi];
        if (count != 0)
            Histogram.InterlockedAdd(gi * 4, count);
    }
}
