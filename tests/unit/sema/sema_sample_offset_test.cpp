// Sema for the sampling methods (SampleBias, SampleGrad, SampleCmp, SampleCmpLevelZero and
// offsets on Sample/SampleLevel), `static` locals, and explicit member offsets
// (packoffset, register(cN), [[vk::offset]]): signatures and result types from the HLSL
// documentation (Texture2D::SampleGrad(S, float2, float2 ddx, float2 ddy [, int2 offset]),
// SampleCmp returns float, ...), errors at their ranges.
#include <gtest/gtest.h>

#include "intrinsics/intrinsics.hpp"
#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
sema::SemaOptions pixel() {
  sema::SemaOptions o;
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  return o;
}
ast::CallExpr* callOf(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::ImplicitCast) e = static_cast<ast::ImplicitCastExpr*>(e)->sub;
  return ast::dyn_cast<ast::CallExpr>(e);
}
}  // namespace

TEST(SemaSample, MethodsTypesAndIntrinsicIds) {
  auto c = check(R"(
Texture2D<float2> t : register(t0);
Texture2DArray tarr : register(t1);
TextureCube cube : register(t2);
Texture3D vol : register(t3);
Texture1D<float> line : register(t4);
SamplerState s : register(s0);
SamplerComparisonState cs : register(s1);
float4 main(float2 uv : A, float3 d : B) : SV_Target {
  float2 a = t.SampleBias(s, uv, 0.5);
  float2 b = t.SampleGrad(s, uv, ddx(uv), ddy(uv), int2(1, 0));
  float4 g = cube.SampleGrad(s, d, d, d);
  float4 h = vol.SampleGrad(s, d, d, d, int3(0, 1, 2));
  float4 i = tarr.SampleBias(s, float3(uv, 1), -1, int2(0, 0));
  float c = t.SampleCmp(cs, uv, 0.5);
  float e = cube.SampleCmpLevelZero(cs, d, 0.5);
  float2 f = t.Sample(s, uv, int2(-1, 1));
  float2 l = t.SampleLevel(s, uv, 0, int2(1, 1));
  float m = line.SampleBias(s, uv.x, 1, 2);
  return float4(a + b + c + e + f + l, g.x + h.x + i.x, m);
}
)",
                 pixel());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("a"), "float2");
  EXPECT_EQ(c->typeOf("c"), "float");
  EXPECT_EQ(callOf(c->var("a")->init)->intrinsic, uint32_t(IntrinsicId::TexSampleBias));
  EXPECT_EQ(callOf(c->var("b")->init)->intrinsic, uint32_t(IntrinsicId::TexSampleGrad));
  EXPECT_EQ(callOf(c->var("c")->init)->intrinsic, uint32_t(IntrinsicId::TexSampleCmp));
  EXPECT_EQ(callOf(c->var("e")->init)->intrinsic, uint32_t(IntrinsicId::TexSampleCmpLevelZero));
}

TEST(SemaSample, WrongSamplersShapesAndArguments) {
  auto c = check(R"(
Texture2D t : register(t0);
TextureCube cube : register(t2);
Texture3D vol : register(t3);
SamplerState s : register(s0);
SamplerComparisonState cs : register(s1);
float4 main(float2 uv : A) : SV_Target {
  float a = t.SampleCmp(s, uv, 0.5);
  float4 b = t.SampleBias(cs, uv, 0.5);
  float c = vol.SampleCmp(cs, float3(uv, 0), 0.5);
  float4 d = cube.Sample(s, float3(uv, 1), int2(1, 1));
  float4 e = t.SampleGrad(s, uv, uv);
  float4 f = t.SampleBias(s, uv, 0.5, int2(0, 0), 1.0, 2, 3);
  return a + b + c + d + e + f;
}
)",
                 pixel());
  EXPECT_FALSE(c->ok);
  // SamplerState where a comparison sampler is needed and the reverse (OSH0004); no
  // SampleCmp on Texture3D (OSH0012, as DXC); a cube texture takes no offset, so an int2
  // there is its float clamp, truncated (the OSH0008 warning, as DXC's overload); SampleGrad
  // needs 4 arguments and SampleBias at most 6 (OSH0015).
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0004@8:25", "OSH0004@9:27", "OSH0012@10:17", "OSH0008@11:44",
                                                  "OSH0015@12:16", "OSH0015@13:16"}))
      << c->allDiags();
}

TEST(SemaOffsets, PackOffsetRegisterCAndVkOffsetRules) {
  auto c = check(R"(
float g : packoffset(c0);
cbuffer B {
  float3 v : packoffset(c0.z);
  float m[2] : packoffset(c1.y);
  float2 ok : packoffset(c3.z);
  [[vk::offset(64)]] float fine;
};
struct S { [[vk::offset(6)]] float x; };
static float st : register(c1);
float gc : register(c4);
[[vk::offset(4)]] float notMember;
[numthreads(1, 1, 1)]
void main() {}
)",
                 [] {
                   sema::SemaOptions o;
                   o.entryPoint = "main";
                   o.profile = "cs_6_0";
                   return o;
                 }());
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0041@2:11", "OSH0041@4:14", "OSH0041@5:16", "OSH0024@9:25",
                                                  "OSH0041@10:19", "OSH0045@12:3"}))
      << c->allDiags();
}

TEST(SemaStatic, StaticLocalsAreAccepted) {
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
uint f() { static uint n = 1; static const uint k = 2; static float3 v; n += k; return n + uint(v.x); }
[numthreads(1, 1, 1)]
void main() { o[0] = f(); }
)",
                 [] {
                   sema::SemaOptions o;
                   o.entryPoint = "main";
                   o.profile = "cs_6_0";
                   return o;
                 }());
  EXPECT_TRUE(c->ok) << c->allDiags();
}
