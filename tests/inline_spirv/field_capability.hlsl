// [[vk::ext_capability]] / [[vk::ext_extension]] on a struct field are declared when the
// field is used (section 6; DXC's spv.inline.extension.hlsl and .unused.hlsl): `t.val` adds
// ext_on_field1/2 and Int8; the field of Unused adds nothing. For MSL and WGSL they are the
// warnings OSH4102 / OSH5102 at each attribute of the used field.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: FileCheck %s < %t.d/a.spvasm
// RUN: not grep ext_on_unused_field %t.d/a.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main --target msl -o %t.d/a.metal 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: %oneshader %s -T ps_6_0 -E main --target wgsl -o %t.d/a.wgsl 2>&1 | FileCheck %s --check-prefix=WGSL
// CHECK-DAG: OpCapability Int8
// CHECK-DAG: OpExtension "ext_on_field1"
// CHECK-DAG: OpExtension "ext_on_field2"
// CHECK-DAG: OpCapability Shader
// MSL-DAG: field_capability.hlsl:[[#@LINE+10]]:5: warning OSH4102: {{\[\[}}vk::ext_extension]] has no effect when compiling to MSL
// MSL-DAG: field_capability.hlsl:[[#@LINE+10]]:5: warning OSH4102: {{\[\[}}vk::ext_capability]] has no effect when compiling to MSL
// WGSL-DAG: field_capability.hlsl:[[#@LINE+8]]:5: warning OSH5102: {{\[\[}}vk::ext_extension]] has no effect when compiling to WGSL

struct Unused {
  [[vk::ext_extension("ext_on_unused_field")]]
  int v;
};

struct T {
  [[vk::ext_extension("ext_on_field1"), vk::ext_extension("ext_on_field2")]]
  [[vk::ext_capability(/* Int8 */ 39)]]
  int val;
};

int main() : SV_Target {
  T t;
  t.val = 4;
  return t.val;
}
