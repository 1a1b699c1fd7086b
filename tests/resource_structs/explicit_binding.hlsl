// A struct of resources with [[vk::binding(B, S)]]: its resources take set S, bindings B,
// B+1, ... in declaration order; the others still take the lowest free ones.
//
// By hand: a.t (1, 5), a.s (1, 6); c (0, 4) from register(t4); b.t (0, 0), b.s (0, 1).
//
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main --target wgsl -Fo %t.wgsl
// RUN: %wgslcheck %t.wgsl
// RUN: FileCheck %s --check-prefix=WGSL < %t.wgsl
//
// CHECK-DAG: OpName %[[AT:[A-Za-z0-9_]+]] "a.t"
// CHECK-DAG: OpName %[[AS:[A-Za-z0-9_]+]] "a.s"
// CHECK-DAG: OpName %[[BT:[A-Za-z0-9_]+]] "b.t"
// CHECK-DAG: OpName %[[BS:[A-Za-z0-9_]+]] "b.s"
// CHECK-DAG: OpDecorate %[[AT]] DescriptorSet 1
// CHECK-DAG: OpDecorate %[[AT]] Binding 5
// CHECK-DAG: OpDecorate %[[AS]] DescriptorSet 1
// CHECK-DAG: OpDecorate %[[AS]] Binding 6
// CHECK-DAG: OpDecorate %[[BT]] DescriptorSet 0
// CHECK-DAG: OpDecorate %[[BT]] Binding 0
// CHECK-DAG: OpDecorate %[[BS]] DescriptorSet 0
// CHECK-DAG: OpDecorate %[[BS]] Binding 1
// CHECK-DAG: OpDecorate %c Binding 4
//
// WGSL-DAG: @group(1) @binding(5) var {{[A-Za-z0-9_]+}}: texture_2d<f32>;
// WGSL-DAG: @group(1) @binding(6) var {{[A-Za-z0-9_]+}}: sampler;
// WGSL-DAG: @group(0) @binding(0) var {{[A-Za-z0-9_]+}}: texture_2d<f32>;
// WGSL-DAG: @group(0) @binding(1) var {{[A-Za-z0-9_]+}}: sampler;
// WGSL-DAG: @group(0) @binding(4) var c: texture_2d<f32>;

struct P { Texture2D t; SamplerState s; };

[[vk::binding(5, 1)]] P a;
P b;
Texture2D c : register(t4);

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  return a.t.Sample(a.s, uv) + b.t.Sample(b.s, uv) + c.Sample(a.s, uv);
}
