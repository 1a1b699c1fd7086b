// EXPECT: OSH4101 8:46
// ARGS: -E main -T cs_6_0 --target=msl
// An inline SPIR-V instruction reached from the entry point has no MSL form.
[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]] uint2 readClock(uint scope);
RWStructuredBuffer<uint2> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = readClock(3); }
