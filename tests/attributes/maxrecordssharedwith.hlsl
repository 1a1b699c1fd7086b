// ATTR: [maxrecordssharedwith]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 7:12
// NOTE: a work-graph node output parameter; the stage and its record types come later.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main([MaxRecordsSharedWith(other)] uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x;
}
