// EXPECT: OSH0019 5:10
struct S { float x; };
S make() {
  float x = 1;
  return x;
}
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  S s = make();
}
