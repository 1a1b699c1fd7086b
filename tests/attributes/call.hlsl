// ATTR: [call]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0044 7:4
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [call] switch (id.x) {
    case 0: Out[0] = 1; break;
    default: Out[id.x] = 2; break;
  }
}
