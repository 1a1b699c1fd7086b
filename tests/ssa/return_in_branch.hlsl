// A branch that returns gives the merge no incoming edge: the merge has one predecessor (the
// else block), so r there is the else branch's value, with no OpPhi.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: OpVariable %_ptr_Function_uint
// CHECK:      %f = OpFunction %uint
// CHECK:      OpBranchConditional %{{[0-9]+}} %[[T:[0-9]+]] %[[E:[0-9]+]]
// CHECK-NEXT: %[[T]] = OpLabel
// CHECK-NEXT: OpReturnValue %uint_0
// CHECK-NEXT: %[[E]] = OpLabel
// CHECK-NEXT: %[[V:[0-9]+]] = OpIAdd %uint %x %uint_1
// CHECK-NEXT: OpBranch %[[M:[0-9]+]]
// CHECK-NEXT: %[[M]] = OpLabel
// CHECK-NEXT: OpReturnValue %[[V]]
// CHECK-NEXT: OpFunctionEnd
// CHECK-NOT: OpPhi
RWStructuredBuffer<uint> Out : register(u0);

uint f(uint x) {
  uint r = x;
  if (x > 5u) {
    return 0u;
  } else {
    r = x + 1u;
  }
  return r;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
