// A7: capabilities and extensions are declared only for what is emitted: neverCalled is
// not, so nothing of the clock instruction reaches the module.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --implicit-check-not=ShaderClockKHR --implicit-check-not=SPV_KHR_shader_clock --implicit-check-not=OpReadClockKHR "--implicit-check-not=OpCapability Int64" < %t.spvasm
// CHECK-DAG: OpCapability SubgroupBallotKHR
// CHECK-DAG: OpExtension "SPV_KHR_shader_ballot"
// CHECK:     OpSubgroupBallotKHR %v4uint

[[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint64_t readClock64(uint scope);

[[vk::ext_capability(/* SubgroupBallotKHR */ 4423)]]
[[vk::ext_extension("SPV_KHR_shader_ballot")]]
[[vk::ext_instruction(/* OpSubgroupBallotKHR */ 4421)]]
uint4 ballotKHR(bool predicate);

uint64_t neverCalled() { return readClock64(3); }

RWStructuredBuffer<uint4> buf : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) { buf[i] = ballotKHR(i % 2 == 0); }
