// ARGS: -E main -T cs_6_0
// cbuffer matrices whose columns (row_major: rows) are 2-vectors in 16-byte registers,
// where MSL's float2x2 / float3x2 put them 8 bytes apart: declared array<float2, 2N-1>
// with stored column k at element 2k (docs/msl.md, Buffer layout). Column-major HLSL
// matrices are the IR's RowMajor, stored transposed: a row of m gathers element i of each
// stored column, a whole load is transpose(float2x2(m[0], m[2])). row_major float3x2 r is
// stored as is: row i is r[2 * i]. float3x2 n (columns of 3) and row_major float2x3
// (rows of 3) keep MSL matrices. Copying the struct L into a local reads a bitwise copy
// of the buffer's struct member by member: a is rebuilt; the arrays aa (such matrices,
// 2N float2 per element), c (std140 floats in float4s) and d (column_major float3x3,
// stored transposed) are converted element by element.
struct L {
  float2x2 a;
  float2x2 aa[2];
  float c[2];
  float3x3 d[1];
  float b;
};
cbuffer C : register(b0) {
  float2x2 m;
  float3x2 n;
  row_major float3x2 r;
  row_major float2x3 t;
  float2x2 ma[2];
  L l;
  float4 after;
};
RWStructuredBuffer<float4> Out : register(u1);

float2 rowOf(float2x2 x, uint i) { return x[i]; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint k = id.x + 1;
  Out[0] = float4(m[k], r[k]);
  Out[1] = float4(mul(m, float2(1, 2)), mul(float3(1, 1, 1), r));
  Out[2] = float4(n[2], t[1].z, t[0].x);
  Out[3] = float4(ma[k][0], rowOf(ma[1], k));
  L copy = l;
  Out[4] = float4(copy.a[1], l.a[k].y, copy.b);
  float2x2 all[2] = ma;
  Out[5] = float4(all[1][0], after.zw);
  Out[6] = float4(copy.aa[1][k], copy.c[1], copy.d[0][2].y);
}
