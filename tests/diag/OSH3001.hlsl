// EXPECT: OSH3001 7:46
// ARGS: -E main -T cs_6_0
// Inline SPIR-V bound to OpBitReverse on a 64-bit integer: Vulkan allows only 32-bit bases.
[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint64_t bitReverse64(uint64_t v);
RWStructuredBuffer<uint64_t> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = bitReverse64(buf[1]); }
