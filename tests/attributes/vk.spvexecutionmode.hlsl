// ATTR: [[vk::spvexecutionmode]]
// ARGS: -E main -T ps_6_0
// REMOVE: [[vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]
// SPIRV: OpExecutionMode %main EarlyFragmentTests
// DIAG-MSL: OSH4101 8:3
// DIAG-WGSL: OSH5101 8:3
// NOTE: one OpExecutionMode with the mode only.
[[vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]
float4 main() : SV_Target {
  return 1;
}
