// EXPECT: OSH5202 6:14
// ARGS: --target=wgsl
StructuredBuffer<float4> Positions : register(t0);
[shader("vertex")]
float4 main(uint vid : SV_VertexID) : SV_Position {
  float4 p = WaveReadLaneFirst(Positions[vid]);
  return p;
}
