// EXPECT: OSH0014 7:9
struct S { float x; };
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  S s = (S)0;
  S t = -s;
}
