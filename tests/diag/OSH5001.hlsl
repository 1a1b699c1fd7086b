// EXPECT: OSH5001 7:30
// ARGS: --target=wgsl
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t wide = ((uint64_t)id.x) << 40;
  Out[0] = (uint)(wide >> 40);
}
