// EXPECT: OSH0110 6:17
// ARGS: -T ps_6_6 -E main -fvk-bind-register s1 0 0 0
SamplerState Smp : register(s1);

float4 main() : SV_Target {
  Texture2D t = ResourceDescriptorHeap[2];
  return t.Sample(Smp, float2(0.5, 0.5));
}
