// EXPECT: OSH3121 7:46
// ARGS: -E main -T cs_6_0
// vk::RawBufferLoad takes an address and an optional alignment.
struct Push { uint64_t addr; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = vk::RawBufferLoad<uint>(pc.addr, 4, 4); }
