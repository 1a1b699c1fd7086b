// ATTR: [[vk::input_attachment_index]]
// ARGS: -E main -T ps_6_0
// REMOVE: [[vk::input_attachment_index(3)]]
// SPIRV: OpDecorate %Color InputAttachmentIndex 3
// REFLECT-SPIRV: "descriptorType": "VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT"
// DIAG-MSL: OSH4190 12:*
// DIAG-WGSL: OSH5190 12:*
// NOTE: DXC (vk.subpass-input.binding.hlsl): the subpass input's variable is decorated
// NOTE: InputAttachmentIndex N; without the attribute it has none. Metal's [[color(n)]]
// NOTE: inputs are numbered as colour attachments, not as Vulkan input attachments, and
// NOTE: WebGPU has no input attachments: OSH4190 / OSH5190 at the declaration.
[[vk::input_attachment_index(3)]] SubpassInput<float4> Color;
float4 main() : SV_Target {
  return Color.SubpassLoad();
}
