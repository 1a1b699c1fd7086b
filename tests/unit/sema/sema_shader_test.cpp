// Realistic compute shaders check cleanly and produce the expected program.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

// The seed's Waves.hlsl (both entry points; the pixel one uses a texture method that Sema
// does not support yet, so only CSSum is compiled here with -E).
TEST(SemaShaders, SeedCSSumWithProfile) {
  sema::SemaOptions o;
  o.entryPoint = "CSSum";
  o.profile = "cs_6_0";
  auto c = check(R"(StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);

// Sum a buffer with one atomic per wave instead of one per thread.
[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
)",
                 o);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const auto& p = c->sema->program();
  ASSERT_EQ(p.entryPoints.size(), 1u);
  EXPECT_EQ(p.entryPoints[0].name, "CSSum");
  EXPECT_EQ(p.entryPoints[0].stage, sema::Stage::Compute);
  EXPECT_EQ(p.entryPoints[0].numThreads[0], 64u);
  EXPECT_EQ(p.entryPoints[0].numThreads[1], 1u);
  ASSERT_EQ(p.globals.size(), 2u);
  EXPECT_EQ(p.globals[0].name, "Values");
  EXPECT_EQ(p.globals[0].type->toString(), "StructuredBuffer<uint>");
  EXPECT_EQ(p.globals[0].binding.regClass, 't');
  EXPECT_EQ(p.globals[1].binding.regClass, 'u');
  EXPECT_EQ(p.globals[1].binding.index, 1u);
  auto* fn = p.entryPoints[0].decl;
  auto* ifs = ast::cast<ast::IfStmt>(fn->body->body[1]);
  EXPECT_EQ(sema::dumpTypedExpr(ifs->cond), "(call WaveIsFirstLane:bool)");
  auto* st = ast::cast<ast::ExprStmt>(ifs->thenStmt);
  EXPECT_EQ(sema::dumpTypedExpr(st->expr),
            "(call InterlockedAdd:void Total:RWByteAddressBuffer 0:uint waveTotal:uint)");
}

TEST(SemaShaders, ExamplesWavesFileBothEntryPoints) {
  std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl");
  if (!in) GTEST_SKIP() << "examples/Waves.hlsl not present";
  std::stringstream ss;
  ss << in.rdbuf();
  auto c = check(ss.str());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const auto& p = c->sema->program();
  ASSERT_EQ(p.entryPoints.size(), 2u);
  EXPECT_EQ(p.entryPoints[0].name, "CSSum");
  EXPECT_EQ(p.entryPoints[1].name, "PSSlope");
  EXPECT_EQ(p.entryPoints[1].stage, sema::Stage::Pixel);
  EXPECT_EQ(c->init("h"), "(call Sample:float Height:Texture2D<float> Linear:SamplerState uv:float2)");
  EXPECT_EQ(c->init("dx"), "(-:float (call QuadReadAcrossX:float h:float) h:float)");
}

TEST(SemaShaders, TextureIndexingLoadAndSampleLevelInCompute) {
  auto c = check(R"(
Texture2D<float4> Src : register(t0);
RWTexture2D<float4> Dst : register(u0);
SamplerState Lin : register(s0);
[shader("compute")] [numthreads(8, 8, 1)]
void Blur(uint3 id : SV_DispatchThreadID) {
  float4 a = Src.Load(int3(id.xy, 0));
  float4 b = Src.SampleLevel(Lin, float2(id.xy) / 64.0, 0);
  float4 c = Src[id.xy];
  uint w, h, levels;
  Src.GetDimensions(0, w, h, levels);
  Dst.GetDimensions(w, h);
  Dst[id.xy] = (a + b + c) / 3;
}
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->init("a"),
            "(call Load:float4 Src:Texture2D<float4> (ctor:int3 (IntegralCast:int2 (.xy:uint2 id:uint3)) 0:int))");
  EXPECT_EQ(c->init("c"), "([]:float4 Src:Texture2D<float4> (.xy:uint2 id:uint3))");
  // Sample (implicit LOD) is pixel-oriented; a compute use is allowed (derivatives in compute).
  auto c2 = check(
      "Texture2D T; SamplerState S;\nvoid f() {\n  T[int2(0, 0)] = 1;\n  float4 v = T.Sample(S, 1);\n  uint w;\n  "
      "T.GetDimensions(w);\n}\n");
  EXPECT_FALSE(c2->ok);
  std::vector<std::string> want = {"OSH0030@3:3", "OSH0015@6:5"};
  EXPECT_EQ(c2->codes(), want) << c2->allDiags();
}

