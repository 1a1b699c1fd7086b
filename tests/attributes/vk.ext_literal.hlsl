// ATTR: [[vk::ext_literal]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 6:25
RWStructuredBuffer<uint2> Out : register(u0);
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]]
uint extract(uint2 v, [[vk::ext_literal]] uint index);
[numthreads(1, 1, 1)]
void main() {
  Out[0].x = extract(Out[1], 1);
}
