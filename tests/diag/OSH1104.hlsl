// EXPECT: OSH1104 5:11
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 0x;
}
