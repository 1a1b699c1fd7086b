// EXPECT: OSH9006 -
// ARGS: -T cs_6_0 -E main -ferror-limit 2
// Three undeclared identifiers (OSH0001 each) against a limit of two.
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = a + b + c; }
