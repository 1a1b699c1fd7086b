// EXPECT: OSH5190 4:*
// ARGS: --target=wgsl -T ps_6_0 -E main
// WebGPU has no input attachments (render passes read earlier results through textures).
[[vk::input_attachment_index(2)]]
SubpassInputMS<uint2> SI : register(t1);
uint2 main() : SV_Target { return SI.SubpassLoad(3); }
