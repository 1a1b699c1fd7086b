// EXPECT: OSH3107 4:78
// ARGS: -E main -T cs_6_0
// A built-in variable is an input or an output, not both.
[[vk::ext_builtin_input(24), vk::ext_builtin_output(24)]] static const uint3 g;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = 1; }
