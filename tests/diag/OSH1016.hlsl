// EXPECT: OSH1016 4:1
#if 0
#else
#else
#endif
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
