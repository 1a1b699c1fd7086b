// EXPECT: OSH3106 5:6
// ARGS: -E main -T cs_6_0
// Only the literal form of ext_decorate decorates a function.
[[vk::ext_decorate_string(/* UserSemantic */ 5635, "twice")]]
uint twice(uint v) { return v * 2; }
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = twice(buf[1]); }
