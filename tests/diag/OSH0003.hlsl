// EXPECT: OSH0003 6:7
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1;
  int a = 2;
}
