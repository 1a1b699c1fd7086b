// A14: [[vk::ext_storage_class(5338)]] puts a static global in RayPayloadKHR (5338 is also
// RayPayloadNV; SPIRV-Tools 2023.1 disassembles the shared values with the NV names). It is
// an interface of the ray generation entry point, has no DescriptorSet / Binding, and is
// written through an OpStore declared with vk::ext_instruction. Without `static`
// (-D NON_STATIC) the variable is not in $Globals and gets no descriptor decorations
// either (inline-spirv.md section 8.2; DXC adds DescriptorSet/Binding and fails validation).
// RUN: %oneshader %s -T lib_6_3 -spirv -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T lib_6_3 -spirv -D NON_STATIC -Fo %t.n.spv -Fc %t.n.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.n.spv
// RUN: FileCheck %s < %t.n.spvasm
// CHECK:     OpExtension "SPV_KHR_ray_tracing"
// CHECK:     OpEntryPoint RayGeneration{{NV|KHR}} %main "main" {{.*}}%payload
// CHECK-NOT: OpDecorate %payload DescriptorSet
// CHECK-NOT: OpDecorate %payload Binding
// CHECK:     %payload = OpVariable %_ptr_RayPayload{{NV|KHR}}_v4float RayPayload{{NV|KHR}}
// CHECK:     OpStore %payload %{{[0-9A-Za-z_]+}}
#ifdef NON_STATIC
[[vk::ext_storage_class(/* RayPayloadKHR */ 5338)]]
float4 payload;
#else
[[vk::ext_storage_class(/* RayPayloadKHR */ 5338)]]
static float4 payload;
#endif

[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float4 pointer, float4 value);

[shader("raygeneration")]
void main() { store(payload, float4(0, 0, 0, 1)); }
