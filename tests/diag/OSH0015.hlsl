// EXPECT: OSH0015 5:13
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float f = abs(1.0f, 2.0f);
}
