// vk::WorkgroupSpirvPointer<T> (vk/spirv.h) without VariablePointers (DXC test
// workgroupspirvpointer): the const local is the pointer's id, not a Function variable of
// pointer type (which Logical addressing forbids), and a function taking one is inlined, as
// DXC's legalization does. [noinline] keeps the call, which needs VariablePointers
// (workgroupspirvpointer.varpointer).
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: FileCheck %s < %t.spvasm
// CHECK-NOT: OpCapability VariablePointers
// CHECK-NOT: OpVariable %_ptr_Function__ptr_Workgroup
// CHECK: OpControlBarrier
// CHECK: [[AC:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_uint %shared_data
// CHECK: [[P:%[0-9]+]] = OpCopyObject %_ptr_Workgroup_uint [[AC]]
// CHECK: OpLoad %uint [[P]]
// CHECK-NOT: %readThrough

#include <vk/spirv.h>

RWStructuredBuffer<uint> Out : register(u0);
groupshared uint shared_data[64];

[[vk::ext_instruction(/* OpLoad */ 61)]] uint Load(vk::WorkgroupSpirvPointer<uint> p);

uint readThrough(vk::WorkgroupSpirvPointer<uint> param) { return Load(param); }

[numthreads(64, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  shared_data[tid] = tid * 3 + 1;
  GroupMemoryBarrierWithGroupSync();
  vk::WorkgroupSpirvPointer<uint> p = vk::GetGroupSharedAddress(shared_data[63 - tid]);
  Out[tid] = readThrough(p);
}
