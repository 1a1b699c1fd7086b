// ARGS: -E main -T ps_6_1
// SPIRV: BuiltIn BaryCoordNoPerspKHR
// SPIRV: Centroid
// DIAG-MSL: OSH4001 8:1
// DIAG-WGSL: OSH5001 8:1
// NOTE: DXC (semantic.barycentrics.ps.np-c.hlsl): noperspective -> BaryCoordNoPerspKHR,
// NOTE: centroid -> the Centroid decoration on it.
float4 main(noperspective centroid float3 bary : SV_Barycentrics) : SV_Target {
  return float4(bary, 1.0);
}
