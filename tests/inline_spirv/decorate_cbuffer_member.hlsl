// [[vk::ext_decorate]] on a member of a cbuffer or of $Globals decorates that member of the
// block's struct (OpMemberDecorate); a stage input that [[vk::ext_decorate]] makes a BuiltIn
// is placed by the decoration, so the other inputs may use vk::location alone (DXC test
// spv.intrinsicDecorate).
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// CHECK-DAG: OpMemberDecorate %type_CB 1 RelaxedPrecision
// CHECK-DAG: OpMemberDecorate %type__Globals 0 RelaxedPrecision
// CHECK-DAG: OpDecorate %in_var_COLOR0 BuiltIn FragCoord
// CHECK-NOT: OpDecorate %in_var_COLOR0 Location
// CHECK-DAG: OpDecorate %in_var_COLOR1 Location 3

cbuffer CB {
  float a;
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float b;
};
[[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float g;

float4 main([[vk::ext_decorate(/* BuiltIn */ 11, /* FragCoord */ 15)]] float4 pos : COLOR0,
            [[vk::location(3)]] float4 c : COLOR1) : SV_Target {
  return pos * a + b * g + c;
}
