// ARGS: -E main -T ps_6_0
// DIAG-SPIRV: OSH0007 7:36
// DIAG-MSL: OSH0007 7:10
// DIAG-WGSL: OSH5001 7:10
// NOTE: InterpolateAt* takes a pointer to an Input variable: a computed value has none.
float4 main(float4 color : COLOR) : SV_Target {
  return EvaluateAttributeAtSample(color * 2, 0);
}
