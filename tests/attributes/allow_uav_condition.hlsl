// ATTR: [allow_uav_condition]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0044 8:4
// NOTE: DXC warns "unsupported allow_uav_condition attribute ignored" for SPIR-V too.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [allow_uav_condition] for (uint i = 0; i < Out[0]; ++i) Out[id.x] += i;
}
