// StructuredBuffer elements that are matrices keep their majorness: row_major float4x3
// is 4 rows of float3 at a 16-byte stride (64 bytes per element), the default
// column_major float4x3 is 3 columns of float4 (48 bytes per element).
StructuredBuffer<row_major float4x3> R : register(t0);
StructuredBuffer<float4x3> C : register(t1);
RWStructuredBuffer<float> Out : register(u2);

[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    float3 r1 = R[i][1];
    float3 c1 = C[i][1];
    Out[i * 8 + 0] = r1.x;
    Out[i * 8 + 1] = r1.y;
    Out[i * 8 + 2] = r1.z;
    Out[i * 8 + 3] = R[i]._m32;
    Out[i * 8 + 4] = c1.x;
    Out[i * 8 + 5] = c1.y;
    Out[i * 8 + 6] = c1.z;
    Out[i * 8 + 7] = C[i]._m32;
}
