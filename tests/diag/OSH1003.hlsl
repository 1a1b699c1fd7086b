// EXPECT: OSH1003 2:1
#if 1
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
