// Bad input never crashes Sema: every snippet ends with diagnostics (or none), no abort.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaRobust, BrokenSnippetsProduceDiagnosticsNotCrashes) {
  const char* snippets[] = {
      "void f() { int a = ; }",
      "void f() { x.y.z = 1; }",
      "void f() { 1 = 2; }",
      "void f() { float4 v; v.xyzwx = 1; }",
      "void f() { float4 v; v._m00 = 1; }",
      "void f() { float4x4 m; m._m44 = 1; m._ = 2; m._1 = 3; }",
      "struct S { S s; };",
      "struct S; void f() { S s; }",
      "template<typename T> T g(T x) { return g(x); } void f() { g(1); }",
      "template<typename T> struct B { B<T> b; }; void f() { B<int> x; }",
      "template<typename T> T h() { return 0; } void f() { h(); }",
      "template<typename T, uint N> T k(T x) { return x; } void f() { k(1); }",
      "void f() { int a[0]; int b[-1]; }",
      "void f() { float a[1.5]; }",
      "void f() { return 1 +; }",
      "void f() { switch (1.5) { case 1.5: break; } }",
      "void f() { int i; switch (i) { case i: break; case 1: case 1: break; } }",
      "RWByteAddressBuffer B; void f() { B.Load(); B.Store(1); B.Nope(); B.InterlockedAdd(0); }",
      "StructuredBuffer<int> S; void f() { S.Load(0, 1); S[1.5]; S[int2(1,2)]; S.GetDimensions(1, 2); }",
      "StructuredBuffer S2; RWStructuredBuffer<StructuredBuffer<int> > S3;",
      "void f() { WaveReadLaneAt(); WaveReadLaneAt(1, 2, 3); WaveActiveSum(float4x4(0)); QuadReadLaneAt(1.5, 2.5); }",
      "void f() { mul(1, float2x3(0,0,0,0,0,0), 3); mul(float2(1,2), float3(1,2,3)); transpose(1); "
      "determinant(float2x3(0,0,0,0,0,0)); }",
      "void f() { asuint(); asuint(true); asuint(1.0, 1, 2); asdouble(1.5, 2); select(1, 2); }",
      "void f() { InterlockedAdd(1, 2); InterlockedAdd(); int x; InterlockedExchange(x, 1, x); }",
      "void f() { this.x = 1; }",
      "struct S { void m() {} }; void f() { S::m(); S s; s.m(1); s.n(); }",
      "namespace N { } void f() { N::x = 1; N::f(); Q::f(); }",
      "enum E { A = 1.5, B = A + x }; void f() { E e = 3; }",
      "void f() { float3 v = float3(1, 2); float2 w = float2(v); float4 z = float4(); }",
      "void f() { int a = {1, 2}; float4 b = {1, 2, 3}; struct S { int x; } s = {1, 2}; }",
      "void f() { (void)1; (Texture2D)1; (float3)float4x4(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0); }",
      "void f() { sizeof(int); int a; a->b; }",
      "void f() { break; continue; } void g() { for (;;) { break; } }",
      "[numthreads(0, 1, 1)] void main() {} [numthreads(1)] void m2() {}",
      "[shader(\"bogus\")] void e1() {} [shader(\"compute\")] void e2() {} [shader(\"compute\")] "
      "[numthreads(2000,1,1)] void e3() {}",
      "static_assert(1 == 2, \"nope\"); static_assert(x);",
      "cbuffer C { Texture2D t; static int s; }; tbuffer T { float x; };",
      "typedef undefined_t T; T x; using U = vector<float, 9>; matrix<int, 0, 2> m;",
      "void f(float a = 1, float b) {} void g(out float x = 1) {}",
      "interface I { void m(); }; struct D : I { }; struct E : undefined {};",
      "void f() { vk::RawBufferLoad(0); }",
      "[[vk::binding(x)]] RWByteAddressBuffer B1; [[vk::binding(1, 2, 3)]] RWByteAddressBuffer B2 : register(q3);",
      "void f(); void g() { f(); }",
      "float f(float x); float f(float x) { return x; } float f(float x) { return x; }",
      "void f() { uint u = 0xFFFFFFFFFFFFFFFFFFFF; float g = 1e400; }",
      "groupshared float G; void f() { groupshared int l; G = 1; }",
  };
  for (const char* s : snippets) {
    sema::SemaOptions o;
    auto c = check(s, o);
    SUCCEED() << s;
    if (c->ok) {
      auto v = contractViolations(*c);
      EXPECT_TRUE(v.empty()) << s << "\n" << (v.empty() ? "" : v[0]);
    }
    // Every error is coded (the table has no uncoded rows); just make sure we got here.
    for (const auto& d : c->diags.diagnostics()) EXPECT_GT(diagInfo(d.id).code, 0) << s;
  }
}

