// EXPECT: OSH9003 -
// ARGS: -T zz_6_0
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
