// EXPECT: OSH0038 4:17
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id) {}
