// Skinning-style vertex transforms in a compute shader: per-instance float4x4 matrices
// from a structured buffer (column_major, HLSL's default) and a row_major float3x4 from a
// cbuffer, mul() in both orders, transpose, determinant, a normal matrix from the upper 3x3,
// and a blend of two matrices by weight.
struct Instance {
    float4x4 world;                  // column_major
    row_major float4x4 prev;
    float4 weights;                  // x: blend weight
};

cbuffer View : register(b0) {
    row_major float3x4 view;         // 3 rows of 4
    float4x4 proj;                   // column_major
};

StructuredBuffer<Instance> Instances : register(t1);
StructuredBuffer<float4> Positions : register(t2);
RWStructuredBuffer<float4> Clip : register(u3);
RWStructuredBuffer<float4> Extra : register(u4);   // normal.xyz, det; blended.xyzw

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Instance inst = Instances[id.x / 4];
    float4 p = Positions[id.x];
    float w = inst.weights.x;
    float4x4 blended = inst.world * w + inst.prev * (1.0f - w);
    float4 worldPos = mul(blended, p);
    float3 viewPos = mul(view, worldPos);
    float4 clip = mul(float4(viewPos, 1.0f), transpose(proj));
    Clip[id.x] = clip;
    float3x3 upper = (float3x3)inst.world;
    float3 n = normalize(mul(p.xyz, upper));
    Extra[id.x * 2] = float4(n, determinant(inst.world));
    Extra[id.x * 2 + 1] = mul(p, inst.prev);
}
