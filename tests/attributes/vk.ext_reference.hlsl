// ATTR: [[vk::ext_reference]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_reference]]
// SPIRV: = OpAtomicIAdd %uint %counter %uint_2 %uint_0 %uint_1
// DIAG-MSL: OSH4101 13:12
// DIAG-WGSL: OSH5101 13:12
// NOTE: the operand is the variable's pointer; without the attribute it is its loaded value and the module is invalid.
groupshared uint counter;
[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicAdd([[vk::ext_reference]] uint p, uint scope, uint semantics, uint value);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)] void main() {
  Out[0] = atomicAdd(counter, 2, 0, 1);
}
