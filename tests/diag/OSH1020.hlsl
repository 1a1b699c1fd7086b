// EXPECT: OSH1020 2:14
#define F(a) ## a
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
