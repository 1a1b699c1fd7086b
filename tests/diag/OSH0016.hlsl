// EXPECT: OSH0016 6:13
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  uint n = 4;
  float arr[n];
}
