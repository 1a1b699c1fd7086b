// Transforms per-instance matrices: Result = World * Local, plus a transformed point,
// with float4x4, mul(), transpose() and a matrix built from rows.
StructuredBuffer<float4x4> LocalMatrices : register(t0);
RWStructuredBuffer<float4x4> Results : register(u1);
RWStructuredBuffer<float4> Points : register(u2);

float4x4 MakeWorld(float s)
{
    // Rows of a scale-and-translate matrix (column vectors convention: mul(M, v)).
    return float4x4(s, 0, 0, 1,
                    0, s, 0, 2,
                    0, 0, s, 3,
                    0, 0, 0, 1);
}

[numthreads(16, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint i = dtid.x;
    float4x4 local = LocalMatrices[i];
    float4x4 world = MakeWorld(2.0f);
    float4x4 m = mul(world, local);
    Results[i] = m;
    float4 p = float4(1.0f, -1.0f, 0.5f, 1.0f);
    Points[i] = mul(transpose(local), p) + mul(p, local) * 0.0f + float4(m[0][0], m[1][1], m[2][2], m[3][3]) * 0.0f;
}
