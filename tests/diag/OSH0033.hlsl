// EXPECT: OSH0033 6:18
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  uint v = 0;
  InterlockedAdd(v, 1);
}
