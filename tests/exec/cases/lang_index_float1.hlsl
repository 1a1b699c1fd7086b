// Indexing one-component values: a float1 r-value, the row of an Nx1 matrix (a float1),
// a float1 variable, and an index that is not a constant (DXC's op.matrix.access.mx1 shape).
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<uint> In : register(u1);

[numthreads(1, 1, 1)]
void main() {
  float3x1 m = float3x1(2, 3, 4);
  uint i = In[0];                   // 1
  Out[0] = (m * m)[i][0];           // row 1 of (4, 9, 16): 9
  Out[1] = (m + m)[2][0];           // 8
  float1 f = 5;
  Out[2] = f[0];                    // 5
  Out[3] = (f * 3)[0];              // 15
  f[0] = 6;
  Out[4] = f.x;                     // 6
  Out[5] = m[i][0] + m[0].x;        // 3 + 2 = 5
}
