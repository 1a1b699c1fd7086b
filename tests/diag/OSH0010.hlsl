// EXPECT: OSH0010 7:3
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1;
  int b = 2;
  (a + b) = 3;
}