TEST(SemaRobust, ErrorSnippetsReportErrors) {
  const char* bad[] = {
      "void f() { float4 v; v.xyzwx = 1; }",
      "struct S { S s; };",
      "void f() { int a[0]; }",
      "RWByteAddressBuffer B; void f() { B.Nope(); }",
      "template<typename T> struct B { B<T> b; }; void f() { B<int> x; }",
      "template<typename T> T g(T x) { return g(x); } void f() { g(1); }",
  };
  for (const char* s : bad) {
    auto c = check(s);
    EXPECT_FALSE(c->ok) << s;
  }
}

TEST(SemaRobust, ContractCheckerDetectsViolations) {
  auto c = checkBody("int a = 1; float b = a + 2.0;");
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_TRUE(contractViolations(*c).empty());
  // Break the tree on purpose: the checker must notice.
  c->var("a")->init->type = c->types.errorType();
  auto v = contractViolations(*c);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].substr(0, 11), "error type:");
}

// Deterministic mutation fuzzing: delete, duplicate or swap small spans of a realistic
// shader; Sema (after the parser's recovery) must never crash or hang.
TEST(SemaRobust, MutatedShadersNeverCrash) {
  const std::string base = R"(
struct Stats { float sum; uint count; void add(float v) { sum += v; count += 1; } };
template<typename T> T square(T x) { return x * x; }
cbuffer Params : register(b0) { uint N; float Scale; };
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<Stats> Out : register(u0);
RWByteAddressBuffer Cnt : register(u1);
groupshared float Part[64];
static const uint K = 3;
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  float v = id.x < N ? In[id.x] * Scale : 0.0;
  Part[gi] = square(v);
  GroupMemoryBarrierWithGroupSync();
  for (uint s = 32; s > 0; s >>= 1) { if (gi < s) Part[gi] += Part[gi + s]; GroupMemoryBarrierWithGroupSync(); }
  switch (gi & K) { case 0: v = 1; break; default: break; }
  if (gi == 0) { Stats st = (Stats)0; st.add(Part[0]); Out[id.x / 64] = st; uint o; Cnt.InterlockedAdd(0, 1, o); }
  float4 q = float4(v.xx, WaveActiveSum(v), WaveReadLaneAt(v, 0));
  int3 t = square(int3(1, 2, 3)) + (int3)q.xyz;
}
)";
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto rnd = [&](uint64_t n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return n ? state % n : 0;
  };
  for (int iter = 0; iter < 400; ++iter) {
    std::string s = base;
    int edits = 1 + int(rnd(3));
    for (int k = 0; k < edits; ++k) {
      size_t pos = rnd(s.size());
      size_t len = 1 + rnd(6);
      switch (rnd(3)) {
        case 0: s.erase(pos, len); break;
        case 1: s.insert(pos, s.substr(pos, len)); break;
        default: {
          size_t other = rnd(s.size());
          std::swap(s[pos], s[other]);
          break;
        }
      }
    }
    sema::SemaOptions o;
    o.entryPoint = "main";
    o.profile = "cs_6_0";
    auto c = check(s, o);
    if (c->ok) {
      auto v = contractViolations(*c);
      EXPECT_TRUE(v.empty()) << s << "\n" << (v.empty() ? "" : v[0]);
    }
  }
}
