// EXPECT: OSH0024 3:13
[shader("compute")]
[numthreads(0, 1, 1)]
void main() {}
