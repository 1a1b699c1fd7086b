// EXPECT: OSH1008 6:13
#define ID(a) a
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float f = ID(1;
}
