// ATTR: [[vk::ext_instruction]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_instruction(/* OpBitReverse */ 204)]]
// SPIRV: = OpBitReverse %uint
// DIAG-MSL: OSH4101 11:12
// DIAG-WGSL: OSH5101 11:12
// NOTE: every call is one OpBitReverse; without the attribute the bodiless declaration is OSH0007.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_instruction(/* OpBitReverse */ 204)]] uint myBitReverse(uint v);
[numthreads(1, 1, 1)] void main() {
  Out[0] = myBitReverse(Out[1]);
}
