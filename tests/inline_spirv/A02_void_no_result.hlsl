// A2: a core opcode returning void has neither a result type nor a result id: the
// instruction is 4 words (opcode/word count and three ids).
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: spirv-dis --raw-id %t.spv | FileCheck %s --check-prefix=RAW
// CHECK: {{^ *}}OpControlBarrier %uint_2 %uint_2 %uint_264
// RAW: {{^ *}}OpControlBarrier %{{[0-9]+}} %{{[0-9]+}} %{{[0-9]+}}{{$}}

[[vk::ext_instruction(/* OpControlBarrier */ 224)]]
void controlBarrier(uint execScope, uint memScope, uint semantics);

groupshared uint tile[64];
RWStructuredBuffer<uint> buf : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
  tile[i] = i;
  controlBarrier(2, 2, 0x108);  // Workgroup, Workgroup, AcquireRelease|WorkgroupMemory
  buf[i] = tile[63 - i];
}
