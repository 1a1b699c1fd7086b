// A nested if without else inside an if without else: the inner merge joins the stored value
// with the value at the inner header (the outer then-block); the outer merge's predecessor
// from the then side is the inner merge block (the branch ends there), the other edge comes
// from the function's first block.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: OpVariable %_ptr_Function_uint
// CHECK:      %f = OpFunction %uint
// CHECK-NEXT: %x = OpFunctionParameter %uint
// CHECK-NEXT: %[[ENTRY:[0-9]+]] = OpLabel
// CHECK-NEXT: %[[C1:[0-9]+]] = OpUGreaterThan %bool %x %uint_4
// CHECK-NEXT: OpSelectionMerge %[[M1:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %[[C1]] %[[T1:[0-9]+]] %[[M1]]
// CHECK-NEXT: %[[T1]] = OpLabel
// CHECK-NEXT: %[[C2:[0-9]+]] = OpUGreaterThan %bool %x %uint_9
// CHECK-NEXT: OpSelectionMerge %[[M2:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %[[C2]] %[[T2:[0-9]+]] %[[M2]]
// CHECK-NEXT: %[[T2]] = OpLabel
// CHECK-NEXT: %[[S:[0-9]+]] = OpISub %uint %x %uint_9
// CHECK-NEXT: OpBranch %[[M2]]
// CHECK-NEXT: %[[M2]] = OpLabel
// CHECK-NEXT: %[[P2:[0-9]+]] = OpPhi %uint %[[S]] %[[T2]] %x %[[T1]]
// CHECK-NEXT: OpBranch %[[M1]]
// CHECK-NEXT: %[[M1]] = OpLabel
// CHECK-NEXT: %[[P1:[0-9]+]] = OpPhi %uint %[[P2]] %[[M2]] %x %[[ENTRY]]
// CHECK-NEXT: OpReturnValue %[[P1]]
RWStructuredBuffer<uint> Out : register(u0);

uint f(uint x) {
  uint a = x;
  if (x > 4u) {
    if (x > 9u) a = x - 9u;
  }
  return a;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
