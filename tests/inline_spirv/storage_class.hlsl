// [[vk::ext_storage_class]] (section 8.2): a static global in Workgroup storage is shared by
// the group and never zero-initialised; a local in another class becomes a module-level
// variable of that class; a class the IR has no space for keeps its number. A static global
// in RayPayloadKHR (A14's shape) is A14_storage_class_payload.hlsl.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -D RAW -Vd -Fc %traw.spvasm
// RUN: FileCheck %s --check-prefix=RAW < %traw.spvasm
// CHECK-DAG: %shared = OpVariable %_ptr_Workgroup_uint Workgroup
// CHECK-DAG: %local = OpVariable %_ptr_Workgroup_uint Workgroup
// CHECK-NOT: OpStore %shared %uint_0
// CHECK:     OpAtomicIAdd %uint %shared %uint_2 %uint_0 %uint_1
// RAW:       %cross = OpVariable %_ptr_CrossWorkgroup_uint CrossWorkgroup

[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicIAdd([[vk::ext_reference]] uint dest, uint scope, uint semantics, uint value);

[[vk::ext_storage_class(/* Workgroup */ 4)]] static uint shared;
RWStructuredBuffer<uint> buf : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  [[vk::ext_storage_class(/* Workgroup */ 4)]] uint local;
#ifdef RAW
  [[vk::ext_storage_class(/* CrossWorkgroup */ 5)]] uint cross;
  cross = gi;
#endif
  if (gi == 0) local = 5;  // shared: no implicit zero store (its value is whatever the group starts with)
  GroupMemoryBarrierWithGroupSync();
  buf[gi] = atomicIAdd(shared, 2, 0, 1u) + local;
}
