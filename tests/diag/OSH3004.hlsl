// EXPECT: OSH3004 14:12
// The sampler of a [[vk::combinedImageSampler]] pair is part of its texture's descriptor
// and has no SPIR-V variable of its own, so it cannot sample another texture (DXC fails
// the same way, in spirv-opt's convert-to-sampled-image). The texture may be sampled with
// another sampler (OpImage, then OpSampledImage).
[[vk::combinedImageSampler]] [[vk::binding(0)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(0)]] SamplerState Smp;
Texture2D<float4> Other : register(t1);
RWStructuredBuffer<float4> Out : register(u2);

[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.SampleLevel(Smp, float2(0.5, 0.5), 0);
  Out[1] = Other.SampleLevel(Smp, float2(0.5, 0.5), 0);
}
