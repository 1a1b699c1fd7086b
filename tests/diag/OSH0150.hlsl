// EXPECT: OSH0150 5:21
// 2^30 floats are 2^32 bytes: one byte more than DXC's 32-bit size_t addresses
// (clang's "array is too large"). 2^30 - 1 elements would be accepted.
RWStructuredBuffer<float> Out : register(u0);
groupshared float g[1073741824];
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  g[id.x] = 1.0;
  Out[0] = g[id.x + 1];
}
