// Texture2D SampleGrad picking a mip level. Tex: rgba8unorm 4x4, 3 levels (bytes: level 0
// iota 0.., level 1 iota 100.., level 2 = 200..203), nearest filter and mip selection.
// At the centre of level-1 texel (x, y): gradients 0.5 (uv per thread step) span 2 level-0
// texels, lod = log2(2) = 1 -> level-1 texel (x, y); gradients 1 -> lod 2 -> level 2;
// zero gradients -> lod 0 -> level-0 texel (2x+1, 2y+1).
Texture2D<float4> Tex : register(t0);
SamplerState Smp : register(s1);
RWStructuredBuffer<uint> Out : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  float2 uv = (float2(t % 2, t / 2) + 0.5) / 2.0;
  Out[3 * t] = pack(Tex.SampleGrad(Smp, uv, float2(0.5, 0.0), float2(0.0, 0.5)));
  Out[3 * t + 1] = pack(Tex.SampleGrad(Smp, uv, float2(1.0, 0.0), float2(0.0, 1.0)));
  Out[3 * t + 2] = pack(Tex.SampleGrad(Smp, uv, float2(0.0, 0.0), float2(0.0, 0.0)));
}
