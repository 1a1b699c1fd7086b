// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability InterpolationFunction
// SPIRV: OpConvertSToF %v2float
// SPIRV: InterpolateAtOffset %in_var_COLOR
// DIAG-MSL: OSH0007 11:10
// DIAG-WGSL: OSH5001 11:10
// NOTE: DXC (intrinsics.evaluate-attribute-snapped.hlsl) converts the int2 offset with
// NOTE: OpConvertSToF to the float2 InterpolateAtOffset takes, as it is.
[[vk::ext_builtin_input(/* PointCoord */ 16)]] static const float2 gl_PointCoord;
float4 main(float4 color : COLOR, int2 offset : OFFSET) : SV_Target {
  return EvaluateAttributeSnapped(color, offset) + float4(EvaluateAttributeCentroid(gl_PointCoord), 0, 0);
}
