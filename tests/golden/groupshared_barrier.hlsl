// groupshared memory with GroupMemoryBarrierWithGroupSync (and the other two barrier
// flavours) and an InterlockedAdd on groupshared memory.
RWStructuredBuffer<uint> Out : register(u0);

groupshared uint tile[64];
groupshared uint counter;

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    if (gi == 0)
        counter = 0;
    tile[gi] = gi * 2;
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(counter, tile[63 - gi]);
    AllMemoryBarrierWithGroupSync();
    Out[gi] = tile[(gi + 1) & 63] + counter;
    DeviceMemoryBarrier();
}
