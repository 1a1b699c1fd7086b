// EXPECT: OSH0081 5:12
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = firstbithigh(uint64_t(Out[1]));
}
