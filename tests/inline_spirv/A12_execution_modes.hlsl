// A12: vk::ext_execution_mode with literal operands (capability and extension as statement
// attributes), the id form under vulkan1.3 (refused by the vulkan1.2 validator), the
// attribute form, and a non-constant operand (OSH3103 at the call).
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -D ID -fspv-target-env=vulkan1.3 -Fo %t13.spv -Fc %t13.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t13.spv
// RUN: FileCheck %s --check-prefix=ID < %t13.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D ID -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=ID12
// RUN: %oneshader %s -T ps_6_0 -E ps -Fo %tps.spv -Fc %tps.spvasm
// RUN: spirv-val --target-env vulkan1.2 %tps.spv
// RUN: FileCheck %s --check-prefix=PS < %tps.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D BAD -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK-DAG: OpCapability DenormPreserve
// CHECK-DAG: OpExtension "SPV_KHR_float_controls"
// CHECK:     OpExecutionMode %main DenormPreserve 32
// ID:        OpExecutionMode %main LocalSize 8 8 1
// ID:        OpExecutionModeId %main LocalSizeId %uint_8 %uint_8 %uint_1
// ID12:      fatal error OSH3001: generated SPIR-V is invalid: LocalSizeId mode is not allowed by the current environment.
// PS:        OpExecutionMode %ps EarlyFragmentTests
// BAD:       A12_execution_modes.hlsl:[[#@LINE+10]]:3: error OSH3103: argument should be constant integer

RWStructuredBuffer<float> buf : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
#if defined(ID)
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, 8u, 8u, 1u);
#elif defined(BAD)
  uint n = uint(buf[0]);
  vk::ext_execution_mode(/* DenormPreserve */ 4459, n);
#else
  [[vk::ext_capability(/* DenormPreserve */ 4464)]]
  [[vk::ext_extension("SPV_KHR_float_controls")]]
  vk::ext_execution_mode(/* DenormPreserve */ 4459, 32);
#endif
  buf[id.x] = buf[id.x] * 0.5f;
}

[[vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]
float4 ps() : SV_Target { return 1; }
