// ARGS: -E main -T ps_6_0
// SPIRV: OpDecorate %in_var_SV_InstanceID Location 0
// SPIRV: OpDecorate %in_var_SV_InstanceID Flat
// MSL: [[user(locn0), flat]]
// WGSL: @location(0) @interpolate(flat)
// NOTE: DXC (semantic.instance-id.ps.hlsl): a pixel shader's SV_InstanceID is a user input.
float4 main(int input : SV_InstanceID) : SV_Target {
  return input;
}
