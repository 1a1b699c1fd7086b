// ATTR: [[vk::ext_builtin_output]]
// ARGS: -E main -T vs_6_0
// DIAG: OSH0007 4:3
[[vk::ext_builtin_output(/* PointSize */ 1)]] static float gPointSize;
float4 main(float4 p : POSITION) : SV_Position {
  gPointSize = 1.0;
  return p;
}
