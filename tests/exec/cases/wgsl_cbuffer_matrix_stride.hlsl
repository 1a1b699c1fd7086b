// Matrices in a cbuffer whose columns (rows, for row_major) are 16 bytes apart while WGSL's
// matCx2 has a column stride of 8: the WGSL writer stores them as arrays of padded columns.
// The uniform buffer holds word w = w (float), so every value read names its word.
// HLSL packing (each matrix row/column in its own 16-byte register):
//   m  float2x2 column_major: column j at register j       -> m[i][j]  = word 4j + i
//   n  float3x2 column_major: column j at register 2 + j   -> n[i][j]  = word 8 + 4j + i
//   p  float2x3 column_major: column j at register 4 + j   -> p[i][j]  = word 16 + 4j + i
//   r  row_major float3x2:    row i at register 7 + i      -> r[i][j]  = word 28 + 4i + j
//   ma float2x2[2]:           element e at register 10+2e -> ma[e][i][j] = word 40 + 8e + 4j + i
//   after float4 at register 14                              -> words 56..59
cbuffer C : register(b0) {
  float2x2 m;
  float3x2 n;
  float2x3 p;
  row_major float3x2 r;
  float2x2 ma[2];
  float4 after;
};
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint k = id.x + 1;  // 1, not a constant
  Out[0] = m[0][0]; Out[1] = m[0][1]; Out[2] = m[1][0]; Out[3] = m[1][1];
  Out[4] = n[0][0]; Out[5] = n[0][1]; Out[6] = n[1][0]; Out[7] = n[1][1]; Out[8] = n[2][0]; Out[9] = n[2][1];
  Out[10] = p[0][0]; Out[11] = p[0][1]; Out[12] = p[0][2]; Out[13] = p[1][0]; Out[14] = p[1][1]; Out[15] = p[1][2];
  Out[16] = r[0][0]; Out[17] = r[0][1]; Out[18] = r[1][0]; Out[19] = r[1][1]; Out[20] = r[2][0]; Out[21] = r[2][1];
  Out[22] = ma[0][0][0]; Out[23] = ma[0][0][1]; Out[24] = ma[0][1][0]; Out[25] = ma[0][1][1];
  Out[26] = ma[1][0][0]; Out[27] = ma[1][0][1]; Out[28] = ma[1][1][0]; Out[29] = ma[1][1][1];
  Out[30] = after.x; Out[31] = after.y; Out[32] = after.z; Out[33] = after.w;
  float2 mk = m[k];       // row 1 of m: (1, 5)
  float2 rk = r[k];       // row 1 of r: (32, 33)
  float2 mak = ma[k][k];  // row 1 of ma[1]: (49, 53)
  Out[34] = mk.x; Out[35] = mk.y; Out[36] = rk.x; Out[37] = rk.y; Out[38] = mak.x; Out[39] = mak.y;
  float2 mv = mul(m, float2(1, 2));   // (0 + 2*4, 1 + 2*5) = (8, 11)
  Out[40] = mv.x; Out[41] = mv.y;
  Out[42] = p[k][2];                  // 25
  float3 vp = mul(float2(1, 1), p);   // (16 + 17, 20 + 21, 24 + 25) = (33, 41, 49)
  Out[43] = vp.x; Out[44] = vp.y; Out[45] = vp.z;
  float2x2 mm[2] = ma;
  Out[46] = mm[1][0][1];              // 52
  float3x2 rr = r;
  Out[47] = rr[2][1] + rr[k][0];      // 37 + 32 = 69
}
