// EXPECT: OSH0027 5:3
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int16_t s = 1;
}
