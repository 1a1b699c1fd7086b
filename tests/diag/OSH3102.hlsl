// EXPECT: OSH3102 9:14
// ARGS: -E main -T cs_6_0
// A [[vk::ext_literal]] argument that is not a constant: a non-const static.
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]]
uint extract(uint3 v, [[vk::ext_literal]] uint index);
RWStructuredBuffer<uint3> buf : register(u0);
static uint component = 1;
[numthreads(1, 1, 1)] void main() {
  buf[0].x = extract(buf[1], component);
}
