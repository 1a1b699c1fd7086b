// Output offsets for variable-length emission (each lane emits In[i] items): the lane's
// offset is WavePrefixSum of the counts (exclusive: the lane's own count is not included),
// the wave's total is WaveActiveSum. The lane facts feed the wave reference model, which
// checks Offsets on each compiler's run (tests/exec/reference.cpp).
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Offsets : register(u1);
RWStructuredBuffer<uint> Totals : register(u2);
RWStructuredBuffer<uint4> Facts : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
    Facts[id.x] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    uint n = In[id.x];
    Offsets[id.x] = WavePrefixSum(n);
    Totals[id.x] = WaveActiveSum(n);
}
