// vk::SampledTexture2D (DXC): one object that is a combined image sampler (SPIR-V: an
// OpTypeSampledImage variable, Vulkan COMBINED_IMAGE_SAMPLER at register t0's binding 0; the
// case's sampler on the texture's binding). Tex: rgba8unorm 4x4, texel (i, j) = bytes
// 4(4j+i)..+3. Thread t = (x, y) = (t % 4, t / 4) writes
//   Out[3t]     Tex.SampleLevel at texel (x, y)'s centre (its own sampler, nearest): texel (x, y)
//   Out[3t + 1] Tex.Load of texel (3 - x, y)        (SPIR-V: OpImage of the sampled image)
//   Out[3t + 2] Tex.GetDimensions(0, w, h, levels) as w | h << 8 | levels << 16 = 0x10404
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
vk::SampledTexture2D<float4> Tex : register(t0);
RWStructuredBuffer<uint> Out : register(u3);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  uint x = t % 4, y = t / 4;
  Out[3 * t] = pack(Tex.SampleLevel((float2(x, y) + 0.5) / 4.0, 0));
  Out[3 * t + 1] = pack(Tex.Load(int3(3 - x, y, 0)));
  uint w, h, levels;
  Tex.GetDimensions(0, w, h, levels);
  Out[3 * t + 2] = w | (h << 8) | (levels << 16);
}
