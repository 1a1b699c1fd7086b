// ATTR: [[vk::index]]
// ARGS: -E main -T ps_6_0
// REMOVE: [[vk::location(0), vk::index(1)]]
// SPIRV: OpDecorate %out_var_SV_Target1 Index 1
// WGSL: enable dual_source_blending;
// WGSL: @location(0) @blend_src(1) var_SV_Target1: vec4<f32>,
// MSL: [[color(0), index(1)]];
// REFLECT-SPIRV: "index": 1,
// REFLECT-WGSL: "requiredFeatures": [
// REFLECT-WGSL: "dual-source-blending"
// NOTE: dual-source blending (DXC's semantic.target.dual-blend.hlsl): both values go to
// NOTE: colour attachment 0, the second as the blend equation's second source (SRC1).
// NOTE: Without the attribute the second value is an ordinary output at location 1.
struct PSOut {
  [[vk::location(0), vk::index(0)]] float4 color : SV_Target0;
  [[vk::location(0), vk::index(1)]] float4 blend : SV_Target1;
};
PSOut main(float4 c : COLOR) {
  PSOut o;
  o.color = c;
  o.blend = c.wzyx * 0.5;
  return o;
}
