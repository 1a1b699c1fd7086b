// EXPECT: OSH3003 4:1
// ARGS: -T cs_6_0 -E main -Oconfig=--test-unknown-flag
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = 1.0; }
