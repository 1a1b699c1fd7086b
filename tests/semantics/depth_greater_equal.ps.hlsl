// ARGS: -E main -T ps_6_0
// SPIRV: OpExecutionMode %main DepthReplacing
// SPIRV: OpExecutionMode %main DepthGreater
// SPIRV: BuiltIn FragDepth
// MSL: [[depth(greater)]]
// WGSL: @builtin(frag_depth)
// NOTE: DXC (semantic.depth-greater-equal.ps.hlsl, SPIR-V.rst): FragDepth with DepthGreater.
// NOTE: WGSL has no conservative depth: a plain frag_depth is the same value.
float main(float4 input : A) : SV_DepthGreaterEqual {
  return input.x;
}
