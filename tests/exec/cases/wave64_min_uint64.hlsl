// WaveActiveMin on uint64_t, all lanes active.
// Execution test (tests/exec): the reference model (tests/exec/reference.cpp, op "min",
// type uint) computes the expected 32-bit values; the shader runs the operation on a
// 64-bit encoding of each input whose result decodes to the 32-bit one only if all 64
// bits were computed ((x << 32) | ~x is ordered by x; the high half of the min is the 32-bit min).
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    uint x = In[tid];
    uint64_t v = (uint64_t(x) << 32) | uint64_t(~x);
    Out[tid] = uint(WaveActiveMin(v) >> 32);
}
