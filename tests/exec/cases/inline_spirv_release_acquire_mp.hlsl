// Inline SPIR-V executed (tests/exec): the seed's release store / acquire load pair
// (OpAtomicStore 228 / OpAtomicLoad 227 through [[vk::ext_instruction]] and
// [[vk::ext_reference]], explicit scope and semantics) as a flag between workgroups.
// Workgroup 0 writes Data then release-stores Flag; workgroups 1..7 spin (bounded) on an
// acquire load of Flag and, once they see it, read Data. Vulkan does not promise that the
// producer runs while a consumer spins, so a consumer may give up; what must never happen
// is "flag seen, data stale". Expectations by hand in inline_spirv_release_acquire_mp.json.
template <typename T>
[[vk::ext_instruction(/* OpAtomicStore */ 228)]]
void atomicStore([[vk::ext_reference]] T dest, uint scope, uint semantics, T value);

template <typename T>
[[vk::ext_instruction(/* OpAtomicLoad */ 227)]]
T atomicLoad([[vk::ext_reference]] T src, uint scope, uint semantics);

RWStructuredBuffer<uint> Data : register(u0);     // 64 words, written by workgroup 0
RWStructuredBuffer<uint> Flag : register(u1);     // Flag[0]: 0, then 1 (release)
RWStructuredBuffer<uint> Outcome : register(u2);  // per consumer: 1 saw flag, data right; 2 stale; 3 gave up
RWStructuredBuffer<uint> Check : register(u3);    // per consumer: 1 when the outcome is 1 or 3
RWStructuredBuffer<uint> Stale : register(u4);    // per consumer: stale words read after the flag

static const uint kDevice = 1;            // Scope Device
static const uint kReleaseUniform = 0x44; // Release | UniformMemory
static const uint kAcquireUniform = 0x42; // Acquire | UniformMemory
static const uint kSpins = 1u << 20;

[numthreads(1, 1, 1)]
void main(uint3 gid : SV_GroupID) {
  if (gid.x == 0) {
    for (uint i = 0; i < 64; ++i) Data[i] = 1000 + i * i;
    atomicStore(Flag[0], kDevice, kReleaseUniform, 1u);
    return;
  }
  uint seen = 0;
  for (uint n = 0; n < kSpins && seen == 0; ++n) seen = atomicLoad(Flag[0], kDevice, kAcquireUniform);
  uint stale = 0;
  if (seen != 0) {
    for (uint i = 0; i < 64; ++i) stale += Data[i] != 1000 + i * i ? 1u : 0u;
  }
  uint outcome = seen == 0 ? 3u : (stale == 0 ? 1u : 2u);
  Outcome[gid.x] = outcome;
  Check[gid.x] = outcome == 1 || outcome == 3 ? 1u : 0u;
  Stale[gid.x] = stale;
}
