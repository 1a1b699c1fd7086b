// EXPECT: OSH1023 2:9
#define defined 1
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
