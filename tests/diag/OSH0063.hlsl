// EXPECT: OSH0063 7:22
// ARGS: -E main -T ps_6_0
// DXC (semantic.target.dual-blend.error1.hlsl): "dual-source blending only accepts 0 or 1
// as vk::index" (and "dual-source blending should use vk::location 0" at 6:5).
struct PSOut {
  [[vk::location(1), vk::index(0)]] float4 a : SV_Target0;
  [[vk::location(0), vk::index(5)]] float4 b : SV_Target1;
};
PSOut main() {
  PSOut o = (PSOut)0;
  return o;
}
