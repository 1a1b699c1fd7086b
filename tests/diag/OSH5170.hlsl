// EXPECT: OSH5170 8:12
// ARGS: --target=wgsl -T cs_6_6 -E main
// SM 6.6 compute derivatives: WGSL's textureSample is fragment-only.
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s1);
RWStructuredBuffer<float4> Out : register(u2);
[numthreads(8, 1, 1)] void main(uint3 id : SV_GroupThreadID) {
  Out[0] = Tex.Sample(Samp, float2(id.x / 8.0, 0.5));
}
