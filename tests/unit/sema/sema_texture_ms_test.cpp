// Sema for multisampled textures (HLSL docs: Texture2DMS::Load(int2 location, int
// sampleIndex[, int2 offset]), Texture2DMSArray::Load(int3, int[, int2]);
// GetDimensions(out w, out h, out numberOfSamples) and (out w, out h, out elements,
// out numberOfSamples), outputs uint or float).
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaTextureMS, LoadAndGetDimensions) {
  auto c = checkBody(R"(
  uint w, h, s, e; float fw, fh, fe, fs;
  float4 a = ms.Load(int2(1, 2), 1);
  float b = ms4.Load(uint2(1, 2), 3u);
  uint2 c = msa.Load(int3(1, 2, 3), 0);
  ms.GetDimensions(w, h, s);
  msa.GetDimensions(fw, fh, fe, fs);
)",
                     "Texture2DMS<float4> ms; Texture2DMS<float, 4> ms4; Texture2DMSArray<uint2> msa;");
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("a"), "float4");
  EXPECT_EQ(c->typeOf("b"), "float");
  EXPECT_EQ(c->typeOf("c"), "uint2");
}

TEST(SemaTextureMS, Errors) {
  auto c = checkBody(R"(
  uint w, h, s;
  float4 a = ms.Load(int2(1, 2));
  float4 b = ms.Load(int2(1, 2), 0, int2(1, 1));
  ms.GetDimensions(w, h);
  ms.GetDimensions(0, w, h, s);
  float4 d = ms.Sample(ss, float2(0, 0));
  float4 e = ms[uint2(0, 0)];
)",
                     "Texture2DMS<float4> ms; SamplerState ss;");
  EXPECT_FALSE(c->ok);
  // Load needs the sample index (OSH0015); its offset is accepted (the `b` line);
  // GetDimensions takes exactly w, h, samples (OSH0015, no mip level argument); Sample on
  // an MS texture stays OSH0007 (reported once the entry point is known to reach it, so
  // after the others); `ms[p]` reads sample 0 (DXC).
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0015@5:17", "OSH0015@7:6", "OSH0015@8:6", "OSH0007@9:17"}))
      << c->allDiags();
}
