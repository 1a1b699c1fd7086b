// EXPECT: OSH0080 4:12
[shader("pixel")]
float4 main() : SV_Target {
  uint n = GetRenderTargetSampleCount();
  return float4(n, 0, 0, 1);
}
