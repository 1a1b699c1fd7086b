// The attribute table checks (sema/attributes.def, sema_attributes.cpp): unknown attributes,
// wrong subjects, argument counts and kinds, and template instantiations reporting once.
#include <gtest/gtest.h>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

namespace {
sema::SemaOptions compute() {
  sema::SemaOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  return o;
}
}  // namespace

TEST(SemaAttributes, UnknownVkAndForeignAttributesWarn) {
  // DXC: "unknown attribute 'made_up' ignored" (a warning) for every attribute it lacks.
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
[[vk::made_up(1)]] static uint a = 1;
[[gnu::always_inline]] uint f() { return a; }
[numthreads(1, 1, 1)]
void main() { [made_up] for (int i = 0; i < 2; ++i) o[i] = f(); }
)",
                 compute());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0025@3:3", "OSH0025@4:3", "OSH0025@6:16"})) << c->allDiags();
}

TEST(SemaAttributes, WrongSubjectCountAndKind) {
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
[[vk::push_constant]] uint f() { return 1; }
[[vk::binding(1, 2, 3)]] RWStructuredBuffer<uint> p;
[[vk::binding("x")]] RWStructuredBuffer<uint> q;
[numthreads(1, 1, 1)]
void main() {
  [unroll] if (o[0] > 0) o[1] = f();
  [branch] for (int i = 0; i < 2; ++i) o[i] = 0;
}
)",
                 compute());
  EXPECT_FALSE(c->ok);
  EXPECT_EQ(c->codes(),
            (std::vector<std::string>{"OSH0045@3:3", "OSH0015@4:3", "OSH0024@5:15", "OSH0045@8:4", "OSH0045@9:4"}))
      << c->allDiags();
}

TEST(SemaAttributes, HlslNamesAreCaseInsensitiveVkNamesExact) {
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
[NumThreads(1, 1, 1)]
void main() { [UNROLL] for (int i = 0; i < 2; ++i) o[i] = 0; }
[[vk::Binding(0)]] RWStructuredBuffer<uint> p;
)",
                 compute());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0025@5:3"})) << c->allDiags();
}

TEST(SemaAttributes, TemplateInstancesReportOnce) {
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
template <typename T> T twice(T v) { [call] switch (int(v)) { default: break; } return v + v; }
[numthreads(1, 1, 1)]
void main() { o[0] = twice(1u) + uint(twice(2.0f)); }
)",
                 compute());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0044@3:39"})) << c->allDiags();
}

TEST(SemaAttributes, NotSupportedOnlyWhereReached) {
  // The geometry attribute on a function no compiled entry point reaches says nothing.
  auto c = check(R"(
RWStructuredBuffer<uint> o : register(u0);
[maxvertexcount(3)] void gs() {}
[numthreads(1, 1, 1)]
void main() { o[0] = 1; }
)",
                 compute());
  EXPECT_TRUE(c->ok) << c->allDiags();
  EXPECT_TRUE(c->codes().empty()) << c->allDiags();
}
