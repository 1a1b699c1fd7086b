// Texture2D SampleLevel with constant offsets. Tex: rgba8unorm 4x4, texel (i, j) = bytes
// 4(4j+i)..+3; nearest, clamp-to-edge: offset (1, 0) at texel (x, y)'s centre reads texel
// (min(x+1, 3), y), offset (-1, 1) texel (max(x-1, 0), min(y+1, 3)).
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
Texture2D<float4> Tex : register(t0);
SamplerState Smp : register(s1);
RWStructuredBuffer<uint> Out : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  float2 uv = (float2(t % 4, t / 4) + 0.5) / 4.0;
  Out[2 * t] = pack(Tex.SampleLevel(Smp, uv, 0, int2(1, 0)));
  Out[2 * t + 1] = pack(Tex.SampleLevel(Smp, uv, 0, int2(-1, 1)));
}
