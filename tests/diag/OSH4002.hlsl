// EXPECT: OSH4002 7:3
// ARGS: --target=msl
// Metal has no loop unrolling control: the hint is reported, then the loop is written plainly.
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")] [numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [unroll] for (uint i = 0; i < 4; ++i) Out[id.x * 4 + i] = i;
}
