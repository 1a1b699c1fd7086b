// EXPECT: OSH1007 7:12
#define ADD(a, b) ((a) + (b))
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = ADD(1);
}
