// EXPECT: OSH0350 7:15
// ARGS: --target=spirv,wgsl
RWStructuredBuffer<uint4> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = WaveMatch(id.x);
}
