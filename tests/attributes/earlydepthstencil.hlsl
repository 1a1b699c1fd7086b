// ATTR: [earlydepthstencil]
// ARGS: -E main -T ps_6_0
// REMOVE: [earlydepthstencil]
// SPIRV: OpExecutionMode %main EarlyFragmentTests
// MSL: [[early_fragment_tests]]
// DIAG-WGSL: OSH5001 11:1
// NOTE: WebGPU cannot force early depth and stencil tests for a shader that writes storage
// NOTE: memory or discards, so WGSL refuses the attribute rather than drop it.
RWStructuredBuffer<uint> Hits : register(u1);
Texture2D<float4> Tex : register(t0);
[earlydepthstencil]
float4 main(float4 p : SV_Position) : SV_Target {
  return Tex.Load(int3(p.xy, 0));
}
