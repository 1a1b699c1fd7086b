// Explicit specializations of class templates (`template <> class S<args> {...}`), member
// function templates (static and not) and calls through `Tmpl<args>::member`: what DXC's
// <vk/opcode_selector.h> needs. Expected values by hand: Pick<int>::twice(5) is 10,
// Pick<float>::twice(1.5) is 3.0, Pick<uint> uses the primary template (x + 1); non-type
// parameters: Fixed<21>::get() is 42, scale<5>(7u) is 35, Fixed<>::get() (default 4) is 8,
// and a static member of Mode<32> sets `OpExecutionMode %main DenormPreserve 32`. Partial
// specializations: Traits<float3>::n + Traits<int>::n + Traits<Box<int> >::n is 3 + 1 + 100.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.d/a.spv
// RUN: FileCheck %s < %t.d/a.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -D MODE -Fo %t.d/m.spv -Fc %t.d/m.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.d/m.spv
// RUN: FileCheck %s --check-prefix=MODE < %t.d/m.spvasm
// MODE: OpExecutionMode %main DenormPreserve 32
// A non-type template argument must be a constant (OSH0016 at the argument).
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -D NONCONST -Fo %t.d/b.spv 2>&1 | FileCheck %s --check-prefix=NONCONST
// CHECK-DAG: %int_10 = OpConstant %int 10
// CHECK-DAG: %float_3 = OpConstant %float 3
// CHECK-DAG: %uint_8 = OpConstant %uint 8
// CHECK-DAG: %int_42 = OpConstant %int 42
// CHECK-DAG: %uint_35 = OpConstant %uint 35
// CHECK-DAG: %uint_42 = OpConstant %uint 42
// CHECK-DAG: %uint_104 = OpConstant %uint 104
// NONCONST: template_specialization.hlsl:[[#@LINE+50]]:19: error OSH0016: expression is not a compile-time constant

template <class T> struct Pick {
  static T twice(T x) { return x + 1; }
  template <class U> static U as(T x) { return (U)x; }
};
template <> struct Pick<int> {
  static int twice(int x) { return x * 2; }
  template <class U> static U as(int x) { return (U)(x + 40); }
};
template <> struct Pick<float> {
  static float twice(float x) { return x + x; }
};
struct Holder {
  int base;
  template <class U> U plus(U x) { return x + (U)base; }
};
template <uint N = 4> struct Fixed {
  static uint get() { return N * 2; }
};
template <uint N, class T> T scale(T x) { return x * N; }
template <uint width> struct Mode {
  static void declare() {
    [[vk::ext_capability(/* DenormPreserve */ 4464)]] vk::ext_execution_mode(/* DenormPreserve */ 4459, width);
  }
};
template <class T> struct Box { T v; };
template <class T> struct Traits { static const uint n = 1; };
template <class T, uint N> struct Traits<vector<T, N> > { static const uint n = N; };
template <class T> struct Traits<Box<T> > { static const uint n = 100; };

RWStructuredBuffer<int> ibuf;
RWStructuredBuffer<float> fbuf;
RWStructuredBuffer<uint> ubuf;

[numthreads(1, 1, 1)]
void main() {
  ibuf[0] = Pick<int>::twice(5);
  fbuf[0] = Pick<float>::twice(1.5);
  ubuf[0] = Pick<uint>::twice(7);
  ibuf[1] = Pick<int>::as<int>(2);
  Holder h;
  h.base = 3;
  ubuf[1] = h.plus<uint>(5) + Pick<uint>::as<uint>(0u);
  ubuf[2] = Fixed<21>::get();
  ubuf[3] = scale<5>(7u);
  ubuf[4] = Fixed<>::get();
  ubuf[5] = Traits<float3>::n + Traits<int>::n + Traits<Box<int> >::n;
#ifdef NONCONST
  uint k = ubuf[0];
  ubuf[6] = Fixed<k>::get();
#endif
#ifdef MODE
  Mode<32>::declare();  // (float controls stop -O3 folding 1.5 + 1.5: a run of its own)
#endif
}
