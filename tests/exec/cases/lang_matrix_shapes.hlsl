// Matrices of every shape, DXC's rules: 1xN and Nx1 matrices (IR vectors, as DXC maps them
// to SPIR-V vectors), row access of a 1xN matrix, conversions between vectors and matrices
// (same component count row by row, or a truncation), matrix truncation (the top-left
// part), mul of degenerate shapes (1xM * MxN, 1xM * Mx1, Mx1 * 1xN) and mul with a
// longer operand truncated to the shared dimension (mul(float3x3, float4)).
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float1x2 a = float1x2(1, 2);
  float2x1 b = float2x1(3, 4);
  float2 ra = a[0];
  Out[0] = ra.y;                          // 2
  Out[1] = b[1][0];                       // 4
  Out[2] = a._m01 + b._m10;               // 2 + 4 = 6
  float2 va = a;
  Out[3] = va.x * 10 + va.y;              // 12
  float1x3 c = float3(5, 6, 7);
  Out[4] = c._m02;                        // 7
  float2x2 m = float2x2(1, 2, 3, 4);
  float4 flat = (float4)m;
  Out[5] = flat.z;                        // row order: 3
  float2x2 fromV = float4(5, 6, 7, 8);
  Out[6] = fromV[1][0];                   // 7
  float3x3 big = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
  float2x1 colPart = (float2x1)big;
  Out[7] = colPart[1][0];                 // big[1][0] = 4
  float1x2 rowPart = (float1x2)big;
  Out[8] = rowPart._m01;                  // big[0][1] = 2
  float2x2 tl = (float2x2)big;
  Out[9] = tl[1][1];                      // big[1][1] = 5
  float1x3 r13 = float1x3(1, 2, 3);
  float3x2 m32 = float3x2(1, 2, 3, 4, 5, 6);
  float1x2 p = mul(r13, m32);             // (1 + 6 + 15, 2 + 8 + 18) = (22, 28)
  Out[10] = p._m00;
  Out[11] = p._m01;
  float3x1 c31 = float3x1(4, 5, 6);
  float s = mul(r13, c31);                // 4 + 10 + 18 = 32
  Out[12] = s;
  float2x1 c21 = float2x1(1, 2);
  float1x2 r12 = float1x2(3, 4);
  float2x2 outer = mul(c21, r12);         // ((3, 4), (6, 8))
  Out[13] = outer[0][1];                  // 4
  Out[14] = outer[1][0];                  // 6
  Out[15] = outer[1][1];                  // 8
  float3 mv = mul(big, float4(1, 0, 2, 100));  // rows . (1, 0, 2) = (7, 16, 25)
  Out[16] = mv.x;
  Out[17] = mv.y;
  Out[18] = mv.z;
  float3 vm = mul(float4(1, 1, 0, 100), big);  // row 0 + row 1 = (5, 7, 9)
  Out[19] = vm.x;
  Out[20] = vm.y;
  Out[21] = vm.z;
  half2x2 h = half2x2(1, 2, 3, 4);
  Out[22] = (float)(h[1][0] + h._m01);    // 3 + 2 = 5
  float1x1 one = 9;
  Out[23] = one._m00 + (float)one;        // 18
}
