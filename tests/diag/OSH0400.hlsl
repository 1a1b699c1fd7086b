// EXPECT: OSH0400 7:14
SamplerComparisonState cmp : register(s0);
Texture2D<float4> tex : register(t1);

[shader("pixel")]
float4 main(float2 uv : TEXCOORD0, float ref : TEXCOORD1) : SV_Target {
  return tex.GatherCmpGreen(cmp, uv, ref, int2(1, 2));
}
