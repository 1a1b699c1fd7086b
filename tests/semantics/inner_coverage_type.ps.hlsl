// ARGS: -E main -T ps_6_0
// DIAG: OSH0035 5:27
// NOTE: DXC (semantic.inner-coverage.type-error.hlsl): "SV_InnerCoverage must be of uint type."
// NOTE: (the column is the semantic's, as for every OSH0035)
float4 main(float inCov : SV_InnerCoverage) : SV_Target {
  return inCov;
}
