// EXPECT: OSH4102 5:3
// ARGS: -E main -T cs_6_0 --target=msl
// A capability on the entry point means nothing for MSL: a warning, the MSL is written.
RWStructuredBuffer<uint> buf : register(u0);
[[vk::ext_capability(/* Int64 */ 11)]]
[numthreads(1, 1, 1)] void main() { buf[0] = 1; }
