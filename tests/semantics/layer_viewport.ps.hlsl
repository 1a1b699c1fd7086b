// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability Geometry
// SPIRV: OpCapability MultiViewport
// SPIRV: BuiltIn Layer
// SPIRV: BuiltIn ViewportIndex
// MSL: [[render_target_array_index]]
// MSL: [[viewport_array_index]]
// DIAG-WGSL: OSH5001 10:1
// NOTE: DXC (semantic.render-target-array-index.ps.hlsl, semantic.viewport-array-index.ps.hlsl).
float4 main(uint layer : SV_RenderTargetArrayIndex, uint viewport : SV_ViewportArrayIndex) : SV_Target {
  return float4(layer, viewport, 0, 1);
}
