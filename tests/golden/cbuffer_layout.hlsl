// cbuffer layout (vector-relaxed std140, DXC's default for Vulkan, equal to HLSL packing
// for these members): a float then a float3 packed into one 16-byte register, a float2
// that does not fit after a float3 remainder, an array (16-byte element stride), a
// column_major float4x4 and a row_major float3x4, and a struct member.
struct Light
{
    float3 dir;
    float intensity;
};

cbuffer Frame : register(b0)
{
    float time;        // offset 0
    float3 wind;       // offset 4: fits in the rest of register 0
    float2 jitter;     // offset 16
    float exposure;    // offset 24
    float weights[3];  // offset 32, 48, 64: array elements start a register each
    float4x4 viewProj; // offset 80: column_major (RowMajor decoration), MatrixStride 16
    row_major float3x4 model; // offset 144: row_major (ColMajor decoration), 3 rows of float4
    Light sun;         // offset 192: struct, aligned to 16
    uint frameIndex;   // offset 208
};

RWStructuredBuffer<float4> Out : register(u1);

[numthreads(1, 1, 1)]
void main()
{
    float4 p = mul(viewProj, float4(wind, time));
    float3 m = mul(model, p);
    Out[0] = p + float4(m, 0) + float4(jitter, exposure, weights[frameIndex % 3])
           + float4(sun.dir * sun.intensity, 0);
}
