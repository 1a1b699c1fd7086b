// ATTR: [numthreads]
// ARGS: -E main -T cs_6_0
// REMOVE: [numthreads(8, 4, 2)]
// SPIRV: OpExecutionMode %main LocalSize 8 4 2
// WGSL: @compute @workgroup_size(8, 4, 2)
// MSL: [[max_total_threads_per_threadgroup(64)]]
// NOTE: without it the compute entry point is an error (OSH0022), so the case proves the effect.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 4, 2)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.y;
}
