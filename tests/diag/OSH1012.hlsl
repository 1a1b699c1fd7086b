// EXPECT: OSH1012 2:16
#define STR(a) # b
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
