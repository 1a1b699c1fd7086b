// EXPECT: OSH3101 9:24
// ARGS: -E main -T cs_6_0
// A temporary passed to a [[vk::ext_reference]] parameter has no pointer.
[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicIAdd([[vk::ext_reference]] uint dest, uint scope, uint semantics, uint value);
groupshared uint counter;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(64, 1, 1)] void main(uint gi : SV_GroupIndex) {
  buf[gi] = atomicIAdd(counter + 1, 2, 0, 1u);
}
