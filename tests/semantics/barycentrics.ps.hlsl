// ARGS: -E main -T ps_6_1
// SPIRV: OpCapability FragmentBarycentricKHR
// SPIRV: OpExtension "SPV_KHR_fragment_shader_barycentric"
// SPIRV: BuiltIn BaryCoordKHR
// SPIRV: OpVariable %_ptr_Input_v3float Input
// MSL: [[barycentric_coord]]
// DIAG-WGSL: OSH5001 10:1
// NOTE: DXC (semantic.barycentrics.ps.s.hlsl): BaryCoordKHR; the value is
// NOTE: (x, y, 1 - (x + y)) of the built-in's x and y, as DXC writes it.
float4 main(float3 bary : SV_Barycentrics) : SV_Target {
  return float4(bary, 1.0);
}
