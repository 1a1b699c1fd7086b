// EXPECT: OSH0140 8:12
// ARGS: -T cs_6_6 -E main
// 3 x 1 threads form no derivative quads (HLSL SM 6.6: X a multiple of 4 with Y = Z = 1,
// or X and Y multiples of 2).
RWStructuredBuffer<float> Out : register(u0);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = ddx(float(id.x));
}
