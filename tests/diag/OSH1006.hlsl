// EXPECT: OSH1006 3:9
#define X 1
#define X 2
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
