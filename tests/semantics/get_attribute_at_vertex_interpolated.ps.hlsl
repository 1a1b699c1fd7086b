// ARGS: -E main -T ps_6_1
// DIAG-SPIRV: OSH0007 9:31
// DIAG-MSL: OSH4001 9:10
// DIAG-WGSL: OSH5001 9:10
// NOTE: DXC (intrinsics.get-attribute-at-vertex.s.funcParam.neg.hlsl) refuses an input that
// NOTE: is not nointerpolation: it has no per-vertex values.
float compute(nointerpolation float4 a) { return a.x; }
float4 main(float4 b : COLOR2) : SV_Target {
  return GetAttributeAtVertex(b, 2) + compute(b);
}
