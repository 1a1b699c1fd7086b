// DX9's sampler types are SamplerState (DXC: type.sampler.hlsl): `sampler`, `sampler1D`,
// `sampler2D`, `sampler3D`, `samplerCUBE` and `sampler_state`, bound like any sampler.
// A struct the shader names `sampler2D` is that struct (DXC:
// vk.binding.global-struct-of-resources.pass-legalization.hlsl), here a struct of
// resources: t takes binding 0 and s binding 1 after the explicit ones (s3, s4, s5, s6).
//
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main --target wgsl -Fo %t.wgsl
// RUN: %wgslcheck %t.wgsl
// RUN: FileCheck %s --check-prefix=WGSL < %t.wgsl
//
// CHECK-DAG: OpDecorate %s1 Binding 3
// CHECK-DAG: OpDecorate %s2 Binding 4
// CHECK-DAG: OpDecorate %s3 Binding 5
// CHECK-DAG: OpDecorate %s4 Binding 6
// CHECK-DAG: OpName %[[T:[A-Za-z0-9_]+]] "combined.t"
// CHECK-DAG: OpName %[[S:[A-Za-z0-9_]+]] "combined.s"
// CHECK-DAG: OpDecorate %[[T]] Binding 0
// CHECK-DAG: OpDecorate %[[S]] Binding 1
// CHECK-DAG: %[[SMP:[A-Za-z0-9_]+]] = OpTypeSampler
// CHECK-DAG: %[[SMPP:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[SMP]]
// CHECK-DAG: %s1 = OpVariable %[[SMPP]] UniformConstant
// CHECK-DAG: %s4 = OpVariable %[[SMPP]] UniformConstant
//
// WGSL-DAG: @group(0) @binding(3) var s1: sampler;
// WGSL-DAG: @group(0) @binding(6) var s4: sampler;

struct sampler2D { Texture2D t; SamplerState s; };
float4 tex2D(sampler2D x, float2 v) { return x.t.Sample(x.s, v); }

sampler s1 : register(s3);
sampler1D s2 : register(s4);
samplerCUBE s3 : register(s5);
sampler_state s4 : register(s6);
sampler2D combined;

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  return tex2D(combined, uv) + combined.t.Sample(s1, uv) + combined.t.Sample(s2, uv) +
         combined.t.Sample(s3, uv) + combined.t.Sample(s4, uv);
}
