// Tree reduction of floats in groupshared memory (sum, min, max, sum of squares), with a
// fixed pairing order, then a mean and variance per group: the shape of an exposure or
// statistics pass. Inputs have fractional parts, so rounding happens at every level.
#define N 256
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<float4> Stats : register(u1);     // sum, min, max, sum of squares
RWStructuredBuffer<float2> MeanVar : register(u2);

groupshared float s_sum[N];
groupshared float s_min[N];
groupshared float s_max[N];
groupshared float s_sq[N];

[numthreads(N, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
    float v = Values[dtid.x];
    s_sum[gi] = v;
    s_min[gi] = v;
    s_max[gi] = v;
    s_sq[gi] = v * v;
    GroupMemoryBarrierWithGroupSync();
    for (uint stride = N / 2; stride > 0; stride >>= 1) {
        if (gi < stride) {
            s_sum[gi] += s_sum[gi + stride];
            s_min[gi] = min(s_min[gi], s_min[gi + stride]);
            s_max[gi] = max(s_max[gi], s_max[gi + stride]);
            s_sq[gi] = mad(s_sq[gi + stride], 1.0f, s_sq[gi]);
        }
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0) {
        float4 st = float4(s_sum[0], s_min[0], s_max[0], s_sq[0]);
        Stats[gid.x] = st;
        float mean = st.x / N;
        MeanVar[gid.x] = float2(mean, st.w / N - mean * mean);
    }
}
