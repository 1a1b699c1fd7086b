// Texture2D gathers (OpImageGather; DXC's component 0..3 for Gather/GatherRed..Alpha). Tex:
// rgba8unorm 4x4, texel (i, j) = bytes 4(4j+i)..+3 (channel c is byte 4(4j+i)+c); clamp to
// edge. uv = ((x+1)/4, (y+1)/4) is the corner shared by texels x..x+1, y..y+1, so the 2x2
// footprint is i0 = x, i1 = x+1, j0 = y, j1 = y+1 (plus the offset, each index clamped to
// 0..3), and a gather returns channel c of (i0,j1), (i1,j1), (i1,j0), (i0,j0) in that order.
// Four offsets (ConstOffsets): component k is texel (i0,j0) of the footprint moved by the
// k-th offset (the Vulkan specification, "Texel Gathering"; GLSL's textureGatherOffsets).
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
Texture2D<float4> Tex : register(t0);
SamplerState Smp : register(s1);
RWStructuredBuffer<uint> Out : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(9, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  float2 uv = (float2(t % 3, t / 3) + 1.0) / 4.0;
  Out[4 * t] = pack(Tex.Gather(Smp, uv));
  Out[4 * t + 1] = pack(Tex.GatherGreen(Smp, uv, int2(1, 0)));
  Out[4 * t + 2] = pack(Tex.GatherAlpha(Smp, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, -1)));
  Out[4 * t + 3] = pack(Tex.GatherBlue(Smp, uv, int2(-1, 1)));
}
