// EXPECT: OSH0006 7:3
void f(int a, float b) {}
void f(float a, int b) {}
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  f(1, 1);
}
