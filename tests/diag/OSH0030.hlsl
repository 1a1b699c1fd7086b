// EXPECT: OSH0030 6:3
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  const float c = 1;
  c = 2;
}
