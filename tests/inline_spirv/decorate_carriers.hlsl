// [[vk::ext_decorate*]] on every carrier of section 8.1: struct fields (OpMemberDecorate /
// OpMemberDecorateString, next to OneShader's Offset in the laid-out copy), a static global
// (OpDecorateId with a constant id), an ordinary function (OpDecorate %fn), an inout
// parameter (the OpFunctionParameter) and a by-value one (its local copy), and the entry
// point's return value (its stage variable; the Location replaces the automatic 0).
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s "--implicit-check-not=%out_var Location 0" < %t.spvasm
// CHECK-DAG: OpMemberDecorate %S 0 RelaxedPrecision
// CHECK-DAG: OpMemberDecorateString %S 1 UserSemantic "second"
// CHECK-DAG: OpMemberDecorate %S_0 0 RelaxedPrecision
// CHECK-DAG: OpMemberDecorate %S_0 1 Offset 4
// CHECK-DAG: OpDecorateId %y UniformId %int_3
// CHECK-DAG: OpDecorate %f RelaxedPrecision
// CHECK-DAG: OpDecorate %p Aliased
// CHECK-DAG: OpDecorate %q_0 RelaxedPrecision
// CHECK-DAG: OpDecorate %out_var Location 2

struct S {
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float a;
  [[vk::ext_decorate_string(/* UserSemantic */ 5635, "second")]] float b;
};
[[vk::ext_decorate_id(/* UniformId */ 27, 3)]] static int y;
StructuredBuffer<S> buf : register(t0);

[noinline] [[vk::ext_decorate(/* RelaxedPrecision */ 0)]]
float f([[vk::ext_decorate(/* Aliased */ 20)]] inout float p, [[vk::ext_decorate(0)]] float q) {
  p += q;
  return p;
}

[[vk::ext_decorate(/* Location */ 30, 2)]]
float4 main(float4 c : COLOR) : SV_Target {
  S s = buf[0];
  y = 1;
  float v = s.a;
  return c * f(v, s.b) + y;
}
