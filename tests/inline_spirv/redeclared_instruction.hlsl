// A bodiless function declared twice with the same signature is one function (C++
// redeclaration), so a call is not ambiguous (DXC test spv.intrinsicTypeRayquery declares
// its [[vk::ext_instruction]] twice). OpBitReverse (204) on a 32-bit uint.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// CHECK: OpBitReverse %uint
// CHECK-NOT: OpBitReverse

[[vk::ext_instruction(/* OpBitReverse */ 204)]] uint rev(uint v);
[[vk::ext_instruction(/* OpBitReverse */ 204)]] uint rev(uint v);

RWStructuredBuffer<uint> b : register(u0);

[numthreads(1, 1, 1)]
void main() { b[0] = rev(b[1]); }
