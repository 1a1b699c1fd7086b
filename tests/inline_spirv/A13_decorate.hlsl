// A13: [[vk::ext_decorate]] on an entry-point parameter goes on its stage variable, where a
// Location replaces the automatic one; on a local it decorates the OpVariable. The _id form
// on a function is OSH3105 (at the name); the string form decorates with OpDecorateString.
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s "--implicit-check-not=%in_var_COLOR Location 0" < %t.spvasm
// RUN: not %oneshader %s -T ps_6_0 -E main -D FN_ID -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=FNID
// RUN: not %oneshader %s -T ps_6_0 -E main -D FN_STRING -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=FNSTR
// CHECK-DAG: OpDecorate %in_var_COLOR Location 5
// CHECK-DAG: OpDecorateString %x UserSemantic "albedo"
// CHECK-DAG: OpDecorate %t RelaxedPrecision
// FNID:  A13_decorate.hlsl:[[#@LINE+10]]:7: error OSH3105: vk::ext_decorate_id is not supported on functions
// FNSTR: A13_decorate.hlsl:[[#@LINE+9]]:7: error OSH3106: vk::ext_decorate_string is not supported on functions

[[vk::ext_decorate_string(/* UserSemantic */ 5635, "albedo")]] static float x;

#if defined(FN_ID)
[[vk::ext_decorate_id(/* UniformId */ 27, 3)]]
#elif defined(FN_STRING)
[[vk::ext_decorate_string(/* UserSemantic */ 5635, "f")]]
#endif
float f(float v) { return v * 2; }

float4 main([[vk::ext_decorate(/* Location */ 30, 5)]] float4 color : COLOR) : SV_Target {
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float t = color.a;
  x = f(t);
  return color * x;
}
