// EXPECT: OSH0043 8:35
// ARGS: -E main -T ps_6_0
// A constant texel offset has a component outside [-8, 7] (also OSH0043 at 9:43: the scalar -9 becomes int2(-9, -9)).
Texture2D<float4> tex : register(t0);
SamplerState samp : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 ok = tex.Sample(samp, uv, int2(-8, 7));
  float4 a = tex.Sample(samp, uv, int2(1, 8));
  float4 b = tex.SampleLevel(samp, uv, 0, -9);
  return ok + a + b;
}
