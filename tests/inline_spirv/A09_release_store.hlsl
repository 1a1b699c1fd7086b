// A9: a release store through [[vk::ext_reference]] (the seed's first example). T is
// deduced as uint from the l-value flags[0]; OpAtomicStore has no result id. With
// AcquireRelease semantics the validator refuses the store (OSH3001).
// RUN: rm -rf %t.spv %t.bad.spv %t.msl %t.wgsl %t.all %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D SEMANTICS=0x48 -Fo %t.bad.spv 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: test ! -e %t.bad.spv
// CHECK:     OpStore %{{[a-zA-Z0-9_]+}} %uint_42
// CHECK:     %[[P:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_StorageBuffer_uint %{{[a-zA-Z0-9_]+}}
// CHECK-NOT: OpLoad %uint %[[P]]
// CHECK:     {{^ *}}OpAtomicStore %[[P]] %uint_1 %uint_68 %uint_1{{$}}
// BAD:       fatal error OSH3001: generated SPIR-V is invalid: {{.*}}AtomicStore

#ifndef SEMANTICS
#define SEMANTICS 0x44  /* Release|UniformMemory */
#endif

template<typename T>
[[vk::ext_instruction(/* OpAtomicStore */ 228)]]
void atomicStore([[vk::ext_reference]] T dest, uint scope, uint semantics, T value);

RWStructuredBuffer<uint> data  : register(u0);
RWStructuredBuffer<uint> flags : register(u1);

[numthreads(1, 1, 1)]
void main() {
  data[0] = 42;
  atomicStore(flags[0], /* Device */ 1, SEMANTICS, 1u);
}
