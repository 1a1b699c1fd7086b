// EXPECT: OSH1002 2:1
#error stop here
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
