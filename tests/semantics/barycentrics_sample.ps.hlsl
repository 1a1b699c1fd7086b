// ARGS: -E main -T ps_6_1
// SPIRV: BuiltIn BaryCoordKHR
// SPIRV: OpDecorate %gl_barycentric Sample
// DIAG-MSL: OSH4001 7:1
// DIAG-WGSL: OSH5001 7:1
// NOTE: DXC (semantic.barycentrics.ps.s-s.hlsl): sample -> the Sample decoration.
float4 main(sample float3 bary : SV_Barycentrics) : SV_Target {
  return float4(bary, 1.0);
}
