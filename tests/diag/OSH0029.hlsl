// EXPECT: OSH0029 6:7
void set(out float x) { x = 1; }
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  set(2.0f);
}
