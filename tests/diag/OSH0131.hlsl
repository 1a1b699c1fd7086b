// EXPECT: OSH0131 5:12
// ARGS: -E main -T cs_6_0 -HV 2021
struct S {
  uint a : 4;
  uint b : 33;
};
RWStructuredBuffer<S> Out;
[numthreads(1, 1, 1)]
void main() { Out[0].a = 1; }
