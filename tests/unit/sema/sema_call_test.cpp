// Calls: overload resolution, intrinsics, buffer methods, interlocked, templates.
#include <gtest/gtest.h>

#include "intrinsics/intrinsics.hpp"
#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
ast::CallExpr* callOf(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::ImplicitCast) e = static_cast<ast::ImplicitCastExpr*>(e)->sub;
  return ast::dyn_cast<ast::CallExpr>(e);
}
std::string calleeSig(const Checked& c, const std::string& var) {
  ast::VarDecl* v = c.var(var);
  if (!v || !v->init) return "NO VAR";
  auto* call = callOf(v->init);
  if (!call || !call->callee) return "NO CALLEE";
  std::string s(call->callee->name.str());
  s += "(";
  for (size_t i = 0; i < call->callee->params.size(); ++i)
    s += (i ? "," : "") + call->callee->params[i]->type->toString();
  return s + ")";
}
}  // namespace

// DXC ranks: exact > promotion > conversion; an untyped int literal matches int exactly,
// an untyped float literal matches float exactly.
TEST(SemaOverloads, LiteralsPickTheExactOverload) {
  auto c = checkBody("int r1 = pick(1); int r2 = pick(1.0); int r3 = pick(1.0h);",
                     "int pick(int x) { return 1; }\nint pick(float x) { return 2; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(calleeSig(*c, "r1"), "pick(int)");
  EXPECT_EQ(calleeSig(*c, "r2"), "pick(float)");
  // half (a 32-bit float spelled half) -> float is a promotion, -> int a conversion.
  EXPECT_EQ(calleeSig(*c, "r3"), "pick(float)");
}

TEST(SemaOverloads, ExactBeatsConversionAndScalarBeatsSplat) {
  auto c = checkBody(
      "int i = 0; uint u = 0; float f = 0; float2 v2 = 0;\n"
      "int r1 = g(i); int r2 = g(u); int r3 = h(f); int r4 = h(v2);",
      "int g(int x) { return 0; }\nint g(uint x) { return 1; }\n"
      "int h(float x) { return 0; }\nint h(float3 x) { return 1; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(calleeSig(*c, "r1"), "g(int)");
  EXPECT_EQ(calleeSig(*c, "r2"), "g(uint)");
  EXPECT_EQ(calleeSig(*c, "r3"), "h(float)");
  // float2 -> float3 is impossible; float2 -> float truncates (with a warning).
  EXPECT_EQ(calleeSig(*c, "r4"), "h(float)");
  ASSERT_EQ(c->codes().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->codes()[0].substr(0, 7), "OSH0008");
}

TEST(SemaOverloads, AmbiguousCallIsOSH0006) {
  // DXC's score (ScoreCast): uint -> int is an integer cast, cheaper than the cast
  // uint -> float, so k(u) takes k(int); k(u, u) costs one of each either way.
  auto ok = checkBody("uint u = 1;\nint r = k(u);", "int k(int x) { return 0; }\nint k(float x) { return 1; }\n");
  EXPECT_TRUE(ok->ok) << ok->allDiags();
  EXPECT_EQ(calleeSig(*ok, "r"), "k(int)");
  auto c = checkBody("uint u = 1;\nk(u, u);", "void k(int x, float y) {}\nvoid k(float x, int y) {}\n");
  EXPECT_FALSE(c->ok);
  ASSERT_EQ(c->diagList().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0006@6:1 call to 'k' is ambiguous");
  EXPECT_EQ(c->diags.diagnostics()[0].notes.size(), 2u);
}

TEST(SemaOverloads, DxcScoreSplatBeatsTruncation) {
  // Fresnel_Shlick(float3, float3, float) against (float, float, float) for a float3 and
  // literals: DXC's score charges a splat far less than a truncation.
  auto c = checkBody(
      "float3 v = 0;\nfloat3 r1 = F(v, 1, 0.5); float3 r2 = F(v, 1.0, 0.5); float r3 = F(0.5, 1.0, 0.5);",
      "float3 F(float3 a, float3 b, float x) { return a; }\nfloat F(float a, float b, float x) { return a; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(calleeSig(*c, "r1"), "F(float3,float3,float)");
  EXPECT_EQ(calleeSig(*c, "r2"), "F(float3,float3,float)");
  EXPECT_EQ(calleeSig(*c, "r3"), "F(float,float,float)");
}

TEST(SemaOverloads, NoMatchIsOSH0005WithCandidateNotes) {
  auto c = checkBody("S s;\nm(s);", "struct S { float a; };\nvoid m(float x) {}\nvoid m(int2 x) {}\n");
  EXPECT_FALSE(c->ok);
  ASSERT_EQ(c->diagList().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0005@7:1 no matching function for call to 'm' with arguments (S)");
  const auto& notes = c->diags.diagnostics()[0].notes;
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].message, "candidate function: void m(float)");
  EXPECT_EQ(notes[1].message, "candidate function: void m(int2)");
}

TEST(SemaOverloads, DefaultArgumentsAndOutParameters) {
  auto c = checkBody("float r; int q = o(1.0, r); int q2 = o(2.0, r, 3);",
                     "int o(float a, out float b, int c = 4) { b = a; return c; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  auto c2 = checkBody("float r;\nint q = o(1.0, 2.0);", "int o(float a, out float b) { b = a; return 0; }\n");
  EXPECT_FALSE(c2->ok);
  // The literal argument does not have the out parameter's exact type: no viable candidate.
  EXPECT_EQ(c2->codes(), std::vector<std::string>{"OSH0005@5:9"}) << c2->allDiags();
  auto c3 = checkBody("float r;\nint q = o(1.0, r + 1);", "int o(float a, out float b) { b = a; return 0; }\n");
  EXPECT_FALSE(c3->ok);
  EXPECT_EQ(c3->diagList(),
            std::vector<std::string>{"OSH0029@5:16 argument for 'out' parameter 'b' must be an l-value"});
}

TEST(SemaIntrinsics, OverloadsFromTheTable) {
  auto c = checkBody(
      "float f = 1; int i = 2; uint u = 3; float3 v = 0; int3 iv = 0; double d = 0;\n"
      "float a1 = abs(f); int a2 = abs(i); int3 a3 = max(iv, 1); float a4 = sqrt(4);\n"
      "float a5 = dot(v, v); float3 a6 = lerp(v, v, 0.5); uint a7 = countbits(u); bool a8 = any(iv);\n"
      "float3 a9 = clamp(v, 0, 1); float b1 = length(v); double b2 = sqrt(d); uint3 b3 = firstbithigh(uint3(1,2,3));\n"
      "float3 b4 = cross(v, v); float b5 = min(f, i); float4x4 M = 0; float4 b6 = mul(M, float4(v, 1)); float3 b7 = "
      "select(iv > 0, v, 1);",
      "");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a1"), "(call abs:float f:float)");
  EXPECT_EQ(c->init("a2"), "(call abs:int i:int)");
  EXPECT_EQ(c->init("a3"), "(call max:int3 iv:int3 (VectorSplat:int3 1:int))");
  EXPECT_EQ(c->init("a4"), "(call sqrt:float 4:float)");
  EXPECT_EQ(c->init("a5"), "(call dot:float v:float3 v:float3)");
  EXPECT_EQ(c->init("a6"), "(call lerp:float3 v:float3 v:float3 (VectorSplat:float3 0.5:float))");
  EXPECT_EQ(c->init("a7"), "(call countbits:uint u:uint)");
  EXPECT_EQ(c->init("a8"), "(call any:bool iv:int3)");
  EXPECT_EQ(c->init("a9"), "(call clamp:float3 v:float3 (VectorSplat:float3 0:float) (VectorSplat:float3 1:float))");
  EXPECT_EQ(c->init("b1"), "(call length:float v:float3)");
  // DXC declares sqrt(float_like<>), and float_like has no double (SemaHLSL's
  // g_FloatLikeCT): the double is converted to float and the result back.
  EXPECT_EQ(c->init("b2"), "(FloatingCast:double (call sqrt:float (FloatingCast:float d:double)))");
  EXPECT_EQ(c->init("b3"), "(call firstbithigh:uint3 (ctor:uint3 1:uint 2:uint 3:uint))");
  EXPECT_EQ(c->init("b5"), "(call min:float f:float (IntToFloat:float i:int))");
  EXPECT_EQ(c->init("b6").substr(0, 16), "(call mul:float4");
  EXPECT_EQ(c->typeOf("b7"), "float3");
  auto* call = callOf(c->var("a1")->init);
  EXPECT_EQ(call->intrinsic, uint32_t(IntrinsicId::Abs));
  EXPECT_EQ(call->callee, nullptr);
}

TEST(SemaIntrinsics, IntegerOnlyIntrinsicsRejectFloats) {
  auto c = checkBody("float f = 1;\nuint n = countbits(f);\nfloat m = WaveActiveBitAnd(f);");
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {"OSH0005@4:10", "OSH0005@5:11"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}

TEST(SemaIntrinsics, WrongArgumentCountIsOSH0015) {
  auto c = checkBody("float x = sqrt(1, 2);");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0015@3:11 'sqrt' expects 1 argument(s), 2 given"});
}

TEST(SemaIntrinsics, WaveAndQuadIntrinsics) {
  auto c = checkBody(
      "uint u = 1; float f = 2; int3 iv = 0; bool b = true; float4 v4 = 0;\n"
      "uint w1 = WaveGetLaneCount(); bool w2 = WaveIsFirstLane(); uint4 w3 = WaveActiveBallot(u > 0);\n"
      "float w4 = WaveReadLaneAt(f, 1); int3 w5 = WaveActiveSum(iv); uint w6 = WaveActiveCountBits(b);\n"
      "float w7 = QuadReadLaneAt(f, 2); float4 w8 = QuadReadAcrossX(v4); uint4 w9 = WaveMatch(f);\n"
      "float x1 = WaveMultiPrefixSum(f, w3); uint x2 = WaveMultiPrefixCountBits(b, w3); bool x3 = "
      "WaveActiveAllEqual(f);\n"
      "float x4 = WavePrefixProduct(f); int x5 = WaveActiveBitOr(2); bool x6 = WaveActiveAnyTrue(f > 1);");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("w3"), "(call WaveActiveBallot:uint4 (>:bool u:uint 0:uint))");
  EXPECT_EQ(c->init("w4"), "(call WaveReadLaneAt:float f:float 1:uint)");
  EXPECT_EQ(c->init("w5"), "(call WaveActiveSum:int3 iv:int3)");
  EXPECT_EQ(c->init("w7"), "(call QuadReadLaneAt:float f:float 2:uint)");
  EXPECT_EQ(c->typeOf("w9"), "uint4");
  EXPECT_EQ(c->init("x1"), "(call WaveMultiPrefixSum:float f:float w3:uint4)");
  EXPECT_EQ(c->init("x5"), "(call WaveActiveBitOr:int 2:int)");
}

TEST(SemaResources, ByteAddressBufferMethods) {
  auto c = check(R"(
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint a = In.Load(0);
  uint2 b = In.Load2(8);
  uint4 c = Out.Load4(id.x * 16);
  float t = In.Load<float>(4);
  Out.Store(0, a);
  Out.Store2(8, b);
  uint dims;
  In.GetDimensions(dims);
  uint orig;
  Out.InterlockedAdd(0, 1, orig);
  Out.InterlockedMax(4, a);
  Out.InterlockedCompareExchange(8, 0, 1, orig);
}
)",
                 [] {
                   sema::SemaOptions o;
                   o.entryPoint = "main";
                   o.profile = "cs_6_2";
                   return o;
                 }());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a"), "(call Load:uint In:ByteAddressBuffer 0:uint)");
  EXPECT_EQ(c->typeOf("b"), "uint2");
  EXPECT_EQ(c->init("c"), "(call Load4:uint4 Out:RWByteAddressBuffer (*:uint (.x:uint id:uint3) 16:uint))");
  EXPECT_EQ(c->typeOf("t"), "float");
  auto* call = callOf(c->var("a")->init);
  EXPECT_EQ(call->intrinsic, uint32_t(IntrinsicId::BabLoad));
  EXPECT_NE(call->object, nullptr);
}

TEST(SemaResources, ReadOnlyBuffersRejectWrites) {
  auto c = check(R"(
StructuredBuffer<float> Ro;
ByteAddressBuffer Rb;
RWStructuredBuffer<float> Rw;
void f() {
  Rw[0] = Ro[1];
  Ro[0] = 1;
  Rb.Store(0, 1);
}
)");
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {"OSH0030@7:3", "OSH0030@8:3"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0030@7:3 cannot assign to const or read-only 'StructuredBuffer<float>'");
}

TEST(SemaResources, StructuredBufferIndexingAndDimensions) {
  auto c = check(R"(
struct P { float3 pos; uint id; };
RWStructuredBuffer<P> Particles : register(u2, space1);
void f(uint i) {
  P p = Particles[i];
  float x = Particles[i].pos.x;
  Particles[i].pos += 1;
  uint n, stride;
  Particles.GetDimensions(n, stride);
  uint k = Particles.IncrementCounter();
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("p"), "([]:P Particles:RWStructuredBuffer<P> i:uint)");
  EXPECT_EQ(c->init("x"), "(.x:float (.pos:float3 ([]:P Particles:RWStructuredBuffer<P> i:uint)))");
  const auto& g = c->sema->program().globals;
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].kind, sema::GlobalKind::Resource);
  EXPECT_EQ(g[0].binding.regClass, 'u');
  EXPECT_EQ(g[0].binding.index, 2u);
  EXPECT_EQ(g[0].binding.space, 1u);
}

TEST(SemaResources, FreeInterlockedNeedsGroupsharedOrBufferDestination) {
  auto c = check(R"(
groupshared uint Shared;
RWStructuredBuffer<uint> Buf;
static uint Priv;
void f() {
  uint o;
  InterlockedAdd(Shared, 1);
  InterlockedAdd(Buf[0], 2, o);
  InterlockedCompareExchange(Buf[1], 0, 1, o);
  InterlockedAdd(Priv, 1);
  InterlockedOr(o, 1);
}
)");
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {"OSH0033@10:18", "OSH0033@11:17"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[0],
            "OSH0033@10:18 the destination of 'InterlockedAdd' must be groupshared memory or an element of a writable "
            "buffer");
}

TEST(SemaTemplates, FunctionTemplatesAreDeducedAndInstantiated) {
  auto c = checkBody(
      "float a = add(1.0f, 2.0f); int b = add(1, 2); float3 c = add(float3(1,2,3), float3(4,5,6)); int d = "
      "twice<int>(3);",
      "template<typename T> T add(T x, T y) { return x + y; }\n"
      "template<typename T> T twice(T x) { return x * 2; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(calleeSig(*c, "a"), "add(float,float)");
  EXPECT_EQ(calleeSig(*c, "b"), "add(int,int)");
  EXPECT_EQ(calleeSig(*c, "c"), "add(float3,float3)");
  EXPECT_EQ(calleeSig(*c, "d"), "twice(int)");
  // Each instantiation is its own checked function.
  auto* fa = callOf(c->var("a")->init)->callee;
  auto* fb = callOf(c->var("b")->init)->callee;
  EXPECT_NE(fa, fb);
  EXPECT_EQ(fa->returnType->toString(), "float");
  auto* ret = ast::cast<ast::ReturnStmt>(fb->body->body[0]);
  EXPECT_EQ(sema::dumpTypedExpr(ret->value), "(+:int x:int y:int)");
  // The same arguments reuse the instance.
  auto c2 = checkBody("float a = add(1.0f, 2.0f); float b = add(3.0f, 4.0f);",
                      "template<typename T> T add(T x, T y) { return x + y; }\n");
  EXPECT_EQ(callOf(c2->var("a")->init)->callee, callOf(c2->var("b")->init)->callee);
}

TEST(SemaTemplates, ConflictingDeductionHasNoMatch) {
  auto c = checkBody("float a = add(1.0f, 2u);", "template<typename T> T add(T x, T y) { return x + y; }\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0005@4:11"}) << c->allDiags();
}

TEST(SemaTemplates, TemplateStructsAreInstantiatedOnUse) {
  auto c = checkBody("Pair<float> p; p.a = 1; Pair<int> q; q.b = 2; float s = p.sum(); int t = q.sum();",
                     "template<typename T> struct Pair { T a; T b; T sum() { return a + b; } };\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("p"), "Pair<float>");
  EXPECT_EQ(c->typeOf("q"), "Pair<int>");
  EXPECT_EQ(c->init("s"), "(call sum:float p:Pair<float>)");
  EXPECT_EQ(c->init("t"), "(call sum:int q:Pair<int>)");
}

TEST(SemaTemplates, NonTypeTemplateParametersAreGivenNotDeduced) {
  // N is given explicitly (rep<float, 3>) or the call has no match: it is not deduced.
  auto c = checkBody("float x = rep<float, 3>(2); int y = rep(1);",
                     "template<typename T, uint N> T rep(T x) { return x * N; }\n");
  EXPECT_FALSE(c->ok);
  ASSERT_EQ(c->diagList().size(), 1u) << c->allDiags();
  EXPECT_EQ(c->diagList()[0].substr(0, 7), "OSH0005") << c->allDiags();
}

TEST(SemaIntrinsics, BarriersAndSincosAndAsuint) {
  auto c = checkBody(
      "GroupMemoryBarrierWithGroupSync(); DeviceMemoryBarrier(); AllMemoryBarrier();\n"
      "float s, co; sincos(0.5, s, co); uint bits = asuint(1.0f); float back = asfloat(bits);\n"
      "uint lo, hi; asuint(2.0l, lo, hi); double dd = asdouble(lo, hi);");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("bits"), "(call asuint:uint 1:float)");
  EXPECT_EQ(c->init("dd"), "(call asdouble:double lo:uint hi:uint)");
}

TEST(SemaOverloads, LiteralFloatPrefersFloatOverHalfAndMinPrecision) {
  auto c = checkBody("int r1 = hp(1.0); int r2 = ip(1);",
                     "int hp(half x) { return 0; }\nint hp(float x) { return 1; }\n"
                     "int ip(min16int x) { return 0; }\nint ip(int x) { return 1; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(calleeSig(*c, "r1"), "hp(float)");
  EXPECT_EQ(calleeSig(*c, "r2"), "ip(int)");
}

TEST(SemaTemplates, ExplicitArgumentsAreNotDeduced) {
  // test<float>(1, 2): T is float as written; the literal arguments convert to it (C++,
  // DXC's fn.param.default test), also with a defaulted parameter left out.
  auto c = checkBody("float a = test<float>(1, 2); float b = test<float>(4); double d = twice<double>(1.0);",
                     "template<typename T> T test(const T a, const T b = 0) { return a + b; }\n"
                     "template<typename T> T twice(T x) { return x + x; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(calleeSig(*c, "a"), "test(float,float)");
  EXPECT_EQ(calleeSig(*c, "b"), "test(float,float)");
  EXPECT_EQ(calleeSig(*c, "d"), "twice(double)");
}

TEST(SemaTemplates, LiteralArgumentsDeduceIntOrUintBySize) {
  auto c = checkBody("int a = id(7); uint b = id(3000000000); int64_t d = id(4294967296); float e = id(0.5);",
                     "template<typename T> T id(T x) { return x; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(calleeSig(*c, "a"), "id(int)");
  EXPECT_EQ(calleeSig(*c, "b"), "id(uint)");
  EXPECT_EQ(calleeSig(*c, "d"), "id(int64_t)");
  EXPECT_EQ(calleeSig(*c, "e"), "id(float)");
  EXPECT_EQ(c->init("b"), "(call id:uint 3000000000:uint)");
}

// `typename S<args>::member` and `typename T::member`: the member type of an instance,
// looked up when the template that names it is instantiated (expected types by hand).
static const char* kMemberTypes =
    "template <class T, uint N> struct Vec { using type = vector<T, N>; typedef T scalar; static const uint count = N; "
    "};\n"
    "template <class T> struct Elem { typedef T type; };\n"
    "template <class T, uint N> struct Elem<vector<T, N> > { typedef T type; };\n"
    "template <class T> struct Outer { template <class U> struct Inner { typedef U type; }; };\n"
    "template <class T> struct Wrap { typedef typename Elem<T>::type elem; T v; elem first() { return (elem)v; } };\n"
    "template <class T> typename T::scalar firstOf(T v) { return 0; }\n";

TEST(SemaTemplates, DependentMemberTypesResolveAtInstantiation) {
  auto c = checkBody(
      "typename Vec<uint, 3>::type a; typename Elem<float3>::type b; typename Elem<int>::type c;"
      " Vec<int, 2>::type d; typename Outer<int>::template Inner<uint2>::type e; Wrap<float3>::elem f;"
      " Wrap<float3> w; float g = w.first(); Vec<int, 2> vv; int i = firstOf(vv);",
      kMemberTypes);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("a"), "uint3");
  EXPECT_EQ(c->typeOf("b"), "float");  // the partial specialization for vector<T, N>
  EXPECT_EQ(c->typeOf("c"), "int");    // the primary template
  EXPECT_EQ(c->typeOf("d"), "int2");   // without `typename`: Vec declares `type`
  EXPECT_EQ(c->typeOf("e"), "uint2");
  EXPECT_EQ(c->typeOf("f"), "float");
  EXPECT_EQ(c->init("g"), "(call first:float w:Wrap<float3>)");
  EXPECT_EQ(calleeSig(*c, "i"), "firstOf(Vec<int, 2>)");
}

TEST(SemaTemplates, MissingOrNonTypeMemberIsCodedAtTheUse) {
  // Body on line 9 (6 prelude lines, then a blank line and `void test_fn() {`).
  auto c = checkBody("typename Vec<uint, 2>::nope a; typename Vec<uint, 2>::count b;", kMemberTypes);
  EXPECT_FALSE(c->ok);
  std::vector<std::string> want = {
      "OSH0012@9:1 no member named 'nope' in 'Vec<uint, 2>'",
      "OSH0250@9:32 typename specifier refers to non-type member 'count' in 'Vec<uint, 2>'"};
  EXPECT_EQ(c->diagList(), want);
}

TEST(SemaTemplates, EnableIfThroughMemberTypesIsSfinae) {
  const std::string prelude =
      "template <bool B, class T = void> struct enable_if {};\n"
      "template <class T> struct enable_if<true, T> { typedef T type; };\n"
      "template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;\n"
      "template <class T> struct is_float { static const bool value = false; };\n"
      "template <> struct is_float<float> { static const bool value = true; };\n"
      "template <class T> enable_if_t<is_float<T>::value, float> pick(T x) { return x; }\n"
      "template <class T> typename enable_if<!is_float<T>::value, int>::type pick(T x) { return 2; }\n"
      "template <class T> typename enable_if<is_float<T>::value, T>::type onlyFloat(T x) { return x; }\n";
  auto c = checkBody("float a = pick(1.5f); int b = pick(3u); float c = onlyFloat(2.0f);", prelude);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->init("a"), "(call pick:float 1.5:float)");
  EXPECT_EQ(c->init("b"), "(call pick:int 3:uint)");
  EXPECT_EQ(calleeSig(*c, "c"), "onlyFloat(float)");
  // No candidate left: no matching function (OSH0005), not the member's OSH0012. Body on
  // line 11 (8 prelude lines); the call's name at column 11.
  auto d = checkBody("float e = onlyFloat(3u);", prelude);
  EXPECT_FALSE(d->ok);
  EXPECT_EQ(d->codes(), std::vector<std::string>{"OSH0005@11:11"}) << d->allDiags();
}
