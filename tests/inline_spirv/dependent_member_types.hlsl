// Dependent member types (inline-spirv.md section 17, HLSL 2021 templates): `typename
// T::type`, `typename S<T, N>::type`, member typedefs and `using` aliases of class
// templates, a partial specialisation that chooses the member, `typename
// A<B>::template X<U>::type`, and enable_if-style SFINAE through such a member, written
// directly and through an alias template. Expected values by hand:
//   outU[0] = sizeof(Elem<float3>::type) * 1000 + 1: the partial specialisation for
//             vector<T, N> gives float (4 bytes; the primary would give float3, 12) -> 4001
//   outU[1] = sizeof(Vec<uint, 3>::type) * 1000 + 2: uint3, 12 bytes -> 12002
//   outU[2] = sizeof(Outer<int>::Inner<uint2>::type) * 1000 + 3: uint2, 8 bytes -> 8003
//   outU[3] = kind(1.5f) * 10 + kind(3u) + 5000: the float overload (1), then the other (2)
//             -> 5012
//   outU[4] = fromPlain(p, 6040): Plain::type is uint, x + 1 -> 6041
//   outF[0] = Wrap<float3>::first() of (7.5, 8, 9): Elem<float3>::type is float, the
//             first component -> 7.5
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.d/a.spv
// RUN: FileCheck %s < %t.d/a.spvasm
// CHECK-DAG: %uint_4001 = OpConstant %uint 4001
// CHECK-DAG: %uint_12002 = OpConstant %uint 12002
// CHECK-DAG: %uint_8003 = OpConstant %uint 8003
// CHECK-DAG: %uint_5012 = OpConstant %uint 5012
// CHECK-DAG: %uint_6041 = OpConstant %uint 6041
// CHECK-DAG: %float_7_5 = OpConstant %float 7.5
//
// A member that the instance does not have: OSH0012 at the type, after substitution.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D MISSING -Fo %t.d/m.spv 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: dependent_member_types.hlsl:[[#@LINE+74]]:3: error OSH0012: no member named 'nope' in 'Vec<uint, 2>'
// A member that is a value, not a type: OSH0250.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NONTYPE -Fo %t.d/n.spv 2>&1 | FileCheck %s --check-prefix=NONTYPE
// NONTYPE: dependent_member_types.hlsl:[[#@LINE+74]]:3: error OSH0250: typename specifier refers to non-type member 'count' in 'Vec<uint, 2>'
// SFINAE removes the only candidate: no matching function (OSH0005), no OSH0012.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NOVIABLE -Fo %t.d/v.spv 2>&1 | FileCheck %s --check-prefix=NOVIABLE
// NOVIABLE: error OSH0005: no matching function for call to 'onlyFloat'
// NOVIABLE-NOT: OSH0012
// A member missing inside a class template, found when it is instantiated (OSH0012 at
// the member's type in the template).
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D INCLASS -Fo %t.d/c.spv 2>&1 | FileCheck %s --check-prefix=INCLASS
// INCLASS: dependent_member_types.hlsl:[[#@LINE+31]]:3: error OSH0012: no member named 'value_type' in 'Vec<uint, 2>'

RWStructuredBuffer<uint> outU : register(u0);
RWStructuredBuffer<float> outF : register(u1);

struct Plain {
  typedef uint type;
};
template <class T, uint N> struct Vec {
  using type = vector<T, N>;
  typedef T scalar;
  static const uint count = N;
};
template <class T> struct Elem {
  typedef T type;
};
template <class T, uint N> struct Elem<vector<T, N> > {
  typedef T type;
};
template <class T> struct Outer {
  template <class U> struct Inner {
    typedef U type;
  };
};
template <class T> struct Wrap {
  typedef T value_type;
  typedef typename Elem<T>::type elem;
  value_type v;
  elem first() { return (elem)v; }
};
template <class T> struct UsesMember {
  typename T::value_type value;
};

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> {
  typedef T type;
};
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T> struct is_float {
  static const bool value = false;
};
template <> struct is_float<float> {
  static const bool value = true;
};

template <class T> typename T::type fromPlain(T p, uint x) { return x + 1; }
template <class T> enable_if_t<is_float<T>::value, uint> kind(T x) { return 1; }
template <class T> typename enable_if<!is_float<T>::value, uint>::type kind(T x) { return 2; }
template <class T> typename enable_if<is_float<T>::value, float>::type onlyFloat(T x) { return x; }

[numthreads(1, 1, 1)]
void main() {
  outU[0] = sizeof(typename Elem<float3>::type) * 1000 + 1;
  outU[1] = sizeof(typename Vec<uint, 3>::type) * 1000 + 2;
  outU[2] = sizeof(typename Outer<int>::template Inner<uint2>::type) * 1000 + 3;
  outU[3] = kind(1.5f) * 10 + kind(3u) + 5000;
  Plain p;
  outU[4] = fromPlain(p, 6040);
  Wrap<float3> w;
  w.v = float3(7.5, 8, 9);
  outF[0] = w.first();
#ifdef MISSING
  typename Vec<uint, 2>::nope bad = 1;
#endif
#ifdef NONTYPE
  typename Vec<uint, 2>::count bad = 1;
#endif
#ifdef NOVIABLE
  outF[1] = onlyFloat(3u);
#endif
#ifdef INCLASS
  UsesMember<Vec<uint, 2> > u;
#endif
}
