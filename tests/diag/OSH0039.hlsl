// EXPECT: OSH0039 6:3
struct Fwd;
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Fwd f;
}
