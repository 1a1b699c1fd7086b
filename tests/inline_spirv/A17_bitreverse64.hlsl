// A17: the validator's error path. OpBitReverse on a 64-bit integer is not allowed by
// Vulkan: fatal OSH3001 at the call with a note at the declaration, and no file. With
// validation off (-Vd) the module is written.
// RUN: rm -rf %t.spv %t.bad.spv %t.msl %t.wgsl %t.all %t.d
// RUN: not %oneshader %s -T cs_6_0 -E main -Fo %t.spv 2>&1 | FileCheck %s
// RUN: test ! -e %t.spv
// RUN: %oneshader %s -T cs_6_0 -E main -Vd -Fo %t.vd.spv
// RUN: spirv-dis %t.vd.spv | FileCheck %s --check-prefix=DIS
// CHECK: A17_bitreverse64.hlsl:[[#@LINE+12]]:24: fatal error OSH3001: generated SPIR-V is invalid: {{.*}}Expected 32-bit int type for Base operand: BitReverse
// CHECK: OpBitReverse %ulong
// CHECK: A17_bitreverse64.hlsl:[[#@LINE+5]]:10: note: 'bitReverse64' is declared here with {{\[\[}}vk::ext_instruction(204)]]
// CHECK-NOT: file a bug
// DIS:   OpBitReverse %ulong

[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint64_t bitReverse64(uint64_t v);

RWStructuredBuffer<uint64_t> buf : register(u0);

[numthreads(1, 1, 1)]
void main() { buf[0] = bitReverse64(buf[1]); }
