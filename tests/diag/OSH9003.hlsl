// EXPECT: OSH9003 -
// ARGS: --target=spirv,msl
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
