// EXPECT: OSH2001 5:12
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1
}
