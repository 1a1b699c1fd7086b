// ARGS: -E main -T vs_6_4
// SPIRV: OpCapability FragmentShadingRateKHR
// SPIRV: BuiltIn PrimitiveShadingRateKHR
// SPIRV: OpVariable %_ptr_Output_uint Output
// DIAG-MSL: OSH4001 8:1
// DIAG-WGSL: OSH5001 8:1
// NOTE: DXC (vk.shading-rate.vs.hlsl): a vertex output is PrimitiveShadingRateKHR.
void main(out uint rate : SV_ShadingRate, out float4 pos : SV_Position) {
  rate = 0;
  pos = float4(0, 0, 0, 1);
}
