// ARGS: -E main -T ps_6_0
// Dual-source blending (DXC's semantic.target.dual-blend.hlsl; SPIR-V.rst "Vulkan specific
// attributes", vk::index): two outputs at Location 0, Index 0 and Index 1. The WGSL is
// `@location(0) @blend_src(0|1)` in the result struct with `enable dual_source_blending;`,
// the MSL `[[color(0), index(0|1)]]`.
struct PSOut {
  [[vk::location(0), vk::index(0)]] float4 color : SV_Target0;
  [[vk::location(0), vk::index(1)]] float4 blend : SV_Target1;
};

PSOut main(float4 c : COLOR, float2 uv : TEXCOORD0) {
  PSOut o;
  o.color = c;
  o.blend = float4(uv, 1.0 - uv.x, 0.25);
  return o;
}
