// The seed's atomicAdd through an inout helper: an ordinary function whose inout parameter
// goes on to a [[vk::ext_reference]] parameter passes the caller's pointer (DXC passes
// such l-values by pointer and inlines the helper). OneShader inlines the helper, also
// through a second helper and with an early return, so the atomic works on `counter` and
// on the buffer element themselves, not on copies.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not="OpAtomicIAdd %uint %param" < %t.spvasm
// CHECK:     %src_main = OpFunction
// CHECK-NOT: OpFunctionCall
// CHECK:     OpAtomicIAdd %uint %counter %uint_1 %uint_0 %{{[a-zA-Z0-9_]+}}
// CHECK-NOT: OpFunctionCall
// CHECK:     %[[E:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_StorageBuffer_uint
// CHECK-NOT: OpFunctionCall
// CHECK:     OpLoopMerge
// CHECK-NOT: OpFunctionCall
// CHECK:     OpAtomicIAdd %uint %[[E]] %uint_1 %uint_0
// CHECK-NOT: OpFunctionCall
// CHECK:     OpAtomicIAdd %uint %[[E]] %uint_1 %uint_0
// CHECK-NOT: OpFunctionCall
// CHECK:     %main = OpFunction

[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicAdd([[vk::ext_reference]] uint ptr, uint scope, uint semantics, uint value);

uint myAtomicAdd(inout uint ptr, uint value) {
  return atomicAdd(ptr, /* Device */ 1, /* relaxed */ 0, value);
}

uint twice(inout uint p, uint v) {
  if (v == 0) return 0;   // an early return: the inlined body breaks out of a one-trip loop
  uint a = myAtomicAdd(p, v);
  return a + myAtomicAdd(p, v);
}

groupshared uint counter;
RWStructuredBuffer<uint> buf : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  if (gi == 0) counter = 0;
  GroupMemoryBarrierWithGroupSync();
  buf[gi] = myAtomicAdd(counter, 1) + twice(buf[64], 2);
}
