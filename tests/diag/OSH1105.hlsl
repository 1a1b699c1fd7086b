// EXPECT: OSH1105 5:11
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 'x;
}
