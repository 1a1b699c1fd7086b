// Work-efficient (Blelloch) exclusive scan of 256 elements per group with 128 threads,
// each thread owning two elements. The group's total goes to BlockSums so a second pass
// could scan across groups.
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u1);
RWStructuredBuffer<uint> BlockSums : register(u2);

static const uint kThreads = 128;
static const uint kElements = kThreads * 2;
groupshared uint temp[kElements];

[numthreads(kThreads, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID)
{
    const uint t = gtid.x;
    const uint base = gid.x * kElements;
    temp[2 * t] = Input[base + 2 * t];
    temp[2 * t + 1] = Input[base + 2 * t + 1];

    // Up-sweep (reduce) phase.
    uint offset = 1;
    for (uint d = kElements >> 1; d > 0; d >>= 1)
    {
        GroupMemoryBarrierWithGroupSync();
        if (t < d)
        {
            uint ai = offset * (2 * t + 1) - 1;
            uint bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (t == 0)
    {
        BlockSums[gid.x] = temp[kElements - 1];
        temp[kElements - 1] = 0;
    }

    // Down-sweep phase.
    for (uint d2 = 1; d2 < kElements; d2 *= 2)
    {
        offset >>= 1;
        GroupMemoryBarrierWithGroupSync();
        if (t < d2)
        {
            uint ai = offset * (2 * t + 1) - 1;
            uint bi = offset * (2 * t + 2) - 1;
            uint x = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += x;
        }
    }
    GroupMemoryBarrierWithGroupSync();

    Output[base + 2 * t] = temp[2 * t];
    Output[base + 2 * t + 1] = temp[2 * t + 1];
}
