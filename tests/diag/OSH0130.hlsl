// EXPECT: OSH0130 5:9
// ARGS: -E main -T cs_6_0 -HV 2021
struct S {
  uint a : 4;
  float f : 3;
};
RWStructuredBuffer<S> Out;
[numthreads(1, 1, 1)]
void main() { Out[0].a = 1; }
