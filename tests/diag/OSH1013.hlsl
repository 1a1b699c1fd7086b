// EXPECT: OSH1013 2:9
#define 1X 2
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
