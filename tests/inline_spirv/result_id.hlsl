// vk::ext_result_id<T> (section 5): the local is its initializer's id: no OpVariable, no
// load or store for it; the raw OpLoad / OpStore chain (DXC's spv.intrinsic.result_id).
// Declared without an initializer it is OSH3113.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not="OpVariable %_ptr_Function_float" < %t.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D BAD -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: %[[V:[a-zA-Z0-9_]+]] = OpLoad %float %{{[a-zA-Z0-9_]+}} None
// CHECK: OpStore %{{[a-zA-Z0-9_]+}} %[[V]] Volatile
// BAD:   result_id.hlsl:[[#@LINE+12]]:28: error OSH3113: Found uninitialized variable for result id.

[[vk::ext_instruction(/* OpLoad */ 61)]]
vk::ext_result_id<float> load([[vk::ext_reference]] float pointer, [[vk::ext_literal]] int memoryOperands);
[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float pointer, vk::ext_result_id<float> value, [[vk::ext_literal]] int memoryOperands);

RWStructuredBuffer<float> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
#ifdef BAD
  vk::ext_result_id<float> unset;
#endif
  vk::ext_result_id<float> v = load(buf[0], /* None */ 0);
  store(buf[1], v, /* Volatile */ 1);
}
