// ARGS: -E main -T ps_6_0
// SPIRV: OpExecutionMode %main DepthReplacing
// SPIRV: OpExecutionMode %main DepthLess
// SPIRV: BuiltIn FragDepth
// MSL: [[depth(less)]]
// WGSL: @builtin(frag_depth)
// NOTE: DXC (semantic.depth-less-equal.ps.hlsl, SPIR-V.rst): FragDepth with DepthLess.
float main(float4 input : A) : SV_DepthLessEqual {
  return input.x;
}
