// EXPECT: OSH0031 7:14
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float4 v = 0;
  Out[0] = v[5];
}
