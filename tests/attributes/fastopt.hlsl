// ATTR: [fastopt]
// ARGS: -E main -T cs_6_0
// REMOVE: [fastopt]
// SPIRV: DontUnroll
// DIAG-MSL: OSH4002 10:3
// DIAG-WGSL: OSH5004 10:3
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [fastopt] for (uint i = 0; i < 4; ++i) Out[id.x * 4 + i] = i;
}
