// Work-efficient (Blelloch) exclusive prefix sum of 512 uints per workgroup in groupshared
// memory, with the group totals written out for a second pass (the shape of a stream
// compaction or radix sort's scan step).
#define N 512
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Prefix : register(u1);
RWStructuredBuffer<uint> GroupTotals : register(u2);

groupshared uint temp[N];

[numthreads(N / 2, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
    uint base = gid.x * N;
    temp[2 * gi] = Input[base + 2 * gi];
    temp[2 * gi + 1] = Input[base + 2 * gi + 1];
    uint offset = 1;
    for (uint d = N >> 1; d > 0; d >>= 1) {       // up-sweep
        GroupMemoryBarrierWithGroupSync();
        if (gi < d) {
            uint ai = offset * (2 * gi + 1) - 1;
            uint bi = offset * (2 * gi + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (gi == 0) {
        GroupTotals[gid.x] = temp[N - 1];
        temp[N - 1] = 0;
    }
    for (uint d2 = 1; d2 < N; d2 *= 2) {          // down-sweep
        offset >>= 1;
        GroupMemoryBarrierWithGroupSync();
        if (gi < d2) {
            uint ai = offset * (2 * gi + 1) - 1;
            uint bi = offset * (2 * gi + 2) - 1;
            uint t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    Prefix[base + 2 * gi] = temp[2 * gi];
    Prefix[base + 2 * gi + 1] = temp[2 * gi + 1];
}
