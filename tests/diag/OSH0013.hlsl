// EXPECT: OSH0013 7:15
struct S { float x; };
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  S s = (S)0;
  float f = s + 1;
}
