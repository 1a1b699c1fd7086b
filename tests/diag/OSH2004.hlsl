// EXPECT: OSH2004 2:10
float4 f(5 x) { return 0; }
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
