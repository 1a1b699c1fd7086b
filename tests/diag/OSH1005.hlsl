// EXPECT: OSH1005 2:2
#frobnicate
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
