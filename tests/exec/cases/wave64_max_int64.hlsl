// WaveActiveMax on int64_t, all lanes active.
// Execution test (tests/exec): the reference model (tests/exec/reference.cpp, op "max",
// type int) computes the expected 32-bit values; the shader runs the operation on a
// 64-bit encoding of each input whose result decodes to the 32-bit one only if all 64
// bits were computed (the high half of x * 2^32 + 777 orders the values; r >> 32 is the 32-bit max).
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    int64_t v = int64_t(In[tid]) * 4294967296 + 777;
    Out[tid] = int(WaveActiveMax(v) >> 32);
}
