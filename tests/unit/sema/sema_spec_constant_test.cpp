// [[vk::constant_id]] and [[vk::push_constant]] checks, with DXC's messages and (lines from)
// DXC's CodeGenSPIRV tests vk.spec-constant.error{1..5} and vk.push-constant.multiple.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
sema::SemaOptions vertex() {
  sema::SemaOptions o;
  o.entryPoint = "main";
  o.profile = "vs_6_0";
  return o;
}
}  // namespace

TEST(SemaSpecConstants, DxcErrors) {
  auto c = check(R"([[vk::constant_id(0)]]
const bool sc0 = true;
[[vk::constant_id(1)]]
const bool sc1 = sc0;
[[vk::constant_id(2)]]
const double sc2 = 42;
[[vk::constant_id(3)]]
const int sc3;
[[vk::constant_id(4)]]
const int sc4 = sc0 + sc0;
[[vk::constant_id(5)]]
static const int sc5 = 1;
float main() : A { return 1.0; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->diagList(), (std::vector<std::string>{
                               "OSH0048@4:18 unsupported specialization constant initializer",
                               "OSH0048@6:7 unsupported specialization constant type",
                               "OSH0048@8:11 missing default value for specialization constant",
                               "OSH0048@10:17 unsupported specialization constant initializer",
                               "OSH0048@12:18 specialization constant must be externally visible",
                           }))
      << c->allDiags();
}

TEST(SemaSpecConstants, AcceptedInitializers) {
  // vk.spec-constant.init: non-const globals, conversions of literals, a static const.
  auto c = check(R"(
[[vk::constant_id(0)]] bool b2 = 1.5;
[[vk::constant_id(13)]] int i3 = 2.5;
[[vk::constant_id(32)]] float f2 = true;
static const uint u1val = 0xC0FFEE;
[[vk::constant_id(1)]] const uint u1 = u1val;
float main() : A { return b2 ? f2 + i3 + u1 : 0; }
)",
                 vertex());
  EXPECT_TRUE(c->ok) << c->allDiags();
}

