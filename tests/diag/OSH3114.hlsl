// EXPECT: OSH3114 6:3
// ARGS: -E main -T cs_6_0
// An inline SPIR-V attribute argument that is not a constant.
RWStructuredBuffer<uint> buf : register(u0);
static uint cap = 5055;
[[vk::ext_capability(cap)]]
[numthreads(1, 1, 1)] void main() { buf[0] = 1; }
