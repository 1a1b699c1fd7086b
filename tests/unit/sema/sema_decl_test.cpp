// Declarations, program result (entry points, bindings, globals), and one test per
// diagnostic code Sema emits, with its location.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
sema::SemaOptions cs(const char* entry = "main") {
  sema::SemaOptions o;
  o.entryPoint = entry;
  o.profile = "cs_6_0";
  return o;
}
}  // namespace

TEST(SemaDecls, NamespacesTypedefsEnumsAndStaticConst) {
  auto c = check(R"(
namespace math { static const uint N = 4 * 2; typedef float3 vec; float twice(float x) { return 2 * x; } }
using Color = float4;
enum Mode { Off, On = 5, Auto };
enum class Shape : uint { Box = 1, Ball };
static const int Size = math::N + Auto;
groupshared float Cache[Size];
void f() {
  math::vec v = 1;
  Color c = 0;
  float t = math::twice(v.x);
  Mode m = On;
  int k = m;
  Shape s = Shape::Ball;
  uint u = (uint)s;
  float arr[math::N];
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("v"), "float3");
  EXPECT_EQ(c->typeOf("c"), "float4");
  // Size = 8 + 6 = 14
  EXPECT_EQ(c->typeOf("Cache"), "float[14]");
  EXPECT_EQ(c->typeOf("arr"), "float[8]");
  EXPECT_EQ(c->typeOf("m"), "Mode");
  EXPECT_EQ(c->init("k"), "(NoOp:int m:Mode)");
  EXPECT_EQ(c->init("u"), "(cast:uint (NoOp:uint s:Shape))");
  EXPECT_EQ(c->sema->constValue(c->var("Size")->init).asInt(), 14);
}

TEST(SemaDecls, ScopedEnumsDoNotConvertImplicitly) {
  auto c = check("enum class E { A, B };\nvoid f() {\nint x = E::B;\n}\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0004@3:9"}) << c->allDiags();
}

TEST(SemaDecls, StructsFieldsMethodsAndThis) {
  auto c = check(R"(
struct Acc {
  float sum;
  uint count;
  void add(float v) { sum += v; count++; }
  float mean() { return count ? sum / count : 0; }
  float self() { return this.sum; }
};
void f() {
  Acc a = (Acc)0;
  a.add(2);
  float m = a.mean();
  float s = a.sum;
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a"), "(cast:Acc (Flat:Acc 0:int))");
  EXPECT_EQ(c->init("m"), "(call mean:float a:Acc)");
  auto* mean = c->function("mean");
  ASSERT_NE(mean, nullptr);
  auto* ret = ast::cast<ast::ReturnStmt>(mean->body->body[0]);
  EXPECT_EQ(sema::dumpTypedExpr(ret->value),
            "(?:float (ToBool:bool count:uint) (/:float sum:float (IntToFloat:float count:uint)) 0:float)");
}

TEST(SemaDecls, CBufferMembersAreGlobals) {
  auto c = check(R"(
cbuffer Params : register(b0, space2) { float Scale; uint Count; };
[[vk::binding(3, 1)]] RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  if (id.x < Count) Out[id.x] = Scale * id.x;
}
)",
                 cs());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const auto& p = c->sema->program();
  ASSERT_EQ(p.globals.size(), 2u);
  EXPECT_EQ(p.globals[0].kind, sema::GlobalKind::CBuffer);
  EXPECT_EQ(p.globals[0].name, "Params");
  ASSERT_EQ(p.globals[0].members.size(), 2u);
  EXPECT_EQ(p.globals[0].members[1]->name.str(), "Count");
  EXPECT_EQ(p.globals[0].binding.regClass, 'b');
  EXPECT_EQ(p.globals[0].binding.space, 2u);
  EXPECT_TRUE(p.globals[1].binding.hasVkBinding);
  EXPECT_EQ(p.globals[1].binding.vkBinding, 3u);
  EXPECT_EQ(p.globals[1].binding.vkSet, 1u);
  ASSERT_EQ(p.entryPoints.size(), 1u);
  const auto& ep = p.entryPoints[0];
  EXPECT_EQ(ep.stage, sema::Stage::Compute);
  EXPECT_EQ(ep.numThreads[0], 8u);
  EXPECT_EQ(ep.numThreads[1], 8u);
  EXPECT_EQ(ep.numThreads[2], 1u);
  ASSERT_EQ(ep.params.size(), 2u);
  EXPECT_EQ(ep.params[0].sv, sema::SystemValue::DispatchThreadID);
  EXPECT_EQ(ep.params[1].sv, sema::SystemValue::GroupIndex);
  // A cbuffer member is read-only.
  auto c2 = check("cbuffer P { float S; };\nvoid f() {\nS = 1;\n}\n");
  EXPECT_EQ(c2->codes(), std::vector<std::string>{"OSH0030@3:1"}) << c2->allDiags();
}

