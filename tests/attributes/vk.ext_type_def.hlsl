// ATTR: [[vk::ext_type_def]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:3
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_type_def(/* id */ 0, /* OpTypeInt */ 21)]]
void createTypeInt([[vk::ext_literal]] int sizeInBits, [[vk::ext_literal]] int signedness);
[numthreads(1, 1, 1)]
void main() {
  createTypeInt(32, 0);
  Out[0] = 1;
}
