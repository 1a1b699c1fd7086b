// EXPECT: OSH1015 2:10
#ifdef X extra
#endif
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
