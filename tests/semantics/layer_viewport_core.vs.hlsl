// ARGS: -E main -T vs_6_0 -fspv-target-env=vulkan1.2
// SPIRV: OpCapability ShaderLayer
// SPIRV: OpCapability ShaderViewportIndex
// SPIRV: BuiltIn Layer
// SPIRV: BuiltIn ViewportIndex
// MSL: [[render_target_array_index]]
// DIAG-WGSL: OSH5001 15:1
// NOTE: DXC (semantic.*-array-index-core.vs.hlsl): from SPIR-V 1.5 the core ShaderLayer and
// NOTE: ShaderViewportIndex capabilities, no extension.
struct Out {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
};
Out main(uint l : L) {
  Out o;
  o.pos = float4(0, 0, 0, 1);
  o.layer = l;
  o.viewport = l + 1;
  return o;
}
