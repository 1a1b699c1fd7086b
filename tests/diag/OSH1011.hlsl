// EXPECT: OSH1011 7:12
#define PASTE(a, b) a ## b
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = PASTE(+, -) 1;
}
