// Append, one thread at a time (a barrier between turns), so the slots are known: the
// even threads 0, 2, ..., 62 append 3 * t + 7 in that order, so Appended[i] = 6 * i + 7
// and the counter ends at 32. Slot = the counter's value before the increment.
[[vk::binding(0), vk::counter_binding(1)]] AppendStructuredBuffer<uint> Appended;

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint t = tid.x;
  for (uint k = 0; k < 64; ++k) {
    if (t == k && (t & 1) == 0) Appended.Append(3 * t + 7);
    AllMemoryBarrierWithGroupSync();
  }
}
