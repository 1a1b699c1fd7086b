// Every even thread of 4 groups of 64 appends 5 at once: 128 appends, so slots 0..127
// each get exactly one 5 (a shared slot would leave a hole) and 128..159 stay untouched.
// The counter has no vk::counter_binding: it takes the lowest free binding of set 0 (1).
AppendStructuredBuffer<uint> Appended : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  if ((tid.x & 1) == 0) Appended.Append(5);
}
