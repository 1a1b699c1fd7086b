// EXPECT: OSH9005 -
// ARGS: -T cs_6_0 -E main -Wno-no-such-warning-group
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = 1.0; }
