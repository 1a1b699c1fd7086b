// EXPECT: OSH3105 5:6
// ARGS: -E main -T cs_6_0
// Only the literal form of ext_decorate decorates a function.
[[vk::ext_decorate_id(/* UniformId */ 27, 3)]]
uint twice(uint v) { return v * 2; }
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = twice(buf[1]); }
