// EXPECT: OSH0025 4:2
[shader("compute")]
[numthreads(1, 1, 1)]
[notanattribute]
void main() {}
