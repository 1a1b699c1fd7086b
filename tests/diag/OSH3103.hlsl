// EXPECT: OSH3103 7:3
// ARGS: -E main -T cs_6_0
// Every operand of vk::ext_execution_mode is a literal: a value known only at run time is refused.
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() {
  uint n = buf[0];
  vk::ext_execution_mode(/* DenormPreserve */ 4459, n);
}
