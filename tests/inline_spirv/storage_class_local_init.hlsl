// A local with [[vk::ext_storage_class(N)]] and an initializer (DXC test
// spv.intrinsicStorageClass): the variable is module-level in class N, and the value is
// stored each time the declaration runs (it is not static). Private here; CrossWorkgroup
// (Vulkan does not allow it) compiles with -Vd as DXC's test does.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -D CROSS -Vd -Fc %tcross.spvasm
// RUN: FileCheck %s --check-prefix=CROSS < %tcross.spvasm
// CHECK-DAG: %acc = OpVariable %_ptr_Private_uint Private
// CHECK: OpLoopMerge
// CHECK: OpStore %acc %uint_10
// CROSS: %foo = OpVariable %_ptr_CrossWorkgroup_int CrossWorkgroup
// CROSS: OpStore %foo %int_3

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  uint sum = 0;
  for (uint i = 0; i < 3; ++i) {
    [[vk::ext_storage_class(/* Private */ 6)]] uint acc = 10;
    acc += i;
    sum += acc;
  }
  Out[0] = sum;
#ifdef CROSS
  [[vk::ext_storage_class(/* CrossWorkgroup */ 5)]] int foo = 3;
  Out[1] = foo;
#endif
}
