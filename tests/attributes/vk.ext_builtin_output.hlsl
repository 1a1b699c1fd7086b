// ATTR: [[vk::ext_builtin_output]]
// ARGS: -E main -T vs_6_0
// REMOVE: [[vk::ext_builtin_output(/* PointSize */ 1)]]
// SPIRV: OpDecorate %gl_PointSize BuiltIn PointSize
// DIAG-MSL: OSH4101 8:60
// DIAG-WGSL: OSH5101 8:60
// NOTE: the Output built-in variable, written like any global; without the attribute a Private static.
[[vk::ext_builtin_output(/* PointSize */ 1)]] static float gPointSize;
float4 main(float4 p : POSITION) : SV_Position {
  gPointSize = 1;
  return p;
}
