// EXPECT: OSH1001 2:10
#include "does_not_exist.hlsli"
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
