// EXPECT: OSH0036 2:15
static_assert(1 == 2, "one is not two");
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
