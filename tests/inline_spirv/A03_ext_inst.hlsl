// A3: extended instruction sets. One OpExtInstImport per set, shared with OneShader's
// own GLSL.std.450 use; a void OpExtInst still has a result id; NonSemantic.* below
// SPIR-V 1.6 brings SPV_KHR_non_semantic_info by itself.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-target-env=vulkan1.3 -Fc %t13.spvasm
// RUN: FileCheck %s --check-prefix=V13 < %t13.spvasm
// CHECK:     OpExtension "SPV_KHR_non_semantic_info"
// CHECK:     %[[GLSL:[a-zA-Z0-9_]+]] = OpExtInstImport "GLSL.std.450"
// CHECK-NOT: OpExtInstImport "GLSL.std.450"
// CHECK:     %[[DBG:[a-zA-Z0-9_]+]] = OpExtInstImport "NonSemantic.DebugBreak"
// CHECK:     OpExtInst %float %[[GLSL]] Sqrt
// CHECK:     OpExtInst %uint %[[GLSL]] FindILsb
// CHECK:     %{{[a-zA-Z0-9_]+}} = OpExtInst %void %[[DBG]] 1
// V13-NOT:   SPV_KHR_non_semantic_info
// V13:       OpExtInstImport "NonSemantic.DebugBreak"

[[vk::ext_instruction(/* FindILsb */ 73, "GLSL.std.450")]]
uint findLsb(uint v);

[[vk::ext_instruction(1, "NonSemantic.DebugBreak")]]
void debugBreak();

RWStructuredBuffer<float> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
  buf[0] = sqrt(buf[1]);          // OneShader's own lowering also uses GLSL.std.450
  buf[2] = findLsb(asuint(buf[3]));
  if (buf[4] < 0) debugBreak();
}
