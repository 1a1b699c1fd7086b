// Texture2D GatherCmp / GatherCmpRed (OpImageDrefGather) with a comparison sampler ('less').
// Depth: depth16unorm 4x4, texel n = 4j + i holds 4096 n / 65535. uv = ((x+1)/4, (y+1)/4) is
// the corner of texels x..x+1, y..y+1: footprint i0 = x, i1 = x+1, j0 = y, j1 = y+1 (plus the
// offset, clamped to 0..3), components (i0,j1), (i1,j1), (i1,j0), (i0,j0). The reference
// (r + 0.5) 4096 / 65535, r = 7t mod 16, lies between texel values: a component is 1 when
// ref < texel, i.e. n > r, else 0. bits() packs the four results as bits 0..3.
Texture2D<float> Depth : register(t0);
SamplerComparisonState Cmp : register(s1);
RWStructuredBuffer<uint> Out : register(u2);

uint bits(float4 v) {
  uint4 b = uint4(v);
  return b.x | (b.y << 1) | (b.z << 2) | (b.w << 3);
}

[numthreads(9, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  float2 uv = (float2(t % 3, t / 3) + 1.0) / 4.0;
  uint r = (t * 7) % 16;
  float ref = (float(r) + 0.5) * 4096.0 / 65535.0;
  Out[2 * t] = bits(Depth.GatherCmp(Cmp, uv, ref));
  Out[2 * t + 1] = bits(Depth.GatherCmpRed(Cmp, uv, ref, int2(-1, 1)));
}
