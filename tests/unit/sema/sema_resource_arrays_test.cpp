// Sema for arrays of resources and NonUniformResourceIndex (HLSL: `uint
// NonUniformResourceIndex(uint index)`, an integer scalar argument; an element of
// `Texture2D ts[4]` has the element's methods and `bufs[i][j]` indexes the element).
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaResourceArrays, ElementsAndNonUniformResourceIndex) {
  auto c = checkBody(R"(
  int i = 1;
  uint a = NonUniformResourceIndex(i);
  uint b = NonUniformResourceIndex(3);
  float4 t = ts[NonUniformResourceIndex(a) % 4].SampleLevel(ss[b & 1], float2(0, 0), 0);
  uint v = bufs[a & 1][b];
  float w = cbs[0].f;
)",
                     "Texture2D ts[4]; SamplerState ss[2]; StructuredBuffer<uint> bufs[2];"
                     "struct P { float f; }; ConstantBuffer<P> cbs[2];");
  ASSERT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(contractViolations(*c), std::vector<std::string>{});
  EXPECT_EQ(c->typeOf("a"), "uint");
  EXPECT_EQ(c->typeOf("t"), "float4");
  EXPECT_EQ(c->typeOf("v"), "uint");
  EXPECT_EQ(c->typeOf("w"), "float");
}

TEST(SemaResourceArrays, NonUniformResourceIndexTakesAnIntegerScalar) {
  auto c = checkBody(R"(
  uint a = NonUniformResourceIndex(1.5f);
  uint b = NonUniformResourceIndex(uint2(1, 2));
  uint d = NonUniformResourceIndex(true);
)",
                     "");
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0005@4:12", "OSH0005@5:12", "OSH0005@6:12"})) << c->allDiags();
}
