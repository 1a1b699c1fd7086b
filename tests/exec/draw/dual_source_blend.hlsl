// [[vk::index]]: dual-source blending. The blend state (vkdraw --blend src1) is
//   colour = src0 * src1 + dst * (1 - src1),  alpha = src0.a * src1.a + dst.a * (1 - src1.a)
// over a target cleared to 1. With src0 = color = (1, 0.5, 0.25, 1) and src1 = blend =
// (0.5, 0.5, 0.75, 0.25) every pixel is (0.5 + 0.5, 0.25 + 0.5, 0.1875 + 0.25, 0.25 + 0.75)
// = (1, 0.75, 0.4375, 1). Swapped sources would give (0.5, 0.75, 0.9375, 0.25).
// VKDRAW: --size 4 4 --blend src1 --clear 1 1 1 1 --draw 3 1 0 0
// VKDRAW: --expect-count 1 0.75 0.4375 1 16
float4 vsmain(uint id : SV_VertexID) : SV_Position {
  // One triangle over the whole target: (-1,-1), (3,-1), (-1,3).
  float2 p = float2((id << 1) & 2, id & 2);
  return float4(p * 2 - 1, 0, 1);
}

struct PSOut {
  [[vk::location(0), vk::index(0)]] float4 color : SV_Target0;
  [[vk::location(0), vk::index(1)]] float4 blend : SV_Target1;
};

PSOut psmain() {
  PSOut o;
  o.color = float4(1, 0.5, 0.25, 1);
  o.blend = float4(0.5, 0.5, 0.75, 0.25);
  return o;
}
