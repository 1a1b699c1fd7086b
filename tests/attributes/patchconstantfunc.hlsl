// ATTR: [patchconstantfunc]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:2
RWStructuredBuffer<uint> Out : register(u0);
[patchconstantfunc("PatchConstants")]
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x;
}
