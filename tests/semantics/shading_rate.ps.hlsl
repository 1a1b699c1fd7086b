// ARGS: -E main -T ps_6_4
// SPIRV: OpCapability FragmentShadingRateKHR
// SPIRV: OpExtension "SPV_KHR_fragment_shading_rate"
// SPIRV: BuiltIn ShadingRateKHR
// DIAG-MSL: OSH4001 8:1
// DIAG-WGSL: OSH5001 8:1
// NOTE: DXC (vk.shading-rate.ps.hlsl). Metal and WGSL have no shading rate value.
float4 main(uint rate : SV_ShadingRate) : SV_Target {
  return float4(rate, 0, 0, 0);
}
