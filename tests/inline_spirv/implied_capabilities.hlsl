// Capabilities and extensions implied by the operand enumerants that inline SPIR-V spells
// (the SPIR-V grammar, spirv.core.grammar.json): BuiltIn SampleId needs SampleRateShading,
// BuiltIn FragStencilRefEXT needs StencilExportEXT (and SPV_EXT_shader_stencil_export), the
// execution mode PostDepthCoverage needs SampleMaskPostDepthCoverage (and
// SPV_KHR_post_depth_coverage). DXC adds these (its tests spv.inline.builtin.input.flat,
// spv.inline.builtin.output, spv.inline.executionmode compile). An instruction's own
// capability is not inferred: OpReadClockKHR without ShaderClockKHR stays OSH3001 (A08).
// RUN: %oneshader %s -T ps_6_0 -E main -D SAMPLE -Fo %t1.spv -Fc %t1.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t1.spv
// RUN: FileCheck %s --check-prefix=SAMPLE < %t1.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main -D STENCIL -Fo %t2.spv -Fc %t2.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t2.spv
// RUN: FileCheck %s --check-prefix=STENCIL < %t2.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main -D MODE -Fo %t3.spv -Fc %t3.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t3.spv
// RUN: FileCheck %s --check-prefix=MODE < %t3.spvasm
// RUN: not %oneshader %s -T ps_6_0 -E main -D CLOCK -Fo %t4.spv 2>&1 | FileCheck %s --check-prefix=CLOCK
// SAMPLE-DAG: OpCapability SampleRateShading
// SAMPLE-DAG: OpDecorate %gl_SampleID BuiltIn SampleId
// SAMPLE-DAG: OpDecorate %gl_SampleID Flat
// STENCIL-DAG: OpCapability StencilExportEXT
// STENCIL-DAG: OpExtension "SPV_EXT_shader_stencil_export"
// STENCIL-DAG: OpDecorate %{{[0-9]+}} BuiltIn FragStencilRefEXT
// MODE-DAG: OpCapability SampleMaskPostDepthCoverage
// MODE-DAG: OpExtension "SPV_KHR_post_depth_coverage"
// MODE-DAG: OpExecutionMode %main PostDepthCoverage
// MODE-DAG: OpExecutionMode %main EarlyFragmentTests
// CLOCK: fatal error OSH3001: generated SPIR-V is invalid: Opcode ReadClockKHR requires one of these capabilities: ShaderClockKHR

#ifdef SAMPLE
[[vk::ext_builtin_input(/* SampleId */ 18)]]
static const int gl_SampleID;
float4 main() : SV_Target { return float4(gl_SampleID, 0, 0, 1); }
#endif

#ifdef STENCIL
[[vk::ext_builtin_output(/* FragStencilRefEXT */ 5014)]]
static int gl_FragStencilRefARB;
float4 main() : SV_Target {
  gl_FragStencilRefARB = 10;
  return 1;
}
#endif

#ifdef MODE
[[vk::spvexecutionmode(/* PostDepthCoverage */ 4446), vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]
float4 main() : SV_Target { return 1; }
#endif

#ifdef CLOCK
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint2 readClock(uint scope);
float4 main() : SV_Target { return float4(readClock(/* Subgroup */ 3), 0, 1); }
#endif
