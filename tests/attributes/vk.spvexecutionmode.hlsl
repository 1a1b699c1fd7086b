// ATTR: [[vk::spvexecutionmode]]
// ARGS: -E main -T ps_6_0
// DIAG: OSH0007 4:3
[[vk::spvexecutionmode(/* DepthReplacing */ 12)]]
float4 main() : SV_Target {
  return 1;
}
