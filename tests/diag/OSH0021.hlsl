// EXPECT: OSH0021 -
// ARGS: -E nothere -T cs_6_0
void main() {}
