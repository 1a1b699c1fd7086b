// SSA promotion of locals with returns inside branches: a branch that returns gives the merge
// no incoming value, so r after each if is the value of the branches that reach it.
RWStructuredBuffer<uint> Out : register(u0);

uint classify(uint x) {
  uint r = 1u;
  if (x == 0u) return 99u;
  if (x > 5u) {
    r = x * 2u;
    if (x > 6u) return r + 1000u;
  } else {
    r = r + x;
  }
  return r;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = classify(id.x);
}
