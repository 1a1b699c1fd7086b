// ARGS: -E main -T vs_6_0 -fspv-target-env=vulkan1.1
// SPIRV: OpCapability ShaderViewportIndexLayerEXT
// SPIRV: OpExtension "SPV_EXT_shader_viewport_index_layer"
// SPIRV: BuiltIn Layer
// SPIRV: BuiltIn ViewportIndex
// SPIRV: OpDecorate %in_var_SV_RenderTargetArrayIndex Location 0
// SPIRV: OpDecorate %in_var_SV_ViewportArrayIndex Location 1
// MSL: [[render_target_array_index]]
// MSL: [[viewport_array_index]]
// DIAG-WGSL: OSH5001 19:1
// NOTE: DXC (semantic.render-target-array-index.vs.hlsl, semantic.viewport-array-index.vs.hlsl):
// NOTE: as vertex inputs these are user values at a Location; as outputs Layer / ViewportIndex
// NOTE: with SPV_EXT_shader_viewport_index_layer before SPIR-V 1.5. WGSL has neither.
struct Out {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
};
Out main(uint l : SV_RenderTargetArrayIndex, uint v : SV_ViewportArrayIndex) {
  Out o;
  o.pos = float4(0, 0, 0, 1);
  o.layer = l;
  o.viewport = v;
  return o;
}
