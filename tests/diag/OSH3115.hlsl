// EXPECT: OSH3115 5:3
// ARGS: -E main -T cs_6_0
// An inline SPIR-V attribute argument that is not a whole non-negative number: DXC warns and keeps the truncated value (11, Int64).
RWStructuredBuffer<uint> buf : register(u0);
[[vk::ext_capability(11.5)]]
[numthreads(1, 1, 1)] void main() { buf[0] = 1; }
