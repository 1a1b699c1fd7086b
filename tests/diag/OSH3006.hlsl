// EXPECT: OSH3006 4:1
// ARGS: -T cs_6_0 -E main -fspv-max-id 5
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = 1.0; }
