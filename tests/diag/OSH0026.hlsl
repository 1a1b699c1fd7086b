// EXPECT: OSH0026 3:23
uint down(uint n) {
  return n == 0 ? 0 : down(n - 1);
}
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = down(3);
}
