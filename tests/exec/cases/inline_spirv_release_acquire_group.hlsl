// Inline SPIR-V executed (tests/exec): the seed's release store / acquire load pair
// (OpAtomicStore 228 / OpAtomicLoad 227 through [[vk::ext_instruction]] and
// [[vk::ext_reference]]), deterministic form. In each of 4 workgroups invocation 0 writes
// its workgroup's Data words and release-stores the workgroup's flag; an execution-only
// barrier (OpControlBarrier Workgroup, Workgroup, semantics None: it orders execution, not
// memory) makes every invocation start its bounded acquire spin after the store was
// performed, so each one sees the flag, and the release/acquire pair alone must make the
// data visible. Expectations by hand in inline_spirv_release_acquire_group.json.
template <typename T>
[[vk::ext_instruction(/* OpAtomicStore */ 228)]]
void atomicStore([[vk::ext_reference]] T dest, uint scope, uint semantics, T value);

template <typename T>
[[vk::ext_instruction(/* OpAtomicLoad */ 227)]]
T atomicLoad([[vk::ext_reference]] T src, uint scope, uint semantics);

[[vk::ext_instruction(/* OpControlBarrier */ 224)]]
void controlBarrier(uint executionScope, uint memoryScope, uint semantics);

RWStructuredBuffer<uint> Data : register(u0);  // 4 x 16 words
RWStructuredBuffer<uint> Flag : register(u1);  // one flag per workgroup
RWStructuredBuffer<uint> Out : register(u2);   // per invocation: the sum of its group's Data (0xdead: flag not seen)

static const uint kDevice = 1, kWorkgroup = 2;
static const uint kReleaseUniform = 0x44;  // Release | UniformMemory
static const uint kAcquireUniform = 0x42;  // Acquire | UniformMemory

[numthreads(32, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
  if (gi == 0) {
    for (uint i = 0; i < 16; ++i) Data[gid.x * 16 + i] = gid.x * 100 + i;
    atomicStore(Flag[gid.x], kDevice, kReleaseUniform, gid.x + 1);
  }
  controlBarrier(kWorkgroup, kWorkgroup, 0);
  uint seen = 0;
  for (uint n = 0; n < (1u << 20) && seen == 0; ++n) seen = atomicLoad(Flag[gid.x], kDevice, kAcquireUniform);
  uint sum = 0;
  for (uint i = 0; i < 16; ++i) sum += Data[gid.x * 16 + i];
  Out[dtid.x] = seen == gid.x + 1 ? sum : 0xdead;
}
