// EXPECT: OSH0009 7:13
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  double d = 1.5;
  float f = d;
  Out[0] = f;
}
