// EXPECT: OSH1017 2:1
#warning careful
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
