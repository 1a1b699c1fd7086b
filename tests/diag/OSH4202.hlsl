// EXPECT: OSH4202 6:24
// ARGS: --target=msl
StructuredBuffer<float4> Positions : register(t0);
[shader("vertex")]
float4 main(uint vid : SV_VertexID) : SV_Position {
  float4 p = Positions[WaveGetLaneIndex() + vid];
  return p;
}
