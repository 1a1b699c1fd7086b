// EXPECT: OSH0019 4:10
struct S { float x; };
S make() {
  return 1;
}
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  S s = make();
}
