// Inline SPIR-V executed (tests/exec): three instructions spelled by hand next to the
// built-in intrinsic that lowers to the same instruction, on the same inputs:
//   OpBitReverse (204)                       vs reversebits
//   OpExtInst GLSL.std.450 FindUMsb (75)     vs firstbithigh (uint)
//   OpGroupNonUniformIAdd (349), Reduce      vs WaveActiveSum
// Each result is written (hand-spelled and built-in side by side). The bit results are
// checked against values computed by hand; the subgroup sum against the wave reference
// model (it depends on the subgroup size). Expectations in inline_spirv_by_hand_vs_builtin.json.
[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint myBitReverse(uint v);

[[vk::ext_instruction(/* FindUMsb */ 75, "GLSL.std.450")]]
uint myFindUMsb(uint v);

[[vk::ext_capability(/* GroupNonUniformArithmetic */ 63)]]
[[vk::ext_instruction(/* OpGroupNonUniformIAdd */ 349)]]
uint mySubgroupIAdd(uint scope, [[vk::ext_literal]] uint groupOperation, uint value);

RWStructuredBuffer<uint> Bits : register(u0);   // 8 inputs
RWStructuredBuffer<uint> Rev : register(u1);    // [2k] by hand, [2k+1] reversebits
RWStructuredBuffer<uint> Msb : register(u2);    // [2k] by hand, [2k+1] firstbithigh
StructuredBuffer<uint> In : register(t3);       // the wave input
RWStructuredBuffer<uint> Out : register(u4);    // mySubgroupIAdd(Subgroup, Reduce, In[tid])
RWStructuredBuffer<uint4> Facts : register(u5); // the wave facts for the reference model
RWStructuredBuffer<uint> Same : register(u6);   // 1 where the hand-spelled sum equals WaveActiveSum

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  uint tid = dtid.x;
  Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
  uint v = In[tid];
  uint hand = mySubgroupIAdd(/* Subgroup */ 3, /* Reduce */ 0, v);
  Out[tid] = hand;
  Same[tid] = hand == WaveActiveSum(v) ? 1u : 0u;
  if (tid < 8) {
    uint b = Bits[tid];
    Rev[2 * tid] = myBitReverse(b);
    Rev[2 * tid + 1] = reversebits(b);
    Msb[2 * tid] = myFindUMsb(b);
    Msb[2 * tid + 1] = firstbithigh(b);
  }
}
