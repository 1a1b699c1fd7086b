// ATTR: [flatten]
// ARGS: -E main -T cs_6_0
// REMOVE: [flatten]
// SPIRV: Flatten
// DIAG-MSL: OSH4002 10:3
// DIAG-WGSL: OSH5004 10:3
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [flatten] if (id.x > 3) Out[id.x] = 1; else Out[id.x] = 2;
}
