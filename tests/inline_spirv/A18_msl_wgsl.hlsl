// A18: for MSL and WGSL an inline instruction reached from the entry point is OSH4101 /
// OSH5101 at the call, with a note at the declaration, and nothing is written. Declared
// but never called, it is silent on every target, so one header serves all three.
// RUN: rm -rf %t.spv %t.bad.spv %t.msl %t.wgsl %t.all %t.d
// RUN: not %oneshader %s -T cs_6_0 -E main --target msl -o %t.msl 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: not %oneshader %s -T cs_6_0 -E main --target wgsl -o %t.wgsl 2>&1 | FileCheck %s --check-prefix=WGSL
// RUN: test ! -e %t.msl/main.metal && test ! -e %t.wgsl/main.wgsl
// RUN: %oneshader %s -T cs_6_0 -E main --target spirv,msl,wgsl -D UNUSED -o %t.all 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: test -e %t.all/main.metal && test -e %t.all/main.wgsl && test -e %t.all/main.spv
// MSL:  A18_msl_wgsl.hlsl:[[#@LINE+15]]:24: error OSH4101: inline SPIR-V cannot be compiled to MSL: 'readClock' is a {{\[\[}}vk::ext_instruction]] function
// MSL:  A18_msl_wgsl.hlsl:[[#@LINE+8]]:7: note: declared here
// WGSL: A18_msl_wgsl.hlsl:[[#@LINE+13]]:24: error OSH5101: inline SPIR-V cannot be compiled to WGSL: 'readClock' is a {{\[\[}}vk::ext_instruction]] function
// WGSL: A18_msl_wgsl.hlsl:[[#@LINE+6]]:7: note: declared here
// QUIET-NOT: OSH

[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint2 readClock(uint scope);

RWStructuredBuffer<uint2> buf : register(u0);

[numthreads(1, 1, 1)]
#ifndef UNUSED
void main() { buf[0] = readClock(3); }
#else
void main() { buf[0] = uint2(1, 2); }
#endif
