// EXPECT: OSH0005 7:3
struct S { float x; };
void take(S s) {}
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  take(1.0f, 2.0f);
}
