// EXPECT: OSH3122 6:37
// ARGS: -E main -T cs_6_0
// vk::RawBufferStore takes an address, a value and an optional alignment.
struct Push { uint64_t addr; };
[[vk::push_constant]] Push pc;
[numthreads(1, 1, 1)] void main() { vk::RawBufferStore<uint>(pc.addr, 1u, 4, 4); }