TEST(SemaSpecConstants, NotAssignable) {
  auto c = check(R"(
[[vk::constant_id(0)]] uint n = 4;
float main() : A { n = 5; return n; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0030@3:20"})) << c->allDiags();
}

TEST(SemaPushConstants, DxcErrors) {
  auto c = check(R"(struct S { float4 f; };
[[vk::push_constant]]
S pcs1;
[[vk::push_constant]]
S pcs2;
[[vk::push_constant, vk::binding(5)]]
S pcs3;
[[vk::push_constant]] float notStruct;
float main() : A { return pcs1.f.x; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0047@4:3", "OSH0046@6:3", "OSH0045@8:3"})) << c->allDiags();
}

TEST(SemaImageFormat, SubjectNameAndTexelType) {
  auto c = check(R"(
[[vk::image_format("rgba8")]] RWTexture2D<float4> ok1;
[[vk::image_format(r32ui)]] RWBuffer<uint> ok2;
[[vk::image_format("rgba8")]] Texture2D<float4> sampled;
[[vk::image_format("bogus")]] RWTexture2D<float4> unknown;
[[vk::image_format("r32ui")]] RWTexture2D<float> mismatch;
[[vk::image_format("r64ui")]] RWTexture2D<uint> narrow;
[[vk::image_format("r32i")]] RWTexture2D<int64_t> wide;
[[vk::image_format("r64i")]] RWTexture2D<int64_t> ok3;
float main() : A { return 1; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  // Vulkan's format/type matching (DXC: image.format.incompat.type.r64ui.hlsl): a 64-bit
  // format only with 64-bit integer texels, and those only with a 64-bit format.
  EXPECT_EQ(c->codes(),
            (std::vector<std::string>{"OSH0045@4:3", "OSH0024@5:20", "OSH0024@6:20", "OSH0024@7:20", "OSH0024@8:20"}))
      << c->allDiags();
}

// [[vk::combinedImageSampler]]: DXC's subject TextureOrSampler (a global Texture* or
// Sampler* record, so no arrays; RW textures, buffers and TextureBuffer are not textures here).
TEST(SemaCombinedImageSampler, Subject) {
  auto c = check(R"(
[[vk::combinedImageSampler]] Texture2D<float4> ok1 : register(t0);
[[vk::combinedImageSampler]] SamplerState ok2 : register(s0);
[[vk::combinedImageSampler]] TextureCubeArray ok3 : register(t1);
[[vk::combinedImageSampler]] SamplerComparisonState ok4 : register(s1);
[[vk::combinedImageSampler]] RWTexture2D<float4> rw;
[[vk::combinedImageSampler]] Buffer<float4> buf;
[[vk::combinedImageSampler]] Texture2D<float4> arr[2];
[[vk::combinedImageSampler]] StructuredBuffer<float> sb;
float main() : A { return 1; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0045@6:3", "OSH0045@7:3", "OSH0045@8:3", "OSH0045@9:3"}))
      << c->allDiags();
}

// ---- specialization-constant expressions, workgroup sizes and array sizes (issue 12)

namespace {
sema::SemaOptions compute() {
  sema::SemaOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  return o;
}
const ast::VarDecl* varNamed(const Checked& c, const char* name) {
  const ast::VarDecl* out = nullptr;
  c.forEachVar([&](ast::VarDecl* v) {
    if (v->name.str() == name) out = v;
  });
  return out;
}
}  // namespace

TEST(SemaSpecConstants, StaticConstExpressions) {
  // Which static consts are specialization-constant expressions: the operations the Shader
  // capability allows in OpSpecConstantOp on 32-bit integers and bools; not floats (Kernel
  // only), not a static that is not const, not a plain constant.
  auto c = check(R"(
[[vk::constant_id(0)]] const uint N = 4;
[[vk::constant_id(1)]] const int I = -2;
[[vk::constant_id(2)]] const bool B = true;
[[vk::constant_id(3)]] const float F = 1.5;
static const uint M = N * 2 + 1;
static const int J = I << 3 | 1;
static const uint U = (uint)I + N;
static const bool C = N > 3 && !B;
static const uint S = B ? N : 7u;
static const uint A = M;
static const float G = F * 2.0;
static const uint P = 5 * 3;
static uint NC = N + 1;
float main() : A { return M + J + U + C + S + A + G + P + NC; }
)",
                 vertex());
  ASSERT_TRUE(c->ok) << c->allDiags();
  for (const char* n : {"M", "J", "U", "C", "S", "A"}) {
    const ast::VarDecl* v = varNamed(*c, n);
    ASSERT_TRUE(v) << n;
    EXPECT_TRUE(c->sema->isSpecConstantVar(v)) << n;
  }
  for (const char* n : {"G", "P", "NC", "N"}) {
    const ast::VarDecl* v = varNamed(*c, n);
    ASSERT_TRUE(v) << n;
    EXPECT_FALSE(c->sema->isSpecConstantVar(v)) << n;
  }
  // A spec expression is not a compile-time constant (DXC: non-static globals cannot be used
  // in constant expressions), so nothing folds it to the default.
  EXPECT_FALSE(c->sema->constValue(varNamed(*c, "M")->init).valid());
}

TEST(SemaSpecConstants, NumThreadsNamesSpecConstant) {
  auto c = check(R"(
[[vk::constant_id(7)]] const uint WG = 64;
[[vk::constant_id(8)]] const int WY = 2;
static const uint Alias = WG;
[numthreads(Alias, WY, 1)]
void main() {}
)",
                 compute());
  ASSERT_TRUE(c->ok) << c->allDiags();
  const sema::EntryPoint& ep = c->sema->program().entryPoints.at(0);
  EXPECT_EQ(ep.numThreads[0], 64u);
  EXPECT_EQ(ep.numThreads[1], 2u);
  EXPECT_EQ(ep.numThreads[2], 1u);
  EXPECT_NE(ep.numThreadsSpec[0], nullptr);
  EXPECT_NE(ep.numThreadsSpec[1], nullptr);
  EXPECT_EQ(ep.numThreadsSpec[2], nullptr);
}

TEST(SemaSpecConstants, NumThreadsRefusals) {
  // An expression over specialization constants, a float one, a default out of range (the
  // default is checked like a literal count), and the 1024-thread total on defaults.
  const std::string prelude = R"(
[[vk::constant_id(0)]] const uint N = 8;
[[vk::constant_id(1)]] const float F = 8;
[[vk::constant_id(2)]] const uint Z = 0;
[[vk::constant_id(3)]] const uint Big = 512;
static const uint M = N * 2;
)";
  const std::string expr =
      " invalid argument for attribute 'numthreads': a thread count must be an integer constant or one "
      "specialization constant, not an expression over specialization constants";
  const std::pair<const char*, std::string> cases[] = {
      {"[numthreads(M, 1, 1)] void main() {}", "OSH0024@7:13" + expr},
      {"[numthreads(1, N + 1, 1)] void main() {}", "OSH0024@7:16" + expr},
      {"[numthreads(F, 1, 1)] void main() {}",
       "OSH0024@7:13 invalid argument for attribute '[numthreads]': expected an integer constant"},
      {"[numthreads(Z, 1, 1)] void main() {}",
       "OSH0024@7:13 invalid argument for attribute 'numthreads': thread counts must be between 1 and 1024"},
      {"[numthreads(Big, 4, 1)] void main() {}",
       "OSH0024@7:2 invalid argument for attribute 'numthreads': at most 1024 threads per group and z <= 64"},
  };
  for (const auto& [fn, want] : cases) {
    auto c = check(prelude + fn + "\n", compute());
    EXPECT_FALSE(c->ok) << fn;
    EXPECT_EQ(c->diagList(), (std::vector<std::string>{want})) << fn << "\n" << c->allDiags();
  }
}

TEST(SemaSpecConstants, ArraySizesAreVariableLength) {
  // DXC: a specialization constant is not a constant expression, so an array it sizes is a
  // variable-length array: "variable length arrays are not supported in HLSL" (err_hlsl_vla),
  // OSH0050 here; groupshared, static, local and through a static const alike.
  auto c = check(R"(
[[vk::constant_id(0)]] const uint N = 8;
static const uint M = N * 2;
groupshared float tile[N];
static float priv[M + 1];
[numthreads(8, 1, 1)]
void main() { float loc[M]; loc[0] = tile[0] + priv[0]; }
)",
                 compute());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->diagList(), (std::vector<std::string>{
                               "OSH0050@4:24 variable length arrays are not supported in HLSL",
                               "OSH0050@5:19 variable length arrays are not supported in HLSL",
                               "OSH0050@7:25 variable length arrays are not supported in HLSL",
                           }))
      << c->allDiags();
}
