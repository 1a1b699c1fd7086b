// Bad input never crashes the whole pipeline: every prefix of the seed example (cut at
// every few bytes, so mid-token, mid-statement, mid-attribute) and a few byte-flipped
// variants compile to either outputs or at least one coded error.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {
std::string seed() {
  std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void check(const CompileResult& r, const std::string& what) {
  if (r.success) {
    EXPECT_FALSE(r.outputs.empty()) << what;
    EXPECT_TRUE(r.reflection.has_value()) << what;
    return;
  }
  bool error = false;
  for (const auto& d : r.diagnostics) {
    EXPECT_EQ(d.code.size(), 7u) << what << ": " << d.rendered;
    error |= d.severity == "error";
  }
  EXPECT_TRUE(error) << what << ": failed without an error diagnostic";
  EXPECT_TRUE(r.outputs.empty()) << what;
}
}  // namespace

TEST(Robustness, EveryPrefixOfTheSeed) {
  std::string src = seed();
  ASSERT_GT(src.size(), 100u);
  for (size_t n = 0; n <= src.size(); n += 3) check(CompileSource(src.substr(0, n), "prefix.hlsl"), "prefix " + std::to_string(n));
}

TEST(Robustness, ByteFlips) {
  std::string src = seed();
  const char replacements[] = {'(', ')', '{', '}', ';', '<', '>', '"', '#', '\0', '\xff', '0', 'x'};
  size_t k = 0;
  for (size_t at = 0; at < src.size(); at += 11) {
    std::string m = src;
    m[at] = replacements[k++ % sizeof(replacements)];
    check(CompileSource(m, "flip.hlsl"), "flip at " + std::to_string(at));
  }
}
