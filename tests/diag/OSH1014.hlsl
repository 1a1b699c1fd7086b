// EXPECT: OSH1014 2:7
#line abc
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
