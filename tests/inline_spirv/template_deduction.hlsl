// Function templates deduce their parameters from an instance of a struct template
// (`Box<T, N> b`, T and N from Box<uint, 3>) and from a resource's element type
// (`RWStructuredBuffer<T>`), and an unqualified call finds a function in the namespace of
// its arguments' struct type (argument-dependent lookup, as DXC's clang does): what
// <vk/khr/cooperative_matrix.h>'s cooperativeMatrixMultiplyAdd(a, b, c) needs. Expected
// values by hand:
//   outU[0] = sumOf(b) = v[0] + v[N - 1] + N with b.v = (10, 20, 30), N = 3, found in ns
//             by ADL: 10 + 30 + 3 = 43
//   outU[1] = sizeof(first(pairs)) * 100 + 7 with T = uint2 (8 bytes): 807
//   outU[2] = scaled(b2) = N * b2.v.x with Box<uint, 2>, v = (5, 6): N = 2 -> 10 + 1000 = 1010
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.d/a.spv
// RUN: FileCheck %s < %t.d/a.spvasm
// CHECK-DAG: %uint_43 = OpConstant %uint 43
// CHECK-DAG: %uint_807 = OpConstant %uint 807
// CHECK-DAG: %uint_1010 = OpConstant %uint 1010
// Without ADL's namespace the name is unknown where no argument comes from it (OSH0001).
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NOADL -Fo %t.d/n.spv 2>&1 | FileCheck %s --check-prefix=NOADL
// NOADL: error OSH0001: use of undeclared identifier 'sumOf'

namespace ns {
template <class T, uint N> struct Box {
  vector<T, N> v;
};
template <class T, uint N> T sumOf(Box<T, N> b) { return b.v[0] + b.v[N - 1] + (T)N; }
template <class T, uint N> T scaled(Box<T, N> b) { return (T)N * b.v.x + 1000; }
}  // namespace ns

template <class T> T first(RWStructuredBuffer<T> buf) { return buf[0]; }

RWStructuredBuffer<uint> outU : register(u0);
RWStructuredBuffer<uint2> pairs : register(u1);

[numthreads(1, 1, 1)]
void main() {
  ns::Box<uint, 3> b;
  b.v = uint3(10, 20, 30);
  outU[0] = sumOf(b);
  outU[1] = sizeof(first(pairs)) * 100 + 7;
  ns::Box<uint, 2> b2;
  b2.v = uint2(5, 6);
  outU[2] = ns::scaled(b2);
#ifdef NOADL
  outU[3] = sumOf(7u);
#endif
}
