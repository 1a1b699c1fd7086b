// ATTR: [[vk::ext_capability]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 7:3
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
uint2 readClock(uint scope);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = readClock(3).x;
}
