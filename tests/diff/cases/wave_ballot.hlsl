// Ballot-based compaction, as a light-list or particle-emission pass does it: each lane with
// work takes a slot from WavePrefixCountBits, the wave's count from WaveActiveCountBits,
// its base from the first lane's atomic add shared with WaveReadLaneFirst; plus
// WaveActiveBallot masks and WaveReadLaneAt a rotated lane.
StructuredBuffer<uint> Items : register(t0);
RWStructuredBuffer<uint> Compacted : register(u1);
RWStructuredBuffer<uint> Counter : register(u2);
RWStructuredBuffer<uint4> Masks : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint item = Items[id.x];
    bool keep = (item % 3) != 0;
    uint slot = WavePrefixCountBits(keep);
    uint count = WaveActiveCountBits(keep);
    uint base = 0;
    if (WaveIsFirstLane()) InterlockedAdd(Counter[0], count, base);
    base = WaveReadLaneFirst(base);
    uint4 ballot = WaveActiveBallot(keep);
    uint lane = WaveGetLaneIndex();
    uint rotated = WaveReadLaneAt(item, (lane + 1) % WaveGetLaneCount());
    // The base depends on the order in which waves reach the atomic, so the output
    // position is the per-wave slot, written relative to the wave's own first thread.
    uint waveStart = id.x - lane;
    if (keep) Compacted[waveStart + slot] = item;
    Masks[id.x] = uint4(ballot.x, slot | (count << 16), rotated, base != 0xffffffffu ? 1u : 0u);
}
