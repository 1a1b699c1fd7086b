// -fvk-use-dx-layout: FXC's cbuffer packing puts each component of a column_major 1xN (and
// row_major Nx1) matrix at the start of its own 16-byte register. Word w of the cbuffer
// holds the value w, so each expected value is the byte offset / 4, worked out by hand
// (each float4 starts a register, so nothing here shares a matrix's last register and the
// layout is also valid under relaxed std140, WGSL's and Metal's rules):
//   a                     offset   0                    -> 0
//   m (float1x3)          offsets 16, 32, 48            -> 4, 8, 12   (size 16 * 2 + 4 = 36)
//   b (float4)            52 rounded up to 64           -> 16
//   r (row_major 2x1)     new register 80; rows 80, 96  -> 20, 24     (size 20)
//   c (float4)            100 rounded up to 112         -> 28
//   arr (float1x2[2])     register 128; element size 20, stride 32:
//                         arr[0] 128, 144; arr[1] 160, 176 -> 32, 36; 40, 44
//   d (float4)            180 rounded up to 192         -> 48
cbuffer C : register(b0) {
  float a;
  float1x3 m;
  float4 b;
  row_major float2x1 r;
  float4 c;
  float1x2 arr[2];
  float4 d;
};
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = a;
  Out[1] = m._m00;
  Out[2] = m._m01;
  Out[3] = m._m02;
  Out[4] = b.x;
  Out[5] = r._m00;
  Out[6] = r._m10;
  Out[7] = c.x;
  Out[8] = arr[0]._m01;
  Out[9] = arr[1]._m00;
  Out[10] = arr[1]._m01;
  Out[11] = d.x;
  uint k = uint(a) + 2;        // 2, not a constant to the compiler
  Out[12] = m[0][k];           // m._m02 -> 12
  float3 v = m;                // the whole matrix as a vector
  Out[13] = v.y;               // 8
  Out[14] = dot(m[0], float3(1, 1, 1));  // 4 + 8 + 12 = 24
  Out[15] = r[1].x + arr[k - 1]._m00;    // 24 + 40 = 64
}
