// WaveActiveBitOr on uint64_t, all lanes active.
// Execution test (tests/exec): the reference model (tests/exec/reference.cpp, op "bitor",
// type uint) computes the expected 32-bit values; the shader runs the operation on a
// 64-bit encoding of each input whose result decodes to the 32-bit one only if all 64
// bits were computed (the high half of the OR of (x << 32) | 1 is the OR of x).
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    uint x = In[tid];
    uint64_t r = WaveActiveBitOr((uint64_t(x) << 32) | 1);
    Out[tid] = uint(r) == 1 ? uint(r >> 32) : 0xDEAD;
}
