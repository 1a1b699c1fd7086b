// EXPECT: OSH0049 9:1
// DXC (vk.combined-image-sampler.error.hlsl): "Texture or Sampler with
// [[vk::combinedImageSampler]] attribute is missing for descriptor set and binding: 0, 1".
// The sampler is marked, but the texture on its set and binding is not, so the sampler has
// no partner.
Texture2DArray Tex : register(t1);
RWStructuredBuffer<float4> Out : register(u0);

[[vk::combinedImageSampler]]
SamplerState Smp : register(s1);

[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.SampleLevel(Smp, float3(0.5, 0.5, 0), 0);
}
