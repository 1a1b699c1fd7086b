// Resources declared in a cbuffer are resources of their own, not members of its block:
// each takes the next free binding before the cbuffer takes its own, and a cbuffer left
// with no other member has no block and no binding (DXC: SPIR-V.rst "Binding number
// assignment for resources in cbuffer", type.cbuffer.including.resource.hlsl).
//
// Bindings by hand (set 0): A takes 1 (register(b1)); then in declaration order the
// lowest free ones: tb 0, sb 2, B 3, sc 4 (C has no block), after 5.
//
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main --target wgsl -Fo %t.wgsl
// RUN: %wgslcheck %t.wgsl
// RUN: FileCheck %s --check-prefix=WGSL < %t.wgsl
// RUN: %oneshader %s -T ps_6_0 -E main --target msl -Fo %t.metal
// RUN: %mslcheck %t.metal
//
// CHECK-DAG: OpDecorate %A Binding 1
// CHECK-DAG: OpDecorate %tb Binding 0
// CHECK-DAG: OpDecorate %sb Binding 2
// CHECK-DAG: OpDecorate %B Binding 3
// CHECK-DAG: OpDecorate %sc Binding 4
// CHECK-DAG: OpDecorate %after Binding 5
// CHECK-DAG: %type_B = OpTypeStruct %v4float
// CHECK-NOT: %type_C
// CHECK-DAG: %[[IMG:[A-Za-z0-9_]+]] = OpTypeImage %float 2D 0 0 0 1 Unknown
// CHECK-DAG: %[[SMP:[A-Za-z0-9_]+]] = OpTypeSampler
// CHECK-DAG: %[[IMGP:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[IMG]]
// CHECK-DAG: %[[SMPP:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[SMP]]
// CHECK-DAG: %tb = OpVariable %[[IMGP]] UniformConstant
// CHECK-DAG: %sc = OpVariable %[[SMPP]] UniformConstant
//
// WGSL-DAG: @group(0) @binding(0) var tb: texture_2d<f32>;
// WGSL-DAG: @group(0) @binding(2) var sb: sampler;
// WGSL-DAG: @group(0) @binding(4) var sc: sampler;
// WGSL-DAG: @group(0) @binding(5) var after: texture_2d<f32>;

cbuffer A : register(b1) { float4 a; };
cbuffer B { float4 b; Texture2D tb; SamplerState sb; };
cbuffer C { SamplerState sc; };
Texture2D after;

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  return a + b + tb.Sample(sb, uv) + after.Sample(sc, uv);
}
