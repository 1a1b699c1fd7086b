// EXPECT: OSH1021 2:14
#define F(a) __VA_ARGS__
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
