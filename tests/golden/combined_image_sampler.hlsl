// ARGS: -E main -T cs_6_0 -fvk-t-shift 4 0 -fvk-s-shift 8 0
// Reflection golden (tests/golden/golden.py --target reflect): a [[vk::combinedImageSampler]]
// pair by register (t1 / s1, the sampler taking the t shift as in DXC), a plain texture and
// a plain sampler. Expected by hand: Tex and Smp at Vulkan (0,5), one
// VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER on Tex, no spirv entry on Smp, combinedWith on
// both; Plain (0,4), Nearest (0,8), Out (0,0). WGSL: Tex (0,5), Smp moved to the lowest
// binding of group 0 no resource uses, 1. MSL: textures Plain 0, Tex 1; samplers Smp 0
// (set 0 binding 5), Nearest 1 (binding 8); buffer Out 0.
[[vk::combinedImageSampler]] Texture2D<float4> Tex : register(t1);
[[vk::combinedImageSampler]] SamplerState Smp : register(s1);
Texture2D<float4> Plain : register(t0);
SamplerState Nearest : register(s0);
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = float2(id.x / 8.0, 0.5);
  Out[id.x] = Tex.SampleLevel(Smp, uv, 0) + Tex.SampleLevel(Nearest, uv, 0) + Plain.SampleLevel(Nearest, uv, 0);
}
