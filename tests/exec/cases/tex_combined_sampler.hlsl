// [[vk::combinedImageSampler]]: Tex and Smp on one set/binding are ONE combined image
// sampler (SPIR-V: an OpTypeSampledImage variable, Vulkan COMBINED_IMAGE_SAMPLER; WGSL and
// MSL: a texture and a sampler). Tex: rgba8unorm 4x4, texel (i, j) = bytes 4(4j+i)..+3.
// Thread t = (x, y) = (t % 4, t / 4) writes
//   Out[4t]     SampleLevel with its own sampler (nearest) at texel (x, y)'s centre: texel (x, y)
//   Out[4t + 1] Load of texel (3 - x, y)                  (SPIR-V: OpImage of the sampled image)
//   Out[4t + 2] GetDimensions(0, w, h, levels) as w | h << 8 | levels << 16 = 4 | 4 << 8 | 1 << 16
//   Out[4t + 3] SampleLevel with another sampler (Lin, linear) on the edge between texels x and
//               x + 1 of row y: their mean, bytes 4(4y+x)+2.. for x < 3; texel (3, y) for x = 3
//               (clamp to edge)                       (SPIR-V: OpImage, then OpSampledImage)
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
[[vk::combinedImageSampler]] [[vk::binding(0)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(0)]] SamplerState Smp;
SamplerState Lin : register(s2);
RWStructuredBuffer<uint> Out : register(u3);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  uint x = t % 4, y = t / 4;
  Out[4 * t] = pack(Tex.SampleLevel(Smp, (float2(x, y) + 0.5) / 4.0, 0));
  Out[4 * t + 1] = pack(Tex.Load(int3(3 - x, y, 0)));
  uint w, h, levels;
  Tex.GetDimensions(0, w, h, levels);
  Out[4 * t + 2] = w | (h << 8) | (levels << 16);
  Out[4 * t + 3] = pack(Tex.SampleLevel(Lin, float2(x + 1, y + 0.5) / 4.0, 0));
}
