// EXPECT: OSH1103 5:1
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
/* never closed
