// ATTR: [[vk::ext_literal]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_literal]]
// SPIRV: = OpGroupNonUniformIAdd %uint %uint_3 Reduce
// DIAG-MSL: OSH4101 13:12
// DIAG-WGSL: OSH5101 13:12
// NOTE: the group operation is the literal word 0 (Reduce); without the attribute it is the id of a constant and the module is invalid.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_capability(/* GroupNonUniformArithmetic */ 63)]]
[[vk::ext_instruction(/* OpGroupNonUniformIAdd */ 349)]]
uint groupIAdd(uint scope, [[vk::ext_literal]] uint groupOp, uint value);
[numthreads(64, 1, 1)] void main(uint i : SV_DispatchThreadID) {
  Out[i] = groupIAdd(3, 0, Out[i]);
}
