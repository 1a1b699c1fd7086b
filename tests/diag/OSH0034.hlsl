// EXPECT: OSH0034 6:3
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1;
  a(2);
}
