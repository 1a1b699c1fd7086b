// EXPECT: OSH3108 4:63
// ARGS: -E main -T cs_6_0
// A built-in variable must be static.
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] const uint3 gNumWorkgroups;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = gNumWorkgroups.x; }
