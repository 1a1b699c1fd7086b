// Stream compaction: keep the non-zero elements. Each wave reserves space with one atomic
// (WaveActiveCountBits), broadcasts the base, and each lane writes at base + its rank
// among the surviving lanes (WavePrefixCountBits).
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u1);
RWStructuredBuffer<uint> Counter : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint value = Input[dtid.x];
    bool keep = value != 0;
    uint waveCount = WaveActiveCountBits(keep);
    uint base = 0;
    if (WaveIsFirstLane())
        InterlockedAdd(Counter[0], waveCount, base);
    base = WaveReadLaneFirst(base);
    if (keep)
        Output[base + WavePrefixCountBits(keep)] = value;
}
