// -Oconfig passes that strip debug information, on a module with -fspv-debug=vulkan's:
// --strip-debug removes all debug information and --strip-nonsemantic (old name
// --strip-reflect) every non-semantic instruction, so nothing of NonSemantic.Shader.DebugInfo.100
// may remain, and what remains is the module made without the option by the same passes
// (the debug information never changes the code). SPIRV-Tools 2023.1 crashed here.
//
// RUN: %oneshader %s -T ps_6_0 -E main -Oconfig=--strip-debug -Fo %t.plain.spv
// RUN: %oneshader %s -T ps_6_0 -E main -fspv-debug=vulkan-with-source -Oconfig=--strip-debug -Fo %t.sd.spv -Fc %t.sd.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.sd.spv
// RUN: FileCheck %s < %t.sd.spvasm
// RUN: cmp %t.plain.spv %t.sd.spv
//
// RUN: %oneshader %s -T ps_6_0 -E main -Oconfig=--eliminate-dead-code-aggressive,--strip-nonsemantic -Fo %t.plain2.spv
// RUN: %oneshader %s -T ps_6_0 -E main -fspv-debug=vulkan -Oconfig=--eliminate-dead-code-aggressive,--strip-nonsemantic -Fo %t.sn.spv -Fc %t.sn.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.sn.spv
// RUN: FileCheck %s < %t.sn.spvasm
// RUN: cmp %t.plain2.spv %t.sn.spv
//
// RUN: %oneshader %s -T ps_6_0 -E main -fspv-debug=vulkan -Oconfig=--strip-reflect,--eliminate-dead-code-aggressive -Fo %t.sr.spv -Fc %t.sr.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.sr.spv
// RUN: FileCheck %s < %t.sr.spvasm
//
// A pass that keeps debug information keeps it.
// RUN: %oneshader %s -T ps_6_0 -E main -fspv-debug=vulkan -Oconfig=--eliminate-dead-code-aggressive -Fc %t.keep.spvasm
// RUN: FileCheck %s --check-prefix=KEEP < %t.keep.spvasm
//
// CHECK-NOT: NonSemantic.Shader.DebugInfo.100
// CHECK-NOT: DebugScope
// CHECK:     OpEntryPoint Fragment
// CHECK-NOT: DebugScope
// CHECK-NOT: DebugLine
// CHECK:     OpFunctionEnd
// KEEP:      OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// KEEP:      DebugCompilationUnit
// KEEP:      DebugScope

Texture2D<float4> Tex : register(t0);
SamplerState Smp : register(s0);

float4 shade(float2 uv, float k) {
  float4 c = Tex.Sample(Smp, uv);
  if (k > 0.5) {
    float s = k * 2.0;
    c *= s;
  }
  return c;
}

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  return shade(uv, uv.x);
}
