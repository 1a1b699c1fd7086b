// EXPECT: OSH0028 4:10
[shader("vertex")]
float4 main(float4 p : POSITION) : SV_Position {
  return QuadReadAcrossX(p);
}
