// Classic tree reduction: each group sums 256 values in groupshared memory with a
// barrier between steps, writes its partial sum, and adds it to a global total.
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> PartialSums : register(u1);
RWByteAddressBuffer Total : register(u2);

#define THREADS 256
groupshared uint gsData[THREADS];

[numthreads(THREADS, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    gsData[gi] = Input[dtid.x];
    GroupMemoryBarrierWithGroupSync();

    [unroll]
    for (uint stride = THREADS / 2; stride > 0; stride >>= 1)
    {
        if (gi < stride)
            gsData[gi] += gsData[gi + stride];
        GroupMemoryBarrierWithGroupSync();
    }

    if (gi == 0)
    {
        PartialSums[gid.x] = gsData[0];
        Total.InterlockedAdd(0, gsData[0]);
    }
}
