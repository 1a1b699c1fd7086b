// <vk/khr/cooperative_matrix.h> end to end: A (16x4) * B (4x8) + C (16x8) on int
// components in subgroup scope, C a splat of 3, the result stored, and GetLength()
// (vk::CooperativeMatrixLength, OpCooperativeMatrixLengthKHR). Expected by hand from the
// SPIR-V spec (SPV_KHR_cooperative_matrix) and the header's documented operands:
//   OpTypeCooperativeMatrixKHR (4456) %int Scope Rows Columns Use, with Scope Subgroup = 3
//   and Use MatrixAKHR = 0, MatrixBKHR = 1, MatrixAccumulatorKHR = 2 as constant ids;
//   OpCooperativeMatrixLoadKHR (4457) type, id, pointer, layout, stride, memory operand
//   None = 0; OpCompositeConstruct (80) of the splat; OpCooperativeMatrixMulAddKHR (4459)
//   with the four signed-components bits (1 | 2 | 4 | 8 = 15) for int; OpCooperativeMatrix-
//   StoreKHR (4458) pointer, object, layout, stride, None; OpCooperativeMatrixLengthKHR
//   (4460) %uint, id, the accumulator's type id. The header declares CooperativeMatrixKHR
//   (6022) and VulkanMemoryModel (5345), so the memory model is Logical (0) Vulkan (3).
// SPIRV-Tools v2023.1 predates the extension: validating, the entry point is refused
// with OSH3140 and nothing is written; with -Vd the module is written and its words are
// read with Inputs/spvwords.py (spirv-dis cannot print it).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -Fo %t.d/v.spv 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: test ! -e %t.d/v.spv
// REFUSED: error OSH3140: 'main', which uses the cooperative matrix type OpTypeCooperativeMatrixKHR, cannot be validated: the SPIRV-Tools library this OneShader validates with (SPIRV-Tools v2023.1) does not know SPV_KHR_cooperative_matrix (capability CooperativeMatrixKHR, 6022); -Vd emits the module without validation
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -Vd -Fo %t.d/a.spv
// RUN: python3 %inputs/spvwords.py %t.d/a.spv | FileCheck %s
// Below SPIR-V 1.6 the header stops with DXC's #error.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.2 -Fo %t.d/o.spv 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: CooperativeMatrix requires a minimum of SPIR-V 1.6
// CHECK-DAG: 17: 6022
// CHECK-DAG: 17: 5345
// CHECK-DAG: 14: 0 3
// CHECK-DAG: 21: [[I32:[0-9]+]] 32 1
// CHECK-DAG: 21: [[U32:[0-9]+]] 32 0
// CHECK-DAG: 43: [[U32]] [[C3:[0-9]+]] 3
// CHECK-DAG: 43: [[U32]] [[C16:[0-9]+]] 16
// CHECK-DAG: 43: [[U32]] [[C4:[0-9]+]] 4
// CHECK-DAG: 43: [[U32]] [[C8:[0-9]+]] 8
// CHECK-DAG: 43: [[U32]] [[C0:[0-9]+]] 0
// CHECK-DAG: 43: [[U32]] [[C1:[0-9]+]] 1
// CHECK-DAG: 43: [[U32]] [[C2:[0-9]+]] 2
// CHECK-DAG: 43: [[I32]] {{[0-9]+}} 3
// CHECK-DAG: 43: [[I32]] [[L1:[0-9]+]] 1
// CHECK-DAG: 43: [[I32]] [[L0:[0-9]+]] 0
// CHECK-DAG: 4456: [[A:[0-9]+]] [[I32]] [[C3]] [[C16]] [[C4]] [[C0]]
// CHECK-DAG: 4456: [[B:[0-9]+]] [[I32]] [[C3]] [[C4]] [[C8]] [[C1]]
// CHECK-DAG: 4456: [[ACC:[0-9]+]] [[I32]] [[C3]] [[C16]] [[C8]] [[C2]]
// The instructions (the header's member functions are not inlined, so their operands are
// the functions' parameters): the layouts ColumnMajorKHR = 1 for A, RowMajorKHR = 0 for B
// and the store are constants.
// CHECK-DAG: 4457: [[A]] {{[0-9]+}} {{[0-9]+}} [[L1]] {{[0-9]+}} 0
// CHECK-DAG: 4457: [[B]] {{[0-9]+}} {{[0-9]+}} [[L0]] {{[0-9]+}} 0
// CHECK-DAG: 80: [[ACC]] {{[0-9]+}} {{[0-9]+}}
// CHECK-DAG: 4459: [[ACC]] {{[0-9]+}} {{[0-9]+}} {{[0-9]+}} {{[0-9]+}} 15
// CHECK-DAG: 4458: {{[0-9]+}} {{[0-9]+}} [[L0]] {{[0-9]+}} 0
// CHECK-DAG: 4460: [[U32]] {{[0-9]+}} [[ACC]]

#include <vk/khr/cooperative_matrix.h>

RWStructuredBuffer<int> data : register(u0);
RWStructuredBuffer<uint> lengths : register(u1);

[numthreads(32, 1, 1)]
void main() {
  using A = vk::khr::CooperativeMatrixA<int, vk::ScopeSubgroup, 16, 4>;
  using B = vk::khr::CooperativeMatrixB<int, vk::ScopeSubgroup, 4, 8>;
  using C = vk::khr::CooperativeMatrixAccumulator<int, vk::ScopeSubgroup, 16, 8>;
  A a = A::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(data, 0, 16);
  B b = B::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 64, 8);
  C c = C::Splat(3);
  C r = cooperativeMatrixMultiplyAdd(a, b, c);
  r.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 128, 8);
  lengths[0] = C::GetLength();
}
