// Wave family "ballot": WaveActiveBallot, WaveActiveCountBits, WavePrefixCountBits,
// WaveReadLaneFirst.
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint v = In[id.x];
    bool odd = (v & 1) != 0;
    uint4 mask = WaveActiveBallot(odd);
    uint total = WaveActiveCountBits(odd);
    uint rank = WavePrefixCountBits(odd);
    uint first = WaveReadLaneFirst(v);
    Out[id.x] = mask + uint4(total, rank, first, 0);
}
