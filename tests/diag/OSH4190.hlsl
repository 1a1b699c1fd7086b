// EXPECT: OSH4190 5:*
// ARGS: --target=msl -T ps_6_0 -E main
// Metal's [[color(n)]] fragment inputs are numbered as color attachments, not as Vulkan input
// attachments, so a subpass input has no exact MSL form.
SubpassInput SI : register(t0);
float4 main() : SV_Target { return SI.SubpassLoad(); }