TEST(SemaShaders, GroupsharedReductionWithStructsLoopsTemplatesAndBarriers) {
  sema::SemaOptions o;
  o.entryPoint = "Reduce";
  o.profile = "cs_6_0";
  auto c = check(R"(
#define GROUP 256
struct Stats {
  float sum;
  float maxv;
  uint count;
  void add(float v) { sum += v; maxv = max(maxv, v); count += 1; }
};

template<typename T> T square(T x) { return x * x; }

cbuffer Params : register(b0) { uint ElementCount; float Scale; };
StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<Stats> Output : register(u0);
RWByteAddressBuffer Counter : register(u1);

groupshared float Partial[GROUP];
groupshared uint Seen;

static const uint kSteps = 8;  // log2(GROUP)

[numthreads(GROUP, 1, 1)]
void Reduce(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    float v = dtid.x < ElementCount ? Input[dtid.x] * Scale : 0.0;
    Partial[gi] = square(v);
    if (gi == 0) Seen = 0;
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(Seen, 1);

    [unroll]
    for (uint s = GROUP / 2; s > 0; s >>= 1) {
        if (gi < s)
            Partial[gi] += Partial[gi + s];
        GroupMemoryBarrierWithGroupSync();
    }

    uint steps = 0;
    while (steps < kSteps) { steps++; if (steps == 3) continue; }
    do { steps--; } while (steps > 0);

    switch (gi & 3) {
        case 0: steps = 1; break;
        case 1:
        case 2: steps = 2; break;
        default: break;
    }

    if (gi == 0) {
        Stats st = (Stats)0;
        st.add(Partial[0]);
        st.add(WaveActiveMax(v));
        Output[gid.x] = st;
        uint prev;
        Counter.InterlockedAdd(0, 1, prev);
        uint dims;
        Counter.GetDimensions(dims);
        int3 iv = int3(1, 2, 3);
        int3 sq = square(iv);
    }
    AllMemoryBarrierWithGroupSync();
}
)",
                 o);
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->diags.warningCount(), 0u) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  const auto& p = c->sema->program();
  ASSERT_EQ(p.entryPoints.size(), 1u);
  EXPECT_EQ(p.entryPoints[0].numThreads[0], 256u);
  ASSERT_EQ(p.entryPoints[0].params.size(), 3u);
  EXPECT_EQ(p.entryPoints[0].params[1].sv, sema::SystemValue::GroupID);
  EXPECT_EQ(c->typeOf("Partial"), "float[256]");
  EXPECT_EQ(c->init("v"),
            "(?:float (<:bool (.x:uint dtid:uint3) ElementCount:uint) (*:float ([]:float Input:StructuredBuffer<float> "
            "(.x:uint dtid:uint3)) Scale:float) 0:float)");
  EXPECT_EQ(c->init("sq"), "(call square:int3 iv:int3)");
  // Globals in declaration order with their kinds.
  std::vector<std::string> names;
  for (auto& g : p.globals) names.push_back(g.name + ":" + std::to_string(int(g.kind)));
  std::vector<std::string> want = {"Params:1", "Input:0", "Output:0", "Counter:0", "Partial:2", "Seen:2", "kSteps:3"};
  EXPECT_EQ(names, want);
  // square<float>, square<int3> instantiated; the entry's call graph holds them.
  int squares = 0;
  for (auto* f : p.entryPoints[0].callGraph)
    if (f->name.str() == "square") ++squares;
  EXPECT_EQ(squares, 2);
}
