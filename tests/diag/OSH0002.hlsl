// EXPECT: OSH0002 2:9
float f(Foo x) { return 0; }
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
