// HLSL 2021 template machinery of inline-spirv.md section 17 that DXC accepts (DXC's own
// tests: type.type-alias.template.hlsl, var.template.hlsl): a non-type parameter typed by an
// earlier parameter (`template <class T, T v>`), deduced from an instance and used as a
// value; variable templates (primary, partial and explicit specializations, in a
// namespace, arrays, a non-const one, in constant expressions and an array size); and
// enable_if in default template arguments as SFINAE (type and non-type forms, and in a
// partial specialization's pattern). Expected values by hand:
//   outU[0] = ns::two<uint> + table<uint>[2] * 100 = 2 + 3 * 100 = 302
//   outU[1] = unwrap(integral_constant<uint, 9>) = v * 10 + c.value = 90 + 9 = 99
//   outU[2] = Sel<int>::value * 10 + Sel<float>::value = 7 * 10 + 3 = 73 (the partial
//             specialization matches int only: enable_if<false>::type does not exist)
//   outU[3] = f(1) + f(1.0f) * 10 + g(1u) * 100 + g(true) * 1000 = 1 + 20 + 300 + 4000 = 4321
//   outU[4] = sizeof(arr) + (uint)(kPi<float> * 1000) with arr uint[kPi<int> + 2] = uint[5]:
//             20 + (uint)3141.59 = 3161
//   outU[5] = is_same_v<int, int> ? 555 : 1, plus is_same_v<int, bool> ? 1000 : 0 = 555
//   outU[6] = width<float> + width<int> = 32 + 0 (explicit specialization, primary) = 32
//   outU[7] = counter<uint> after += 5 and += 6 = 11 (a static variable of the instance)
//   outU[8] = Box<kPi<uint>>::n = 3 * 111 = 333 (a variable template as a template argument,
//             its list closed by half of `>>`)
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.d/a.spv
// RUN: FileCheck %s < %t.d/a.spvasm
// CHECK-DAG: %uint_302 = OpConstant %uint 302
// CHECK-DAG: %uint_99 = OpConstant %uint 99
// CHECK-DAG: %uint_73 = OpConstant %uint 73
// CHECK-DAG: %uint_4321 = OpConstant %uint 4321
// CHECK-DAG: %uint_3161 = OpConstant %uint 3161
// CHECK-DAG: %uint_555 = OpConstant %uint 555
// CHECK-DAG: %uint_32 = OpConstant %uint 32
// CHECK-DAG: %uint_333 = OpConstant %uint 333
// Without -O3 as well (DXC's RUN lines use -fcgl), and for MSL and WGSL.
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -Fo %t.d/b.spv
// RUN: spirv-val --target-env vulkan1.2 %t.d/b.spv
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 --target msl,wgsl -o %t.d/out
// RUN: FileCheck %s --check-prefix=OTHER < %t.d/out/main.metal
// RUN: FileCheck %s --check-prefix=OTHER < %t.d/out/main.wgsl
// OTHER: 3161u
// A variable template's name without arguments, a non-static one, and a static data member
// template: coded errors at the use / declaration.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NOARGS -Fo %t.d/n.spv 2>&1 | FileCheck %s --check-prefix=NOARGS
// NOARGS: template_2021.hlsl:[[#@LINE+56]]:13: error OSH2001: expected template arguments after variable template 'kPi'
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NONSTATIC -Fo %t.d/s.spv 2>&1 | FileCheck %s --check-prefix=NONSTATIC
// NONSTATIC: template_2021.hlsl:[[#@LINE+23]]:1: error OSH0007: a variable template that is not 'static' is not supported yet
// With no candidate left after SFINAE, the call is OSH0005.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NOCAND -Fo %t.d/c.spv 2>&1 | FileCheck %s --check-prefix=NOCAND
// NOCAND: error OSH0005:

template <class T, T v> struct integral_constant { static const T value = v; };
template <bool B> using bool_constant = integral_constant<bool, B>;
template <class A, class B> struct is_same : bool_constant<false> {};
template <class A> struct is_same<A, A> : bool_constant<true> {};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };

template <class T, T v> T unwrap(integral_constant<T, v> c) { return v * 10 + c.value; }

template <typename T> static const T kPi = T(3.14159);
template <class A, class B> static const bool is_same_v = false;
template <class A> static const bool is_same_v<A, A> = true;
template <class T> static const uint width = 0;
template <> static const uint width<float> = 32;
namespace ns { template <class T> static const T two = T(2); }
template <class T> static const T table[3] = { T(1), T(2), T(3) };
template <class T> static T counter;
#ifdef NONSTATIC
template <class T> const T notStatic = T(1);
#endif

template <typename T, typename = typename enable_if<is_same<T, int>::value>::type> uint f(T x) { return 1; }
template <typename T, typename = typename enable_if<is_same<T, float>::value>::type, typename = void>
uint f(T x) { return 2; }
template <typename T, typename enable_if<is_same<T, uint>::value, int>::type = 0> uint g(T x) { return 3; }
template <typename T, typename enable_if<is_same<T, bool>::value, int>::type = 0> uint g(T x) { return 4; }

template <class T, class = void> struct Sel { static const uint value = 3; };
template <class T> struct Sel<T, typename enable_if<is_same<T, int>::value>::type> { static const uint value = 7; };
template <uint N> struct Box { static const uint n = N * 111; };

RWStructuredBuffer<uint> outU : register(u0);

[numthreads(1, 1, 1)]
void main() {
  outU[0] = ns::two<uint> + table<uint>[2] * 100;
  integral_constant<uint, 9> nine;
  outU[1] = unwrap(nine);
  outU[2] = Sel<int>::value * 10 + Sel<float>::value;
  outU[3] = f(1) + f(1.0f) * 10 + g(1u) * 100 + g(true) * 1000;
  uint arr[kPi<int> + 2];
  outU[4] = sizeof(arr) + (uint)(kPi<float> * 1000);
  outU[5] = (is_same_v<int, int> ? 555u : 1u) + (is_same_v<int, bool> ? 1000u : 0u);
  outU[6] = width<float> + width<int>;
  counter<uint> += 5;
  counter<uint> += 6;
  outU[7] = counter<uint>;
  outU[8] = Box<kPi<uint>>::n;
#ifdef NOARGS
  outU[9] = kPi;
#endif
#ifdef NOCAND
  outU[9] = g(2.5f);
#endif
}
