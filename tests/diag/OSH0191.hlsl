// EXPECT: OSH0191 6:17
// ARGS: --target=spirv -T ps_6_0 -E main
// A subpass input reads a texel: its element is a scalar or a vector, not a struct.
struct S { float a; float2 b; };
[[vk::input_attachment_index(0)]]
SubpassInput<S> SI;
float4 main() : SV_Target { return 0; }
