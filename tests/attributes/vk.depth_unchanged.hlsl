// ATTR: [[vk::depth_unchanged]]
// ARGS: -E main -T ps_6_0
// REMOVE: [[vk::depth_unchanged]]
// SPIRV: OpExecutionMode %main DepthUnchanged
// DIAG-MSL: OSH4002 8:1
// DIAG-WGSL: OSH5004 8:1
Texture2D<float4> Tex : register(t0);
[[vk::depth_unchanged]]
float4 main(float4 p : SV_Position) : SV_Target {
  return Tex.Load(int3(p.xy, 0));
}
