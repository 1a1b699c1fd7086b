// EXPECT: OSH3120 7:79
// ARGS: -E main -T cs_6_0
// The alignment of vk::RawBufferLoad is a non-negative constant.
struct Push { uint64_t addr; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = vk::RawBufferLoad<uint>(pc.addr, -16); }
