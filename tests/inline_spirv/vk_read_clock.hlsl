// vk::ReadClock(scope): the built-in form of OpReadClockKHR, which brings ShaderClockKHR,
// SPV_KHR_shader_clock and Int64 by itself (section 3); the scopes are predefined.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main --target wgsl -o %t.w 2>&1 | FileCheck %s --check-prefix=WGSL
// CHECK-DAG: OpCapability ShaderClockKHR
// CHECK-DAG: OpCapability Int64
// CHECK-DAG: OpExtension "SPV_KHR_shader_clock"
// CHECK:     OpReadClockKHR %ulong %uint_3
// CHECK:     OpReadClockKHR %ulong %uint_1
// WGSL:      error OSH5101: inline SPIR-V cannot be compiled to WGSL: 'vk::ReadClock' is a SPIR-V built-in

RWStructuredBuffer<uint64_t> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
  uint64_t a = vk::ReadClock(vk::SubgroupScope);
  uint64_t b = vk::ReadClock(vk::DeviceScope);
  buf[0] = b - a;
  buf[1] = vk::CrossDeviceScope + vk::WorkgroupScope * 10 + vk::InvocationScope * 100 + vk::QueueFamilyScope * 1000;
}
