// EXPECT: OSH0200 7:10
// f<N> calls f<N - 1> and nothing stops it: the 129th nested instance is refused (OneShader
// checks bodies as instances are made, so each level costs stack), once, at the call.
RWStructuredBuffer<uint> Out : register(u0);
template<int N>
uint f(uint x) {
  return f<N - 1>(x) + 1u;
}
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f<3>(id.x);
}
