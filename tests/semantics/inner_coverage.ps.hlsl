// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability FragmentFullyCoveredEXT
// SPIRV: OpExtension "SPV_EXT_fragment_fully_covered"
// SPIRV: BuiltIn FullyCoveredEXT
// SPIRV: OpVariable %_ptr_Input_bool Input
// SPIRV: OpSelect %uint
// DIAG-MSL: OSH4001 10:1
// DIAG-WGSL: OSH5001 10:1
// NOTE: DXC (semantic.inner-coverage.ps.hlsl): a bool FullyCoveredEXT input selected into the uint.
float4 main(uint inCov : SV_InnerCoverage) : SV_Target {
  return inCov;
}
