// Robustness: mutated shaders (deleted, duplicated and swapped bytes) must parse to
// completion with diagnostics, never crash or hang. Deterministic (fixed seed).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "parser_test_util.hpp"

using oneshader::testing::parseSource;

namespace {

const char* kCorpus = R"(
namespace util {
  template<typename T, uint N = 4> struct Array { T data[N]; T get(uint i) { return data[i]; } };
  enum class Mode : uint { Fast = 1, Slow };
}
struct Particle {
  float3 pos : POSITION; float3 vel; uint flags : 4;
  Particle operator+(Particle o) { Particle r = o; r.pos += pos; return r; }
  static const uint kMax = 16;
};
cbuffer Params : register(b0, space1) { row_major float4x4 World; float dt : packoffset(c4.x); };
RWStructuredBuffer<Particle> Particles : register(u0);
[[vk::binding(1, 0)]] ByteAddressBuffer Raw;
groupshared float cache[64];
typedef vector<float, 3> V3;
using M = matrix<float, 2, 2>;
[shader("compute")] [numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Particle p = Particles[id.x];
  [unroll] for (int i = 0; i < 4; ++i) { p.pos += p.vel * dt * (float)i; }
  switch (gi & 3) { case 0: p.flags = 1; break; default: { p.flags = (uint)(p.pos.x > 0 ? 2 : 3); } }
  cache[gi] = dot(p.pos.xyz, float3(1, 2, 3)) + Raw.Load<float>(gi * 4);
  GroupMemoryBarrierWithGroupSync();
  if (gi == 0) { do { p.pos.x -= 1.0f; } while (p.pos.x > 10.0); } else if (gi < 8) p.vel = -p.vel;
  while (p.flags != 0) { p.flags >>= 1; if (WaveIsFirstLane()) continue; }
  util::Array<int, 2> a; a.data[0] = (int)util::Mode::Fast;
  Particles[id.x] = p + p;
}
)";

struct Rng {
  uint64_t s;
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(s >> 33);
  }
};

}  // namespace

TEST(ParserFuzz, CorpusParsesCleanly) {
  auto p = parseSource(kCorpus);
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
}

TEST(ParserFuzz, MutatedSourcesNeverCrash) {
  const std::string base = kCorpus;
  const std::string junk = "(){}[];,<>:=.#\"'+-*/ \n";
  Rng rng{12345};
  int withErrors = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    std::string s = base;
    int edits = 1 + static_cast<int>(rng.next() % 6);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      size_t at = rng.next() % s.size();
      switch (rng.next() % 4) {
        case 0: s.erase(at, 1 + rng.next() % 8); break;
        case 1: s.insert(at, 1, junk[rng.next() % junk.size()]); break;
        case 2: s.insert(at, s.substr(rng.next() % s.size(), 1 + rng.next() % 12)); break;
        case 3: s = s.substr(0, at); break;  // truncation
      }
    }
    auto p = parseSource(s);
    ASSERT_NE(p->tu, nullptr);
    if (p->diags.hasErrors()) ++withErrors;
  }
  // Most mutations break the program; the point is that every run terminated.
  EXPECT_GT(withErrors, 500);
}
