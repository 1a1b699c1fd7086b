// ATTR: [[vk::combinedImageSampler]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::combinedImageSampler]]
// SPIRV: %Tex = OpVariable %_ptr_UniformConstant_30 UniformConstant
// SPIRV: %30 = OpTypeSampledImage %29
// REFLECT-SPIRV: "descriptorType": "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER"
// WGSL: @group(0) @binding(1) var Smp: sampler;
// REFLECT-WGSL: "combinedWith": "Tex"
// REFLECT-MSL: "combinedWith": "Smp"
// NOTE: DXC (vk.combined-image-sampler.hlsl): the texture's variable is the combined image
// NOTE: sampler, sampled directly with its partner; the sampler has no variable. Without
// NOTE: the attribute the two are separate resources on one binding (OSH0040; WGSL: OSH5003).
// NOTE: WGSL and MSL have no combined image samplers: WGSL moves the sampler to the lowest
// NOTE: free binding of the group (1 here), MSL keeps [[texture(0)]] and [[sampler(0)]];
// NOTE: reflection names each half's partner.
[[vk::combinedImageSampler]] [[vk::binding(0)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(0)]] SamplerState Smp;
RWStructuredBuffer<float4> Out : register(u2);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = Tex.SampleLevel(Smp, float2(id.x / 8.0, 0.5), 0);
}
