// EXPECT: OSH0011 6:15
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float4 v = 0;
  float f = v.xq;
}
