// EXPECT: OSH3123 7:46
// ARGS: -E main -T cs_6_0
// bool is read as a 32-bit integer, so an alignment that is not a multiple of 4 warns (DXC).
struct Push { uint64_t addr; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = vk::RawBufferLoad<bool>(pc.addr, 2) ? 1 : 0; }
