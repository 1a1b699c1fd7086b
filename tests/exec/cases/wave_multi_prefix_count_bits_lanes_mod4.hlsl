// WaveMultiPrefixCountBits(v odd, WaveMatch(v & 3)) in lanes with lane % 4 != 0: exclusive count among the lower active lanes with the same key
// Execution test (tests/exec): expected values come from the reference model in
// tests/exec/reference.cpp (op "multi_prefix_count_bits"), not from any compiler. Needs
// VK_NV_shader_subgroup_partitioned (SKIP where the device lacks it).
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[shader("compute")]
[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    // Wave membership, with every lane active: lane, lane count, the wave's lane-0 group index, group.
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
    uint v = In[tid];
    if (WaveGetLaneIndex() % 4 != 0)
    {
        uint4 mask = WaveMatch(v & 3);
        Out[tid] = WaveMultiPrefixCountBits((v % 2) == 1, mask);
    }
}
