// A15: [[vk::ext_builtin_input]] on a static const global: an Input variable decorated
// BuiltIn NumWorkgroups, in the entry point's interface, no Private variable, no OpName
// (%gl_NumWorkGroups is spirv-dis's name from the decoration). The four errors of section
// 8.3 with DXC's texts.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not=Private --implicit-check-not="OpName %gl_NumWorkGroups" < %t.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=1 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=NONCONST
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=2 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=NONSTATIC
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=3 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=REDEF
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=4 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=BOTH
// CHECK: OpEntryPoint GLCompute %main "main" {{.*}}%gl_NumWorkGroups
// CHECK: OpDecorate %gl_NumWorkGroups BuiltIn NumWorkgroups
// CHECK: %gl_NumWorkGroups = OpVariable %_ptr_Input_v3uint Input
// NONCONST:  A15_builtin.hlsl:[[#@LINE+10]]:44: error OSH3109: vk::ext_builtin_input can only be applied to a const-qualified variable
// NONSTATIC: A15_builtin.hlsl:[[#@LINE+11]]:43: error OSH3108: vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable
// REDEF:     A15_builtin.hlsl:[[#@LINE+13]]:3: error OSH3110: cannot redefine builtin 24 as an output
// REDEF:     A15_builtin.hlsl:[[#@LINE+11]]:70: note: previous definition is here
// BOTH:      A15_builtin.hlsl:[[#@LINE+13]]:78: error OSH3107: vk::ext_builtin_input cannot be used together with vk::ext_builtin_output

#ifndef CASE
#define CASE 0
#endif
#if CASE == 1
[[vk::ext_builtin_input(24)]] static uint3 gNumWorkgroups;
#elif CASE == 2
[[vk::ext_builtin_input(24)]] const uint3 gNumWorkgroups;
#elif CASE == 3
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 gNumWorkgroups;
[[vk::ext_builtin_output(24)]] static uint3 o;
#elif CASE == 4
[[vk::ext_builtin_input(24), vk::ext_builtin_output(24)]] static const uint3 gNumWorkgroups;
#else
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]]
static const uint3 gNumWorkgroups;
#endif

RWStructuredBuffer<uint> buf : register(u0);

[numthreads(1, 1, 1)]
void main() { buf[0] = gNumWorkgroups.x * gNumWorkgroups.y; }
