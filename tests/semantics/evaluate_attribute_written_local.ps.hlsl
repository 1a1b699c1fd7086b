// ARGS: -E main -T ps_6_0
// DIAG-SPIRV: OSH0007 9:36
// DIAG-MSL: OSH0007 9:10
// DIAG-WGSL: OSH5001 9:10
// NOTE: A local copy of an input is followed only when nothing writes it afterwards: here
// NOTE: c holds color + 1, which is no input (InterpolateAt* needs the Input variable).
float4 main(float4 color : COLOR) : SV_Target {
  float4 c = color; c += 1;
  return EvaluateAttributeCentroid(c);
}
