// EXPECT: OSH0032 6:13
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1 / 0;
  Out[0] = a;
}
