// Texture2D SampleCmpLevelZero with a comparison sampler ('less', nearest). Depth:
// depth16unorm 4x4, texel t = 4096 t / 65535. Thread t samples texel t's centre with the
// reference (r + 0.5) * 4096 / 65535, r = 7t mod 16 (never equal to a texel value):
// 1 when ref < texel, i.e. r + 0.5 < t, else 0.
Texture2D<float> Depth : register(t0);
SamplerComparisonState Cmp : register(s1);
RWStructuredBuffer<float> Out : register(u2);

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  float2 uv = (float2(t % 4, t / 4) + 0.5) / 4.0;
  uint r = (t * 7) % 16;
  float ref = (float(r) + 0.5) * 4096.0 / 65535.0;
  Out[t] = Depth.SampleCmpLevelZero(Cmp, uv, ref);
}
