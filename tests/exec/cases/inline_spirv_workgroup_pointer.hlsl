// Inline SPIR-V executed (tests/exec): a vk::WorkgroupSpirvPointer read through an inlined
// helper, and a Private-class local re-initialised on every loop trip. Expectations by hand
// in inline_spirv_workgroup_pointer.json.
#include <vk/spirv.h>

RWStructuredBuffer<uint> Out : register(u0);
groupshared uint shared_data[64];

[[vk::ext_instruction(/* OpLoad */ 61)]] uint Load(vk::WorkgroupSpirvPointer<uint> p);

uint readThrough(vk::WorkgroupSpirvPointer<uint> param) { return Load(param); }

[numthreads(64, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  shared_data[tid] = tid * 3 + 1;
  GroupMemoryBarrierWithGroupSync();
  vk::WorkgroupSpirvPointer<uint> p = vk::GetGroupSharedAddress(shared_data[63 - tid]);
  uint sum = 0;
  for (uint i = 0; i < 3; ++i) {
    [[vk::ext_storage_class(/* Private */ 6)]] uint acc = 10;
    acc += i;
    sum += acc;
  }
  Out[tid] = readThrough(p);
  Out[64 + tid] = sum;
}
