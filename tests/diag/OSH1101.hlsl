// EXPECT: OSH1101 5:13
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1 $ 2;
}
