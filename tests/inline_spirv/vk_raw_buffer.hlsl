// vk::RawBufferLoad / RawBufferStore (section 11.1): OpBitcast of the address to a
// PhysicalStorageBuffer pointer, then OpLoad / OpStore with `Aligned` (default 4); a struct
// is laid out with the storage-buffer rule and converted member by member (bool as uint);
// PhysicalStorageBuffer64 addressing, the capability, no extension at SPIR-V 1.5 (and the
// extension at vulkan1.1). The errors of section 11.1 with DXC's texts.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not=SPV_KHR_physical_storage_buffer < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-target-env=vulkan1.1 -Fo %t11.spv -Fc %t11.spvasm
// RUN: spirv-val --target-env vulkan1.1 %t11.spv
// RUN: FileCheck %s --check-prefix=V11 < %t11.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=1 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=2 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=NLOAD
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=3 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=NSTORE
// RUN: %oneshader %s -T cs_6_0 -E main -D CASE=4 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=BOOL
// CHECK-DAG: OpCapability PhysicalStorageBufferAddresses
// CHECK-DAG: OpCapability Int64
// CHECK:     OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK-DAG: OpMemberDecorate %S_0 1 Offset 16
// CHECK-DAG: OpMemberDecorate %S_0 2 Offset 20
// CHECK:     %[[RP:[a-zA-Z0-9_]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint
// CHECK:     OpLoad %uint %[[RP]] Aligned 4
// CHECK:     %[[SP:[a-zA-Z0-9_]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_S_0
// CHECK:     %[[SV:[a-zA-Z0-9_]+]] = OpLoad %S_0 %[[SP]] Aligned 16
// CHECK:     %[[B:[a-zA-Z0-9_]+]] = OpCompositeExtract %uint %[[SV]] 2
// CHECK:     OpINotEqual %bool %[[B]] %uint_0
// CHECK:     %[[WP:[a-zA-Z0-9_]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_v4float
// CHECK:     OpStore %[[WP]] %{{[a-zA-Z0-9_]+}} Aligned 16
// CHECK:     OpStore %{{[a-zA-Z0-9_]+}} %{{[a-zA-Z0-9_]+}} Aligned 8
// V11:       OpExtension "SPV_KHR_physical_storage_buffer"
// ALIGN:     vk_raw_buffer.hlsl:[[#@LINE+22]]:45: error OSH3120: alignment argument must be a constant unsigned integer
// NLOAD:     vk_raw_buffer.hlsl:[[#@LINE+23]]:12: error OSH3121: number of arguments for vk::RawBufferLoad() must be 1 or 2
// NSTORE:    vk_raw_buffer.hlsl:[[#@LINE+24]]:3: error OSH3122: number of arguments for vk::RawBufferStore() must be 2 or 3
// BOOL:      vk_raw_buffer.hlsl:[[#@LINE+25]]:12: warning OSH3123: Since boolean is a logical type, we use a unsigned integer type to read/write boolean from a buffer. Therefore alignment for the data with a boolean type must be aligned with 4 bytes

struct S { float4 v; uint a; bool b; };
struct Push { uint64_t addr; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<uint> buf : register(u0);

#ifndef CASE
#define CASE 0
#endif

[numthreads(1, 1, 1)]
void main() {
  uint w = vk::RawBufferLoad<uint>(pc.addr + 64);
  S s = vk::RawBufferLoad<S>(pc.addr + 32, 16);
  vk::RawBufferStore<float4>(pc.addr + 128, s.v + w, 16);
  vk::RawBufferStore<uint64_t>(pc.addr + 8, pc.addr, 8);
  buf[0] = w + s.a + (s.b ? 1 : 0);
#if CASE == 1
  buf[1] = vk::RawBufferLoad<uint>(pc.addr, -16);
#elif CASE == 2
  buf[1] = vk::RawBufferLoad<uint>(pc.addr, 4, 4);
#elif CASE == 3
  vk::RawBufferStore<uint>(pc.addr, 1u, 4, 4);
#elif CASE == 4
  buf[1] = vk::RawBufferLoad<bool>(pc.addr, 2) ? 1 : 0;
#endif
}
