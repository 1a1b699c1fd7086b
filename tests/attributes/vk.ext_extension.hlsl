// ATTR: [[vk::ext_extension]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_extension("SPV_KHR_shader_clock")]]
// SPIRV: OpExtension "SPV_KHR_shader_clock"
// REFLECT-SPIRV: "SPV_KHR_shader_clock"
// DIAG-MSL: OSH4102 10:3
// DIAG-WGSL: OSH5102 10:3
// NOTE: an extension is declared when its carrier is emitted; MSL and WGSL warn that it means nothing there.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[numthreads(1, 1, 1)] void main() {
  Out[0] = 1;
}
