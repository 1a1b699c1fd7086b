// EXPECT: OSH0022 3:6
[shader("compute")]
void main() {}