TEST(SemaProgram, ShaderAttributeEntryPointsAndCallGraph) {
  auto c = check(R"(
float helper(float x) { return x * 2; }
float outer(float x) { return helper(x) + 1; }
[shader("compute")] [numthreads(64, 1, 1)]
void A(uint i : SV_GroupIndex) { float y = outer(i); }
[shader("pixel")]
float4 P(float4 pos : SV_Position) : SV_Target { return helper(pos.x); }
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const auto& p = c->sema->program();
  ASSERT_EQ(p.entryPoints.size(), 2u);
  EXPECT_EQ(p.entryPoints[0].name, "A");
  EXPECT_EQ(p.entryPoints[0].numThreads[0], 64u);
  ASSERT_EQ(p.entryPoints[0].callGraph.size(), 3u);
  EXPECT_EQ(p.entryPoints[0].callGraph[0]->name.str(), "helper");
  EXPECT_EQ(p.entryPoints[0].callGraph[1]->name.str(), "outer");
  EXPECT_EQ(p.entryPoints[0].callGraph[2]->name.str(), "A");
  EXPECT_EQ(p.entryPoints[1].stage, sema::Stage::Pixel);
  EXPECT_EQ(p.entryPoints[1].returnSemantic, "SV_Target");
  EXPECT_EQ(p.entryPoints[1].params[0].sv, sema::SystemValue::Position);
}

TEST(SemaProgram, PrototypeCallsGoToTheDefinition) {
  auto c = check("float g(float x);\nfloat h() { return g(1); }\nfloat g(float x) { return x; }\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  auto* h = c->function("h");
  auto* ret = ast::cast<ast::ReturnStmt>(h->body->body[0]);
  auto* call = ast::cast<ast::CallExpr>(ret->value);
  ASSERT_NE(call->callee, nullptr);
  EXPECT_NE(call->callee->body, nullptr);
}

// ---------------------------------------------------------------------------
// One test per diagnostic code
// ---------------------------------------------------------------------------
TEST(SemaDiagnostics, OSH0001UndeclaredIdentifier) {
  auto c = check("void f() {\n  int a = nope + 1;\n}\n");
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0001@2:11 use of undeclared identifier 'nope'"});
}
TEST(SemaDiagnostics, OSH0002UnknownType) {
  auto c = check("void f() {\n  Foo a;\n}\n");
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0002@2:3"}) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0003Redefinition) {
  auto c = check("void f() {\n  int a;\n  float a;\n}\nvoid g() {}\nvoid g() {}\n");
  std::vector<std::string> want = {"OSH0003@3:9", "OSH0003@6:6"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0003RepeatedFieldReportedOnce) {
  // Once per repeated field (the field check and the struct's scope both saw it: twice before).
  auto c = check("struct S { float a; int a; };\nstruct D { int y; int x; int y; };\n");
  std::vector<std::string> want = {"OSH0003@1:25", "OSH0003@2:30"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0004TypeMismatch) {
  auto c = check("struct S { float a; };\nvoid f() {\n  S s;\n  float x = s;\n}\n");
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0004@4:13 cannot convert from 'S' to 'float'"});
}
TEST(SemaDiagnostics, OSH0007NotSupportedYet) {
  auto c = check("Texture2DMS<float4> T; SamplerState S;\nvoid f() {\n  float4 x = T.Sample(S, float2(0, 0));\n}\n");
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0007@3:16 method 'Sample' of 'Texture2DMS<float4>' is not supported yet"});
}
TEST(SemaDiagnostics, OSH0010NotAssignable) {
  auto c = check("void f() {\n  int a;\n  (a + 1) = 2;\n}\n");
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0010@3:3"}) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0012NoMember) {
  auto c = check("struct S { float a; };\nvoid f() {\n  S s;\n  float x = s.b;\n}\n");
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0012@4:15 no member named 'b' in 'S'"});
}
TEST(SemaDiagnostics, OSH0013InvalidOperands) {
  auto c = check("void f() {\n  float a; int b;\n  int c = a & b;\n  float2 v; float2x2 m;\n  v + m;\n}\n");
  std::vector<std::string> want = {"OSH0013@3:13", "OSH0013@5:5"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0014InvalidUnaryOperand) {
  auto c = check("void f() {\n  float a;\n  float b = ~a;\n}\n");
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0014@3:13"}) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0016NotConstant) {
  auto c = check("void f(int n) {\n  float a[n];\n}\n");
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0016@2:11"}) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0018BreakAndContinuePlacement) {
  auto c = check(
      "void f(int n) {\n  break;\n  switch (n) { case 0: continue; default: break; }\n  while (true) { break; }\n}\n");
  std::vector<std::string> want = {"OSH0018@2:3", "OSH0018@3:24"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[1], "OSH0018@3:24 'continue' statement not in loop or switch statement");
}
TEST(SemaDiagnostics, OSH0019And0020ReturnChecks) {
  auto c = check(
      "struct S { int a; };\nvoid f() {\n  return 1;\n}\nfloat g() {\n  return;\n}\nfloat h() {\n  S s;\n  return "
      "s;\n}\n");
  std::vector<std::string> want = {"OSH0019@3:10", "OSH0020@6:3", "OSH0019@10:10"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0021EntryPointNotFound) {
  auto c = check("void f() {}\n", cs("main"));
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0021@0:0 entry point 'main' not found"});
}
TEST(SemaDiagnostics, OSH0022MissingNumThreads) {
  auto c = check("void main(uint3 id : SV_DispatchThreadID) {}\n", cs());
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0022@1:6 compute entry point 'main' requires a [numthreads] attribute"});
}
TEST(SemaDiagnostics, OSH0023UnknownSemanticAnd0035BadType) {
  auto c = check("[numthreads(1,1,1)]\nvoid main(uint3 id : SV_Position, float g : SV_GroupIndex) {}\n", cs());
  std::vector<std::string> want = {"OSH0023@2:22", "OSH0035@2:45"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
  EXPECT_EQ(c->diagList()[0], "OSH0023@2:22 semantic 'SV_Position' is not supported for compute shader parameters");
}
TEST(SemaDiagnostics, OSH0026Recursion) {
  auto c = check("int a(int n);\nint b(int n) { return a(n - 1); }\nint a(int n) { return n ? b(n) : 0; }\n");
  EXPECT_EQ(c->diagList(), std::vector<std::string>{"OSH0026@3:27 recursive call to 'b' is not allowed in shaders"});
}
TEST(SemaDiagnostics, OSH0028PixelOnlyIntrinsicInCompute) {
  auto c = check("float g(float x) {\n  clip(x);\n  return x;\n}\n[numthreads(1,1,1)]\nvoid main() { g(1); }\n", cs());
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0028@2:3 intrinsic 'clip' is not available in compute shaders"});
}
TEST(SemaDiagnostics, OSH0140DerivativeThreadShape) {
  // HLSL SM 6.6 compute derivatives: 2x1x1 threads are neither 1D quads (X % 4) nor 2D ones.
  auto c = check("float g(float x) {\n  return ddx(x);\n}\n[numthreads(2,1,1)]\nvoid main() { g(1); }\n", cs());
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{
                "OSH0140@2:10 'ddx' takes derivatives, which in a compute shader need [numthreads] with X a "
                "multiple of 4 and Y = Z = 1, or X and Y multiples of 2, not (2, 1, 1)"});
  EXPECT_TRUE(check("float g(float x) {\n  return ddx(x);\n}\n[numthreads(4,1,1)]\nvoid main() { g(1); }\n", cs())
                  ->diagList()
                  .empty());
}
TEST(SemaDiagnostics, OSH0031IndexOutOfRange) {
  auto c = check("void f() {\n  float a[4];\n  float x = a[4];\n  float4 v;\n  float y = v[-1];\n}\n");
  std::vector<std::string> want = {"OSH0031@3:15", "OSH0031@5:15"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}
TEST(SemaDiagnostics, OSH0038MissingSemantic) {
  auto c = check("[numthreads(1,1,1)]\nvoid main(uint id) {}\n", cs());
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0038@2:16 parameter 'id' of entry point 'main' needs a semantic"});
}

TEST(SemaDiagnostics, SeveralErrorsInOneRunWithoutCascades) {
  auto c = check(R"(void f() {
  float a = missing1;
  float b = a + missing2 * 2;
  float3 v = float3(1, 2, 3);
  float4 w = v;
  int c = nothere(a);
}
)");
  std::vector<std::string> want = {"OSH0001@2:13", "OSH0001@3:17", "OSH0004@5:14", "OSH0001@6:11"};
  EXPECT_EQ(c->codes(), want) << c->allDiags();
}

TEST(SemaDecls, SwitchOnEnums) {
  auto c = check(
      "enum class Op { Add, Mul };\nenum Mode { A, B };\nint f(Op o, Mode m) {\n"
      "  switch (o) { case Op::Add: return 1; case Op::Mul: return 2; }\n"
      "  switch (m) { case A: return 3; default: return 4; }\n}\n");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
}

TEST(SemaDecls, ConstantBufferOfStructFieldsAreReadOnly) {
  auto c = check(
      "struct P { float4 tint; uint n; };\nConstantBuffer<P> Cb : register(b1);\nvoid f() {\n"
      "  float4 t = Cb.tint;\n  Cb.n = 2;\n}\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->init("t"), "(.tint:float4 Cb:ConstantBuffer<P>)");
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0030@5:3 cannot assign to const or read-only 'ConstantBuffer<P>'"});
}

TEST(SemaDecls, SingleInheritanceFieldsComeFirst) {
  auto c = check(R"(
struct Base { float a; float get() { return a; } };
struct Derived : Base { float b; float sum() { return a + b; } };
void f() {
  Derived d = (Derived)0;
  float x = d.a + d.b;
  float y = d.sum();
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const sema::Type* t = c->var("d")->type;
  ASSERT_EQ(t->fields().size(), 2u);
  EXPECT_EQ(t->fields()[0].name.str(), "a");
  EXPECT_EQ(t->fields()[1].decl->index, 1u);
  EXPECT_EQ(c->init("x"), "(+:float (.a:float d:Derived) (.b:float d:Derived))");
  auto c2 = check(
      "struct B { float a; float get() { return a; } };\nstruct D : B { float b; };\nvoid f() {\n"
      "  D d = (D)0;\n  float g = d.get();\n}\n");
  EXPECT_EQ(c2->codes(), std::vector<std::string>{"OSH0007@5:15"}) << c2->allDiags();
}

TEST(SemaDiagnostics, OSH0028DiscardOutsidePixelShaders) {
  auto c = check(
      "void g() {\n  discard;\n}\n[shader(\"compute\")] [numthreads(1,1,1)]\nvoid main() { g(); }\n"
      "[shader(\"pixel\")]\nfloat4 ps() : SV_Target { g(); return 0; }\n");
  EXPECT_EQ(c->diagList(),
            std::vector<std::string>{"OSH0028@2:3 intrinsic 'discard' is not available in compute shaders"});
}

// The ray-tracing constants are declared on the first lookup of each name (issue 11), with
// the semantics of a declaration before the file (as DXC's built-ins): a user declaration
// at global scope is a redefinition, before or after a use of the name; a local or
// namespace-scope one shadows; `::NAME` and constant folding see the DXR values.
TEST(SemaDecls, RayTracingConstantsRedefinedAtGlobalScope) {
  auto c = check("static const uint RAY_FLAG_NONE = 5;\n");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), std::vector<std::string>{"OSH0003@1:19"}) << c->allDiags();
  // Used first, declared after: still the built-in's redefinition.
  auto u = check("static const uint A = COMMITTED_TRIANGLE_HIT;\nstatic const uint COMMITTED_TRIANGLE_HIT = 1;\n");
  EXPECT_FALSE(u->ok);
  EXPECT_EQ(u->codes(), std::vector<std::string>{"OSH0003@2:19"}) << u->allDiags();
  // A function, a struct and a namespace of such a name.
  auto k = check(
      "uint COMMITTED_NOTHING() { return 1; }\nstruct HIT_KIND_TRIANGLE_FRONT_FACE { uint x; };\n"
      "namespace CANDIDATE_PROCEDURAL_PRIMITIVE { uint y; }\n");
  EXPECT_FALSE(k->ok);
  EXPECT_EQ(k->codes(), (std::vector<std::string>{"OSH0003@1:6", "OSH0003@2:8", "OSH0003@3:11"})) << k->allDiags();
}

TEST(SemaDecls, RayTracingConstantsShadowedAndFolded) {
  auto c = check(R"(
groupshared uint G[RAY_FLAG_CULL_OPAQUE + HIT_KIND_TRIANGLE_BACK_FACE];
namespace N { static const uint RAY_FLAG_NONE = 7; }
void f() {
  static const uint RAY_FLAG_NONE = 5;
  uint a[RAY_FLAG_NONE + ::RAY_FLAG_FORCE_OPAQUE];
  uint b[N::RAY_FLAG_NONE + ::RAY_FLAG_NONE + 1];
  uint c[RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS + CANDIDATE_PROCEDURAL_PRIMITIVE + COMMITTED_PROCEDURAL_PRIMITIVE_HIT];
  uint d = RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES;
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  // DXR spec: RAY_FLAG_CULL_OPAQUE 0x40, HIT_KIND_TRIANGLE_BACK_FACE 0xFE + 1 = 0xFF: 64 + 255.
  EXPECT_EQ(c->typeOf("G"), "uint[319]");
  // The local 5 + RAY_FLAG_FORCE_OPAQUE 1.
  EXPECT_EQ(c->typeOf("a"), "uint[6]");
  // N's 7 + the global RAY_FLAG_NONE 0 + 1.
  EXPECT_EQ(c->typeOf("b"), "uint[8]");
  // 1 + 1 + 2.
  EXPECT_EQ(c->typeOf("c"), "uint[4]");
  EXPECT_EQ(c->sema->constValue(c->var("d")->init).asInt(), 0x200);
}
