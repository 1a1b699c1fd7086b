// Wave-level early outs and culling: WaveActiveAnyTrue/AllTrue skip work for the whole
// wave, WaveActiveBallot builds a lane mask, WaveActiveMin/Max bound a range.
StructuredBuffer<float4> Spheres : register(t0);   // xyz center, w radius
RWStructuredBuffer<uint> Visible : register(u1);
RWStructuredBuffer<uint4> WaveMasks : register(u2);

cbuffer Frustum : register(b3)
{
    float4 planes[6];
};

bool SphereVisible(float4 s)
{
    [unroll]
    for (uint i = 0; i < 6; ++i)
    {
        if (dot(planes[i].xyz, s.xyz) + planes[i].w < -s.w)
            return false;
    }
    return true;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    float4 s = Spheres[dtid.x];
    bool vis = SphereVisible(s);
    if (!WaveActiveAnyTrue(vis))
    {
        Visible[dtid.x] = 0;
        return;
    }
    uint4 mask = WaveActiveBallot(vis);
    if (WaveIsFirstLane())
        WaveMasks[dtid.x / WaveGetLaneCount()] = mask;
    float minR = WaveActiveMin(s.w);
    float maxR = WaveActiveMax(s.w);
    uint allVis = WaveActiveAllTrue(vis) ? 2u : 0u;
    Visible[dtid.x] = (vis ? 1u : 0u) | allVis | (maxR > 2.0f * minR ? 4u : 0u);
}
