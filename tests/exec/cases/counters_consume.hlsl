// 64 threads consume the 64 values 100..163 (the counter starts at 64): each Consume reads
// at counter - 1 after the decrement, so every value is read exactly once and the histogram
// of value - 100 is all ones; the counter ends at 0. In[64] = 9999 is what a Consume that
// read at the old counter would see (it lands outside the histogram).
ConsumeStructuredBuffer<uint> In : register(u0);   // counter: implicit, binding 2
RWStructuredBuffer<uint> Hist : register(u1);

[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint v = In.Consume();
  uint k = v - 100;
  if (k < 64) InterlockedAdd(Hist[k], 1);
  else InterlockedAdd(Hist[64], 1);
}
