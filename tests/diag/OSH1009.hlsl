// EXPECT: OSH1009 2:8
#if 1 +
#endif
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
