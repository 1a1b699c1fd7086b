// EXPECT: OSH0201 9:36
// G<D, M> uses G<D - 1, 2M> and G<D - 1, 2M + 1> until G<0, M>: a binary tree of distinct
// instances, 2^17 - 1 of them under G<16, 0>, nested only 17 deep. The instance that would
// be the 50,001st (in pre-order: G<2, 6249>, a right child) is refused, once.
RWStructuredBuffer<uint> Out : register(u0);
template<int D, int M>
struct G {
  static uint f(uint x) {
    return G<D - 1, 2 * M>::f(x) ^ G<D - 1, 2 * M + 1>::f(x);
  }
};
template<int M>
struct G<0, M> {
  static uint f(uint x) { return x + M; }
};
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = G<16, 0>::f(id.x);
}
