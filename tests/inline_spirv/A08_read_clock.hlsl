// A8: OpReadClockKHR needs ShaderClockKHR and SPV_KHR_shader_clock. Without them the
// module is invalid (OSH3001, fatal, at the call, with a note at the declaration); with
// the capability alone still; with both it is valid.
// RUN: rm -rf %t.spv %t.bad.spv %t.msl %t.wgsl %t.all %t.d
// RUN: not %oneshader %s -T cs_6_0 -E main -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: test ! -e %t.spv
// RUN: not %oneshader %s -T cs_6_0 -E main -D CAP -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: %oneshader %s -T cs_6_0 -E main -D CAP -D EXT -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// NONE: A08_read_clock.hlsl:[[#@LINE+20]]:24: fatal error OSH3001: generated SPIR-V is invalid: Opcode ReadClockKHR requires one of these capabilities: ShaderClockKHR
// NONE: OpReadClockKHR %v2uint %uint_3
// NONE: A08_read_clock.hlsl:[[#@LINE+13]]:7: note: 'readClock' is declared here with {{\[\[}}vk::ext_instruction(5056)]]
// CAP:  fatal error OSH3001: generated SPIR-V is invalid: Capability ShaderClockKHR is not allowed by Vulkan 1.2 specification (or requires extension)
// CHECK-DAG: OpCapability ShaderClockKHR
// CHECK-DAG: OpExtension "SPV_KHR_shader_clock"
// CHECK:     %{{[a-zA-Z0-9_]+}} = OpReadClockKHR %v2uint %uint_3

#ifdef CAP
[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
#endif
#ifdef EXT
[[vk::ext_extension("SPV_KHR_shader_clock")]]
#endif
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint2 readClock(uint scope);

RWStructuredBuffer<uint2> buf : register(u0);

[numthreads(1, 1, 1)]
void main() { buf[0] = readClock(3); }   // 3 = Subgroup scope
