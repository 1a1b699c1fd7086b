// EXPECT: OSH5004 7:3
// ARGS: --target=wgsl
// WGSL has no branch/flatten control: the hint is reported, then the if is written plainly.
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")] [numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [branch] if (id.x > 3) Out[id.x] = 1;
}
