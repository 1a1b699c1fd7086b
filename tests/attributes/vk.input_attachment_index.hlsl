// ATTR: [[vk::input_attachment_index]]
// ARGS: -E main -T ps_6_0
// DIAG: OSH0007 4:3
[[vk::input_attachment_index(0)]] SubpassInput<float4> Color;
float4 main() : SV_Target {
  return Color.SubpassLoad();
}
