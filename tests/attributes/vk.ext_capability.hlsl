// ATTR: [[vk::ext_capability]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
// SPIRV: OpCapability ShaderClockKHR
// REFLECT-SPIRV: "ShaderClockKHR"
// DIAG-MSL: OSH4102 11:3
// DIAG-WGSL: OSH5102 11:3
// NOTE: on the entry point it is declared for that entry point; MSL and WGSL warn that it means nothing there.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
[numthreads(1, 1, 1)] void main() {
  Out[0] = 1;
}
