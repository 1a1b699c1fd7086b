// ARGS: -E main -T vs_6_8
// SPIRV: BuiltIn BaseVertex
// SPIRV: BuiltIn BaseInstance
// MSL: [[base_vertex]]
// MSL: [[base_instance]]
// DIAG-WGSL: OSH5001 9:1
// NOTE: DXC (semantic.start-vertex-location.hlsl, semantic.start-instance-location.hlsl):
// NOTE: SM 6.8's SV_StartVertexLocation / SV_StartInstanceLocation are BaseVertex / BaseInstance.
float4 main(int v : SV_StartVertexLocation, uint i : SV_StartInstanceLocation) : SV_Position {
  return float4(v, i, 0, 1);
}
