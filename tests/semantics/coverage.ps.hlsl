// ARGS: -E main -T ps_6_0
// SPIRV: BuiltIn SampleMask
// SPIRV: OpVariable %_ptr_Input__arr_uint_uint_1 Input
// SPIRV: OpVariable %_ptr_Output__arr_uint_uint_1 Output
// MSL: [[sample_mask]]
// WGSL: @builtin(sample_mask)
// NOTE: DXC (semantic.coverage.ps.hlsl): SV_Coverage is SampleMask, an array of one uint,
// NOTE: in and out.
struct Out {
  float4 color : SV_Target;
  uint mask : SV_Coverage;
};
Out main(uint inCov : SV_Coverage) {
  Out o;
  o.color = float4(1, 0, 0, 1);
  o.mask = inCov & 1;
  return o;
}
