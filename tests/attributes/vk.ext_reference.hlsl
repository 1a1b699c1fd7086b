// ATTR: [[vk::ext_reference]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 6:18
groupshared uint counter;
[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicAdd([[vk::ext_reference]] uint p, uint scope, uint semantics, uint value);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = atomicAdd(counter, 2, 0, 1);
}
