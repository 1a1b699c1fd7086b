// EXPECT: OSH0190 6:21
// ARGS: --target=spirv -T ps_6_0 -E main
// A subpass input is a bound resource: a static one has no attachment to read (DXC: "must be
// externally visible").
[[vk::input_attachment_index(1)]]
static SubpassInput SI;
float4 main() : SV_Target { return 0; }
