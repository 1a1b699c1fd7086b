// ATTR: [shader]
// REMOVE: [shader("compute")]
// SPIRV: OpEntryPoint GLCompute %CSMain "CSMain"
// WGSL: @compute
// MSL: kernel void CSMain
// NOTE: without it the file has no entry point (OSH9004).
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x;
}
