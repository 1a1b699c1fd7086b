// EXPECT: OSH0017 6:7
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float4 v = 0;
  if (v) {
  }
}
