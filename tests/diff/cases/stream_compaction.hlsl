// Stream compaction within a workgroup without atomics: a predicate per element, an
// inclusive Hillis-Steele scan of the flags in groupshared memory (double-buffered), the
// survivors written densely in their original order, the group's count at the end.
#define N 128
StructuredBuffer<float4> Spheres : register(t0);     // xyz centre, w radius
RWStructuredBuffer<uint> Visible : register(u1);      // per group: N slots of indices
RWStructuredBuffer<uint> VisibleCount : register(u2);

cbuffer Frustum : register(b3) {
    float4 planes[4];    // xyz normal, w distance
};

groupshared uint s_scan[2][N];

[numthreads(N, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
    float4 s = Spheres[dtid.x];
    bool inside = true;
    [unroll] for (int p = 0; p < 4; ++p)
        inside = inside && dot(planes[p].xyz, s.xyz) + planes[p].w > -s.w;
    uint flag = inside ? 1u : 0u;
    s_scan[0][gi] = flag;
    GroupMemoryBarrierWithGroupSync();
    uint src = 0;
    for (uint offset = 1; offset < N; offset <<= 1) {
        uint v = s_scan[src][gi];
        if (gi >= offset) v += s_scan[src][gi - offset];
        s_scan[1 - src][gi] = v;
        src = 1 - src;
        GroupMemoryBarrierWithGroupSync();
    }
    uint inclusive = s_scan[src][gi];
    if (inside) Visible[gid.x * N + inclusive - 1] = dtid.x;
    if (gi == N - 1) VisibleCount[gid.x] = inclusive;
}
