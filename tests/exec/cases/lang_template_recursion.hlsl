// Templates that use themselves with other arguments: a struct template naming itself with
// arguments inside its own body (C++'s injected class name), explicit specializations that
// stop the recursion, two templates using each other, and one instance per argument (Fib<12>
// is 13 instances; kept small because each call stays a call at run time).
RWStructuredBuffer<uint> Out : register(u0);

template <int N>
struct R {
  static uint f(uint x) { return R<N - 1>::f(x) * 3u + 1u; }
};
template <>
struct R<0> {
  static uint f(uint x) { return x; }
};

template <int N>
struct Fib {
  static uint v() { return Fib<N - 1>::v() + Fib<N - 2>::v(); }
};
template <>
struct Fib<1> {
  static uint v() { return 1u; }
};
template <>
struct Fib<0> {
  static uint v() { return 0u; }
};

template <int N> struct B;
template <int N>
struct A {
  static uint f(uint x) { return B<N - 1>::f(x) * 3u + 1u; }
};
template <int N>
struct B {
  static uint f(uint x) { return A<N>::f(x) + 2u; }
};
template <>
struct B<0> {
  static uint f(uint x) { return x; }
};

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  Out[i * 3 + 0] = R<3>::f(i);         // ((3i + 1) * 3 + 1) * 3 + 1 = 27i + 13
  Out[i * 3 + 1] = Fib<12>::v() + i;   // 144 + i
  Out[i * 3 + 2] = A<2>::f(i);         // B<1> = A<1> + 2 = (3i + 1) + 2; A<2> = 3(3i + 3) + 1 = 9i + 10
}
