// Wave operations and atomics whose results nothing reads (issue 8, readable output): the
// text targets print each as a statement, with no name for its result: MSL `simd_sum(v);`,
// WGSL `_ = subgroupAdd(v);` (WGSL's built-ins that return a value are @must_use, so the
// phony assignment; atomics are not: `atomicAdd(&G, v);`). An unused ballot is MSL
// `simd_ballot(c);`, WGSL `_ = subgroupBallot(c);`.
RWStructuredBuffer<uint> B : register(u0);
groupshared uint G;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint v = B[id.x];
    WaveActiveSum(v);
    WaveActiveBallot(v > 3);
    WaveReadLaneAt(v, 2);
    WavePrefixSum(uint2(v, v));
    InterlockedAdd(G, v);
    InterlockedMax(B[0], v);
    B[id.x] = v + 1;
}
