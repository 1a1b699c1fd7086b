// A loop: s and i are stored inside it, so the header has an OpPhi for each (0 from the block
// before the loop, the continue block's value from the back edge); the continue block joins
// the continue from the if (s unchanged) with the end of the body (s + i); the break edge
// carries the header's s to the merge.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: OpVariable %_ptr_Function_uint
// CHECK:      %f = OpFunction %uint
// CHECK-NEXT: %n = OpFunctionParameter %uint
// CHECK-NEXT: %[[ENTRY:[0-9]+]] = OpLabel
// CHECK-NEXT: OpBranch %[[H:[0-9]+]]
// CHECK-NEXT: %[[H]] = OpLabel
// CHECK-NEXT: %[[S:[0-9]+]] = OpPhi %uint %uint_0 %[[ENTRY]] %[[SC:[0-9]+]] %[[C:[0-9]+]]
// CHECK-NEXT: %[[I:[0-9]+]] = OpPhi %uint %uint_0 %[[ENTRY]] %[[INC:[0-9]+]] %[[C]]
// CHECK-NEXT: OpLoopMerge %[[M:[0-9]+]] %[[C]] None
// CHECK:      OpULessThan %bool %[[I]] %n
// CHECK:      OpBranch %[[M]]
// CHECK:      OpIEqual %bool %[[I]] %uint_5
// CHECK-NEXT: OpSelectionMerge %[[IM:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[CONT:[0-9]+]] %[[IM]]
// CHECK-NEXT: %[[CONT]] = OpLabel
// CHECK-NEXT: OpBranch %[[C]]
// CHECK-NEXT: %[[IM]] = OpLabel
// CHECK-NEXT: %[[ADD:[0-9]+]] = OpIAdd %uint %[[S]] %[[I]]
// CHECK-NEXT: OpBranch %[[C]]
// CHECK-NEXT: %[[C]] = OpLabel
// CHECK-NEXT: %[[SC]] = OpPhi %uint %[[S]] %[[CONT]] %[[ADD]] %[[IM]]
// CHECK-NEXT: %[[INC]] = OpIAdd %uint %[[I]] %uint_1
// CHECK-NEXT: OpBranch %[[H]]
// CHECK-NEXT: %[[M]] = OpLabel
// CHECK-NEXT: OpReturnValue %[[S]]
RWStructuredBuffer<uint> Out : register(u0);

uint f(uint n) {
  uint s = 0u;
  for (uint i = 0u; i < n; ++i) {
    if (i == 5u) continue;
    s += i;
  }
  return s;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
