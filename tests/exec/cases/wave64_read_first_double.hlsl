// WaveReadLaneFirst on double, all lanes active.
// Execution test (tests/exec): the reference model (tests/exec/reference.cpp, op "read_first",
// type uint) computes the expected 32-bit values; the shader runs the operation on a
// 64-bit encoding of each input whose result decodes to the 32-bit one only if all 64
// bits were computed (x + 2^-21 is exact in a double and not in a float; the shader decodes x from the integer and fraction parts).
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    double d = double(In[tid]) + 1.0 / 2097152.0;
    double r = WaveReadLaneFirst(d);
    uint i = uint(r);
    Out[tid] = i + uint((r - double(i)) * 2097152.0) - 1;
}
