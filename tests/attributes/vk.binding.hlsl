// ATTR: [[vk::binding]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::binding(3, 1)]]
// SPIRV: OpDecorate %Out DescriptorSet 1
// SPIRV: OpDecorate %Out Binding 3
// WGSL: @group(1) @binding(3)
// NA-MSL: Metal's argument table has its own indices per kind ([[buffer(n)]]); a Vulkan set and binding does not name one (reflection reports both)
[[vk::binding(3, 1)]] RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x;
}
