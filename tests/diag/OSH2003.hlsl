// EXPECT: OSH2003 2:1
+
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {}
