// EXPECT: OSH0001 5:12
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  uint a = missing;
}
