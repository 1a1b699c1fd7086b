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
float main() : A { return 1; }
)",
                 vertex());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0045@4:3", "OSH0024@5:20", "OSH0024@6:20"})) << c->allDiags();
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
