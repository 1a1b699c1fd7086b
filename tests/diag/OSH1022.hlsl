// EXPECT: OSH1022 2:10
#include missing
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
