// Inline SPIR-V executed (tests/exec): OpReadClockKHR, as the builtin vk::ReadClock (a
// uint64_t) and as the seed's readClock declared with [[vk::ext_instruction(5056)]],
// [[vk::ext_capability(ShaderClockKHR)]] and [[vk::ext_extension]] (a uint2: low word in
// .x, high word in .y), at Subgroup and Device scope. Readings taken one after another in
// one invocation must not decrease, and the uint2 reading taken between two 64-bit ones
// must lie between them (which fails if the words were swapped). Results are booleans,
// never times. Expectations by hand in inline_spirv_read_clock.json.
#include <vk/spirv.h>

[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint2 readClock(uint scope);

RWStructuredBuffer<uint> In : register(u0);   // work input
RWStructuredBuffer<uint> Out : register(u1);  // 6 booleans per invocation
RWStructuredBuffer<uint> Sink : register(u2); // keeps the work alive

uint64_t asU64(uint2 v) { return (uint64_t(v.y) << 32) | v.x; }

uint work(uint seed) {
  uint h = seed;
  for (uint i = 0; i < 200; ++i) h = h * 1664525u + In[(h >> 8) & 63];
  return h;
}

[numthreads(64, 1, 1)]
void main(uint tid : SV_DispatchThreadID) {
  uint64_t s0 = vk::ReadClock(vk::SubgroupScope);
  uint h = work(tid);
  uint64_t s1 = asU64(readClock(vk::SubgroupScope));
  h = work(h);
  uint64_t s2 = vk::ReadClock(vk::SubgroupScope);
  uint64_t d0 = vk::ReadClock(vk::DeviceScope);
  h = work(h);
  uint64_t d1 = asU64(readClock(vk::DeviceScope));
  h = work(h);
  uint64_t d2 = vk::ReadClock(vk::DeviceScope);
  Sink[tid] = h;
  Out[tid * 6 + 0] = s0 <= s1 ? 1u : 0u;
  Out[tid * 6 + 1] = s1 <= s2 ? 1u : 0u;
  Out[tid * 6 + 2] = s0 <= s2 ? 1u : 0u;
  Out[tid * 6 + 3] = d0 <= d1 ? 1u : 0u;
  Out[tid * 6 + 4] = d1 <= d2 ? 1u : 0u;
  Out[tid * 6 + 5] = d0 <= d2 ? 1u : 0u;
}
