// EXPECT: OSH1010 3:10
// includes itself until the depth limit
#include __FILE__
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
