// WaveActiveProduct on int64_t, all lanes active.
// Execution test (tests/exec): the reference model (tests/exec/reference.cpp, op "product",
// type int) computes the expected 32-bit values; the shader runs the operation on a
// 64-bit encoding of each input whose result decodes to the 32-bit one only if all 64
// bits were computed (the low half of a 64-bit product is the 32-bit product (this one checks the operation runs on int64_t, not the high bits)).
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    int64_t r = WaveActiveProduct(int64_t(In[tid]));
    Out[tid] = int(r);
}
