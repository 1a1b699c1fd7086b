// -Fc when SPIRV-Tools cannot print the module (here OpTypeCooperativeMatrixKHR, newer than
// SPIRV-Tools v2023.1; -Vd writes it unvalidated): the listing says so and gives the words,
// one instruction a line, instead of an empty file.
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-target-env=vulkan1.3 -Vd -Fo %t.spv -Fc %t.spvasm
// RUN: FileCheck %s < %t.spvasm
// CHECK: ; SPIR-V disassembly failed: {{.+}}
// CHECK: ; the module's words, one instruction a line
// CHECK: ; 0x07230203
// CHECK: ; 0x{{[0-9a-f]+}} 6022

using I8 [[vk::ext_capability(/* Int8 */ 39)]] =
    vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >,
                  vk::Literal<vk::integral_constant<bool, false> > >;
using Mat [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]]
          [[vk::ext_extension("SPV_KHR_cooperative_matrix")]] =
    vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, I8, vk::integral_constant<uint, 3>,
                        vk::integral_constant<uint, 16>, vk::integral_constant<uint, 16>,
                        vk::integral_constant<uint, 0> >;

[numthreads(32, 1, 1)]
void main() { Mat m; }
