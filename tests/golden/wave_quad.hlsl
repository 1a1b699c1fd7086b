// Wave family "quad": QuadReadAcrossX/Y/Diagonal and QuadReadLaneAt, in a compute shader
// (SPIR-V defines the quad of lane i as lanes (i & ~3) .. (i & ~3) + 3).
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float4> Out : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float v = In[id.x];
    Out[id.x] = float4(QuadReadAcrossX(v), QuadReadAcrossY(v), QuadReadAcrossDiagonal(v), QuadReadLaneAt(v, 2));
}
