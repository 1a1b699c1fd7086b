// 256 threads (4 groups of 64) take slots with IncrementCounter (returns the value before:
// 0..255) and DecrementCounter (returns the value after: from 256 down, 255..0). Both
// sets of slots must be permutations of 0..255: each histogram is 256 ones and slot 256
// (what an off-by-one would produce) stays 0. Counters: implicit, the lowest free bindings
// after the four registers: counter.var.Up = 4, counter.var.Down = 5. Up and Down get a
// 1 in every slot taken (all of them), so every buffer is independent of the order.
RWStructuredBuffer<uint> Up : register(u0);
RWStructuredBuffer<uint> Down : register(u1);
RWStructuredBuffer<uint> HistUp : register(u2);
RWStructuredBuffer<uint> HistDown : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint a = Up.IncrementCounter();
  Up[min(a, 255u)] = 1;
  InterlockedAdd(HistUp[min(a, 256u)], 1);
  uint b = Down.DecrementCounter();
  Down[min(b, 255u)] = 1;
  InterlockedAdd(HistDown[min(b, 256u)], 1);
}
