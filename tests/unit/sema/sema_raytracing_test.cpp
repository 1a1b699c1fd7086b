// Ray tracing pipeline stages in Sema: the [shader] stage names, the intrinsics' types
// (DXR's signatures) and where they may be called.
#include <gtest/gtest.h>

#include <map>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
sema::SemaOptions lib() {
  sema::SemaOptions o;
  o.profile = "lib_6_3";
  return o;
}
}  // namespace

TEST(SemaRayTracing, StagesOfALibrary) {
  auto c = check(R"(struct P { float4 c; };
struct A { float2 b; };
[shader("raygeneration")] void rg() {}
[shader("intersection")] void is() {}
[shader("anyhit")] void ah(inout P p, in A a) {}
[shader("closesthit")] void ch(inout P p, A a) {}
[shader("miss")] void ms(inout P p) {}
[shader("callable")] void ca(inout P p) {}
)",
                 lib());
  EXPECT_TRUE(c->ok) << c->allDiags();
  const auto& eps = c->sema->program().entryPoints;
  ASSERT_EQ(eps.size(), 6u);
  EXPECT_EQ(eps[0].stage, sema::Stage::RayGeneration);
  EXPECT_EQ(eps[1].stage, sema::Stage::Intersection);
  EXPECT_EQ(eps[2].stage, sema::Stage::AnyHit);
  EXPECT_EQ(eps[3].stage, sema::Stage::ClosestHit);
  EXPECT_EQ(eps[4].stage, sema::Stage::Miss);
  EXPECT_EQ(eps[5].stage, sema::Stage::Callable);
  for (const auto& ep : eps) EXPECT_TRUE(sema::isRayTracingStage(ep.stage)) << ep.name;
  EXPECT_FALSE(sema::isRayTracingStage(sema::Stage::Compute));
}

// The result types are DXR's (float3x4 for ObjectToWorld3x4 and ObjectToWorld, float4x3 for
// the 4x3 form, uint3 for the dispatch index, bool for ReportHit).
TEST(SemaRayTracing, IntrinsicTypes) {
  auto c = check(R"(struct P { float4 c; };
struct A { float2 b; };
[shader("intersection")] void is() {
  A a;
  a.b = 0;
  uint3 i = DispatchRaysIndex();
  float3x4 m = ObjectToWorld3x4();
  float3x4 m1 = ObjectToWorld();
  float4x3 m2 = WorldToObject4x3();
  float t = RayTCurrent();
  bool h = ReportHit(t, 1, a);
}
)",
                 lib());
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  std::map<std::string, std::string> types;  // initialized local -> its typed initializer
  c->forEachVar([&](ast::VarDecl* v) {
    if (v->init) types[std::string(v->name.str())] = sema::dumpTypedExpr(v->init);
  });
  EXPECT_EQ(types["i"], "(call DispatchRaysIndex:uint3)");
  EXPECT_EQ(types["m"], "(call ObjectToWorld3x4:float3x4)");
  EXPECT_EQ(types["m1"], "(call ObjectToWorld:float3x4)");
  EXPECT_EQ(types["m2"], "(call WorldToObject4x3:float4x3)");
  EXPECT_EQ(types["t"], "(call RayTCurrent:float)");
  EXPECT_EQ(types["h"], "(call ReportHit:bool t:float 1:uint a:A)");
}

// OSH0028 where the stage lacks the intrinsic (DXC's SPIR-V.rst tables): ReportHit outside
// intersection shaders, HitKind in a miss shader, IgnoreHit in a closest-hit shader, the
// system values in a pixel shader.
TEST(SemaRayTracing, IntrinsicStages) {
  auto c = check(R"(struct P { float4 c; };
struct A { float2 b; };
[shader("miss")] void ms(inout P p) {
  A a;
  a.b = 0;
  ReportHit(1.0, 0, a);
  p.c = HitKind();
}
[shader("closesthit")] void ch(inout P p, in A a) { IgnoreHit(); }
[shader("pixel")] float4 ps() : SV_Target { return WorldRayOrigin().xyzz; }
)",
                 lib());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0028@6:3", "OSH0028@7:9", "OSH0028@9:53", "OSH0028@10:52"}));
}
