// EXPECT: OSH3116 5:6
// ARGS: -E main -T cs_6_0
// A body on an [[vk::ext_instruction]] function is never used (DXC emits the instruction).
[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint reverse(uint v) { return v; }
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = reverse(buf[1]); }
