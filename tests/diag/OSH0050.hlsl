// EXPECT: OSH0050 6:24
// DXC: "variable length arrays are not supported in HLSL" -- a specialization constant is set
// when the pipeline is created, so it is not a constant expression and cannot size an array.
[[vk::constant_id(0)]] const uint TileSize = 64;
RWStructuredBuffer<float> Out : register(u0);
groupshared float tile[TileSize];
[shader("compute")] [numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  tile[id.x] = id.x;
  Out[id.x] = tile[63 - id.x];
}
