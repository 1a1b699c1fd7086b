// SSA promotion of locals in loops (docs/design.md "SSA values for locals"): sum and last
// are carried around the loop (OpPhi in the header, the back edge's value patched in), a
// continue and a break give the continue block and the merge block phis over their edges,
// and the inner loop's counter is set before every read in each outer iteration (no phi
// for it at the outer header).
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = id.x;
  uint sum = 0u;
  uint last = 100u;
  for (uint i = 0u; i < 10u; ++i) {
    if (i == n) break;
    if ((i & 1u) != 0u) {
      last = i;
      continue;
    }
    for (uint j = 0u; j < i; ++j) sum += j;
    sum += 1u;
  }
  Out[id.x] = sum * 1000u + last;
}
