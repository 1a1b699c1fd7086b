// EXPECT: OSH0250 8:3
// ARGS: -E main -T cs_6_0
// `typename S<args>::count` names a static member (a value), not a member type.
template <class T, uint N> struct Vec { typedef vector<T, N> type; static const uint count = N; };
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
  typename Vec<uint, 2>::count n = 2;
  buf[0] = n;
}
