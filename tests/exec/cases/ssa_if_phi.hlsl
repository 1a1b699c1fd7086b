// SSA promotion of locals (docs/design.md "Validation cost"): a, b and c are promoted, so the
// SPIR-V joins their values with OpPhi at each if's merge: a nested if, an if without an else,
// a local (b) changed in one branch of the outer if only (and in a nested if of the other),
// and a local (c) declared without a value and given one on both paths.
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  uint a = i * 3u;
  uint b = 100u;
  if (i < 4u) {
    a = a + 1u;
    if (i == 2u) b = 7u;
  } else {
    b = b + i;
  }
  if (a > 10u) a = a - 10u;
  uint c;
  if ((i & 1u) != 0u)
    c = 10u;
  else
    c = 20u;
  Out[i] = a * 1000u + b + c * 100000u;
}
