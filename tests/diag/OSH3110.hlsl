// EXPECT: OSH3110 5:3
// ARGS: -E main -T cs_6_0
// One built-in is an input or an output, in the whole module.
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 gNumWorkgroups;
[[vk::ext_builtin_output(24)]] static uint3 o;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = gNumWorkgroups.x; }
