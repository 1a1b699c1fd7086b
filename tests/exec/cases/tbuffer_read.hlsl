// tbuffer and TextureBuffer<T> (DXC: read-only storage buffers, std430 with relaxed vector
// packing): `b` sits at byte 4 right after `a`, `c` (stride 4) at 16, `d` at 32; in TB
// `uv` at 0 and `w` at 8. The words Params = 1, 2, 3, 4, 5, 6, -1, -1, 7, 8, 9, 10 and
// TB = 11, 12, 13, 14 give by hand: a = 1, b.y = 3, c[1] = 6, d.w = 10, TB.uv.y = 12,
// TB.w[1] = 14 (the -1 words are padding, never read).
struct P {
  float2 uv;
  float w[2];
};
tbuffer Params : register(t0) {
  float a;
  float3 b;
  float c[2];
  float4 d;
};
TextureBuffer<P> TB : register(t1);
RWStructuredBuffer<float> Out : register(u2);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = a;
  Out[1] = b.y;
  Out[2] = c[1];
  Out[3] = d.w;
  Out[4] = TB.uv.y;
  Out[5] = TB.w[1];
}
