// Locals stored on one path only. v has no initializer: on the path that skips the store its
// value is undefined, as an OpVariable without an initializer is (an OpUndef); w keeps its
// initial 2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: OpVariable %_ptr_Function_uint
// CHECK:      %[[U:[0-9]+]] = OpUndef %uint
// CHECK:      %f = OpFunction %uint
// CHECK-NEXT: %x = OpFunctionParameter %uint
// CHECK-NEXT: %[[ENTRY:[0-9]+]] = OpLabel
// CHECK-NEXT: %[[C:[0-9]+]] = OpUGreaterThan %bool %x %uint_3
// CHECK-NEXT: OpSelectionMerge %[[M:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %[[C]] %[[T:[0-9]+]] %[[M]]
// CHECK-NEXT: %[[T]] = OpLabel
// CHECK-NEXT: OpBranch %[[M]]
// CHECK-NEXT: %[[M]] = OpLabel
// CHECK-NEXT: %[[V:[0-9]+]] = OpPhi %uint %uint_5 %[[T]] %[[U]] %[[ENTRY]]
// CHECK-NEXT: %[[W:[0-9]+]] = OpPhi %uint %uint_6 %[[T]] %uint_2 %[[ENTRY]]
// CHECK-NEXT: %[[S:[0-9]+]] = OpIAdd %uint %[[V]] %[[W]]
// CHECK-NEXT: OpReturnValue %[[S]]
RWStructuredBuffer<uint> Out : register(u0);

uint f(uint x) {
  uint v;
  uint w = 2u;
  if (x > 3u) {
    v = 5u;
    w = 6u;
  }
  return v + w;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
