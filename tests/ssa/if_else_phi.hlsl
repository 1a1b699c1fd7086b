// An if/else that stores a promoted local on both branches: no OpVariable for it, one OpPhi at
// the merge taking the value each branch computed, with the label of the block it ends in.
// With -fspv-debug=vulkan (DebugDeclare names each local's variable) the locals stay
// variables, as before promotion; -Zi (OpLine only, and the source text) keeps the promotion.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -fspv-debug=vulkan -Fo %t/d.spv -Fc %t/d.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/d.spv
// RUN: FileCheck %s --check-prefix=DEBUG < %t/d.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Zi -Fo %t/z.spv -Fc %t/z.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/z.spv
// RUN: FileCheck %s --check-prefix=ZI < %t/z.spvasm
// CHECK-NOT: OpVariable %_ptr_Function_uint
// CHECK:      %pick = OpFunction %uint
// CHECK-NEXT: %x = OpFunctionParameter %uint
// CHECK-NEXT: %[[ENTRY:[0-9]+]] = OpLabel
// CHECK-NEXT: %[[C:[0-9]+]] = OpUGreaterThan %bool %x %uint_4
// CHECK-NEXT: OpSelectionMerge %[[M:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %[[C]] %[[T:[0-9]+]] %[[E:[0-9]+]]
// CHECK-NEXT: %[[T]] = OpLabel
// CHECK-NEXT: %[[TV:[0-9]+]] = OpIMul %uint %x %uint_3
// CHECK-NEXT: OpBranch %[[M]]
// CHECK-NEXT: %[[E]] = OpLabel
// CHECK-NEXT: %[[EV:[0-9]+]] = OpIAdd %uint %x %uint_7
// CHECK-NEXT: OpBranch %[[M]]
// CHECK-NEXT: %[[M]] = OpLabel
// CHECK-NEXT: %[[P:[0-9]+]] = OpPhi %uint %[[TV]] %[[T]] %[[EV]] %[[E]]
// CHECK-NEXT: OpReturnValue %[[P]]
// DEBUG:     %a = OpVariable %_ptr_Function_uint Function
// DEBUG:     DebugDeclare %{{[0-9]+}} %a
// DEBUG-NOT: OpPhi
// ZI:        %pick = OpFunction %uint
// ZI-NOT:    OpVariable
// ZI:        OpPhi %uint
// ZI:        OpFunctionEnd
RWStructuredBuffer<uint> Out : register(u0);

uint pick(uint x) {
  uint a = x;
  if (x > 4u)
    a = x * 3u;
  else
    a = x + 7u;
  return a;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = pick(id.x);
}
