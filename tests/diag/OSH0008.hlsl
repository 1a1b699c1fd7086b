// EXPECT: OSH0008 7:14
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float4 v = float4(1, 2, 3, 4);
  float3 w = v;
  Out[0] = w.x;
}
