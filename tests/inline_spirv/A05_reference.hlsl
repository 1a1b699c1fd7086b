// A5: [[vk::ext_reference]] passes the variable's pointer: no OpLoad before the atomic.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// CHECK:     %counter = OpVariable %_ptr_Workgroup_uint Workgroup
// CHECK-NOT: OpLoad %uint %counter
// CHECK:     OpAtomicIAdd %uint %counter %uint_2 %uint_264 %uint_1

[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicIAdd([[vk::ext_reference]] uint dest, uint scope, uint semantics, uint value);

groupshared uint counter;
RWStructuredBuffer<uint> buf : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  if (gi == 0) counter = 0;
  GroupMemoryBarrierWithGroupSync();
  buf[gi] = atomicIAdd(counter, 2, 0x108, 1u);  // Workgroup, AcquireRelease|WorkgroupMemory
}
