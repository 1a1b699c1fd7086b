// One N-body integration step (128 bodies): each thread accumulates softened gravitational
// accelerations from every body, staged through groupshared memory a tile at a time, with
// rsqrt, then integrates velocity and position (semi-implicit Euler).
#define N 128
#define TILE 32
StructuredBuffer<float4> PosMass : register(t0);   // xyz position, w mass
StructuredBuffer<float4> VelIn : register(t1);
RWStructuredBuffer<float4> PosOut : register(u2);
RWStructuredBuffer<float4> VelOut : register(u3);

groupshared float4 s_bodies[TILE];

static const float kSoftening2 = 0.01f;
static const float kDt = 0.0078125f;

[numthreads(TILE, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    float4 me = PosMass[dtid.x];
    float3 acc = 0;
    for (uint tile = 0; tile < N / TILE; ++tile) {
        s_bodies[gi] = PosMass[tile * TILE + gi];
        GroupMemoryBarrierWithGroupSync();
        for (uint j = 0; j < TILE; ++j) {
            float4 other = s_bodies[j];
            float3 d = other.xyz - me.xyz;
            float r2 = dot(d, d) + kSoftening2;
            float inv = rsqrt(r2);
            acc += d * (other.w * inv * inv * inv);
        }
        GroupMemoryBarrierWithGroupSync();
    }
    float3 v = VelIn[dtid.x].xyz + acc * kDt;
    VelOut[dtid.x] = float4(v, length(acc));
    PosOut[dtid.x] = float4(me.xyz + v * kDt, me.w);
}
