// EXPECT: OSH1019 2:11
#define F(1) 1
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
