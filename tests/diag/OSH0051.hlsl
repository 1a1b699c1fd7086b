// EXPECT: OSH0051 7:11
// DXC: "implicit conversion from 'literal int' to 'int' changes value from 4294967296 to 0"
// (literal ints are 64-bit; 2^32 needs 33 bits).
RWStructuredBuffer<int> Out : register(u0);
[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  int b = 4294967296;
  Out[0] = b;
}
