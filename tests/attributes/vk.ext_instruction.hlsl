// ATTR: [[vk::ext_instruction]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:3
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint myBitReverse(uint v);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = myBitReverse(Out[1]);
}
