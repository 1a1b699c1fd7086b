// A1 (shared/design/inline-spirv.md section 20): a core opcode with a result. The call is
// one OpBitReverse where it is; there is no function for the declaration.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not=bitReverse < %t.spvasm
// CHECK-NOT: OpFunctionCall %uint
// CHECK:     %[[V:[a-zA-Z0-9_]+]] = OpLoad %uint
// CHECK:     %[[R:[a-zA-Z0-9_]+]] = OpBitReverse %uint %[[V]]
// CHECK:     OpStore %{{[a-zA-Z0-9_]+}} %[[R]]

[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint bitReverse(uint v);

RWStructuredBuffer<uint> buf : register(u0);

[numthreads(1, 1, 1)]
void main() { buf[0] = bitReverse(buf[1]); }
