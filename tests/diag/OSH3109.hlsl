// EXPECT: OSH3109 4:64
// ARGS: -E main -T cs_6_0
// A built-in input must be const.
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static uint3 gNumWorkgroups;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = gNumWorkgroups.x; }
