// EXPECT: OSH0046 8:8
// ARGS: -E main -T ps_6_0
// Two front-face stencil reference modes on one pixel entry point (DXC: "Shaders must not
// specify more than one of stencil_ref_unchanged_front, stencil_ref_greater_equal_front, and
// stencil_ref_less_equal_front").
[[vk::stencil_ref_unchanged_front]]
[[vk::stencil_ref_greater_equal_front]]
float4 main() : SV_Target {
  return 1;
}
