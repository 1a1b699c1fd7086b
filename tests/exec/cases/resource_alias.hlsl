// Resources as values (docs/user-guide.md, "Resources as values"): a local, a static, a
// struct member, a function result and a constant conditional each name one global
// buffer, chosen at compile time. A = 1..4 and B = 5..8, so
// Out[i] = B[i] + 100 * A[i] + 10000 * B[i] + 1000000 * A[i]; by hand:
// i = 0: 5 + 100 + 50000 + 1000000 = 1050105, i = 1: 2060206, i = 2: 3070307, i = 3: 4080408.
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

static const bool kUseB = true;
static StructuredBuffer<uint> sFirst = A;

struct Pair {
  StructuredBuffer<uint> first;
  StructuredBuffer<uint> second;
};

StructuredBuffer<uint> secondBuffer() { return B; }

uint readVia(StructuredBuffer<uint> buf, uint i) { return buf[i]; }

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  StructuredBuffer<uint> t;
  if (kUseB) t = B;
  else t = A;
  Pair p;
  p.first = sFirst;
  p.second = secondBuffer();
  Out[i] = t[i] + 100 * p.first[i] + 10000 * readVia(p.second, i) + 1000000 * (kUseB ? A : B)[i];
}
