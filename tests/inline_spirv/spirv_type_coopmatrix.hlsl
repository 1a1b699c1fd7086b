// An inline cooperative-matrix type (SPV_KHR_cooperative_matrix): OpTypeCooperativeMatrixKHR
// (4456) takes Component Type, then Scope, Rows, Columns and Use as constant ids, so those
// operands are vk::integral_constant (ids), not vk::Literal; the component is an inline
// 8-bit OpTypeInt (21). OpCooperativeMatrixLoadKHR (4457): result type, result, Pointer,
// MemoryLayout (id), Stride (id), Memory Operand (literal, None = 0). SPIRV-Tools v2023.1
// predates the extension (it refuses capability 6022 and spirv-dis cannot print the
// module), so the test compiles with -Vd and reads the words (OpCapability = 17,
// OpConstant = 43).
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-target-env=vulkan1.3 -Vd -Fo %t.spv
// RUN: python3 %inputs/spvwords.py %t.spv | FileCheck %s
// CHECK-DAG: 17: 6022
// CHECK-DAG: 17: 39
// CHECK-DAG: 21: [[I8:[0-9]+]] 8 0
// CHECK-DAG: 21: [[U32:[0-9]+]] 32 0
// CHECK-DAG: 43: [[U32]] [[C3:[0-9]+]] 3
// CHECK-DAG: 43: [[U32]] [[C16:[0-9]+]] 16
// CHECK-DAG: 43: [[U32]] [[C0:[0-9]+]] 0
// CHECK-DAG: 43: [[U32]] [[C32:[0-9]+]] 32
// CHECK-DAG: 4456: [[M:[0-9]+]] [[I8]] [[C3]] [[C16]] [[C16]] [[C0]]
// CHECK:     4457: [[M]] {{[0-9]+}} {{[0-9]+}} [[C0]] [[C32]] 0

using Int8Type [[vk::ext_capability(/* Int8 */ 39)]] =
    vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >,
                  vk::Literal<vk::integral_constant<bool, false> > >;
using I8MatA [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]]
             [[vk::ext_capability(/* VulkanMemoryModel */ 5345)]]
             [[vk::ext_extension("SPV_KHR_cooperative_matrix")]] =
    vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, Int8Type,
                        vk::integral_constant<uint, /* Subgroup */ 3>, vk::integral_constant<uint, 16>,
                        vk::integral_constant<uint, 16>, vk::integral_constant<uint, /* MatrixAKHR */ 0> >;

template <typename R, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]]
R matrixLoad([[vk::ext_reference]] P pointer, uint layout, uint stride, [[vk::ext_literal]] uint memoryOperand);

StructuredBuffer<uint> buffer : register(t0);

[numthreads(32, 1, 1)]
void main() {
  I8MatA a = matrixLoad<I8MatA>(buffer[0], /* RowMajorKHR */ 0, 32, /* None */ 0);
}
