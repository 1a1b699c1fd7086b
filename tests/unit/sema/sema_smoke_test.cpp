#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaSmoke, CSSumFromTheSeed) {
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
)");
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->init("waveTotal"),
            "(call WaveActiveSum:uint ([]:uint Values:StructuredBuffer<uint> (.x:uint id:uint3)))");
}
