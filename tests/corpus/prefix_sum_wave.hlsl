// Exclusive scan of one element per thread using wave intrinsics: scan inside each wave,
// collect the wave totals in groupshared memory, scan those, and add the wave's offset.
// Works for any wave size from 4 up (at most 64 waves per 256-thread group).
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u1);

#define GROUP_THREADS 256
#define MAX_WAVES 64
groupshared uint waveTotals[MAX_WAVES];

[numthreads(GROUP_THREADS, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    uint value = Input[dtid.x];
    uint laneCount = WaveGetLaneCount();
    uint waveIndex = gi / laneCount;
    uint numWaves = (GROUP_THREADS + laneCount - 1) / laneCount;

    uint inWave = WavePrefixSum(value);
    if (WaveGetLaneIndex() == laneCount - 1)
        waveTotals[waveIndex] = inWave + value;
    GroupMemoryBarrierWithGroupSync();

    if (gi == 0)
    {
        uint running = 0;
        for (uint w = 0; w < numWaves; ++w)
        {
            uint total = waveTotals[w];
            waveTotals[w] = running;
            running += total;
        }
    }
    GroupMemoryBarrierWithGroupSync();

    Output[dtid.x] = waveTotals[waveIndex] + inWave;
}
