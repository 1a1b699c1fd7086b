// Acceptance example A16 (shared/design/inline-spirv.md section 20): vk::BufferPointer and
// vk::RawBuffer* loads and stores with their `Aligned` operands. q.Get() uses the pointer's
// A = 32, the float4 member its natural 16, RawBufferLoad the default 4. No extension at
// vulkan1.2 (SPIR-V 1.5), SPV_KHR_physical_storage_buffer at vulkan1.1.
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-target-env=vulkan1.1 -Fo %t11.spv -Fc %t11.spvasm
// RUN: spirv-val --target-env vulkan1.1 %t11.spv
// RUN: FileCheck %s --check-prefix=V11 < %t11.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -D NO_INIT -o %t.d 2>&1 | FileCheck %s --check-prefix=ERR
// CHECK-DAG: OpCapability PhysicalStorageBufferAddresses
// CHECK-DAG: OpCapability Int64
// CHECK-NOT: OpExtension "SPV_KHR_physical_storage_buffer"
// CHECK:     OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK-DAG: OpDecorate %q RestrictPointer
// CHECK-DAG: OpTypePointer PhysicalStorageBuffer %Node
// CHECK:     %[[M:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer_v4float %{{[a-zA-Z0-9_]+}} %{{u?}}int_0
// CHECK:     OpLoad %v4float %[[M]] Aligned 16
// CHECK:     OpStore %{{[a-zA-Z0-9_]+}} %{{[a-zA-Z0-9_]+}} Aligned 16
// CHECK:     OpConvertUToPtr %_ptr_PhysicalStorageBuffer_uint
// CHECK:     OpLoad %uint %{{[a-zA-Z0-9_]+}} Aligned 32
// CHECK:     %[[RP:[a-zA-Z0-9_]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint
// CHECK:     OpLoad %uint %[[RP]] Aligned 4
// CHECK:     %[[WP:[a-zA-Z0-9_]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_v4float
// CHECK:     OpStore %[[WP]] %{{[a-zA-Z0-9_]+}} Aligned 16
// V11:       OpExtension "SPV_KHR_physical_storage_buffer"
// ERR:       A16_buffer_pointer.hlsl:[[#@LINE+15]]:27: error OSH3124: vk::BufferPointer has no default constructor

struct Node { float4 value; uint next; };
struct Push { vk::BufferPointer<Node, 16> node; uint64_t raw; };
[[vk::push_constant]] Push pc;

[numthreads(1, 1, 1)]
void main() {
  float4 v = pc.node.Get().value;
  pc.node.Get().value = v * 2;
  vk::BufferPointer<uint, 32> q = vk::BufferPointer<uint, 32>(pc.raw);
  uint u = q.Get();
  uint w = vk::RawBufferLoad<uint>(pc.raw + 64);
  vk::RawBufferStore<float4>(pc.raw + 128, v + u + w, 16);
#ifdef NO_INIT
  vk::BufferPointer<Node> p;
#endif
}
