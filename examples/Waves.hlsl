StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);
 
// Sum a buffer with one atomic per wave instead of one per thread.
[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
 
Texture2D<float> Height : register(t2);
SamplerState Linear : register(s3);
 
// A screen-space slope from the neighboring pixel in the 2x2 quad.
[shader("pixel")]
float4 PSSlope(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float h = Height.Sample(Linear, uv);
    float dx = QuadReadAcrossX(h) - h;
    float dy = QuadReadAcrossY(h) - h;
    return float4(abs(dx), abs(dy), h, 1);
}
