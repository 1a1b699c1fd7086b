// ATTR: [[vk::counter_binding]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::counter_binding(7)]]
// SPIRV: OpDecorate %counter_var_Out Binding 7
// WGSL: @group(0) @binding(7)
// NA-MSL: Metal's argument table has its own indices per kind; a Vulkan binding does not name one (reflection reports the counter's [[buffer(n)]])
[[vk::binding(0)]] [[vk::counter_binding(7)]] AppendStructuredBuffer<uint> Out;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out.Append(id.x);
}
