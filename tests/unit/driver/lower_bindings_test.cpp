// Binding assignment: expectations from DXC's documented behaviour (SPIR-V.rst and its
// vk.binding.cl.hlsl test; the implicit-binding examples of the HLSL working group's
// Vulkan resource binding proposal, which records DXC's results).
#include <gtest/gtest.h>

#include "lower/bindings.hpp"

using namespace oneshader;
using namespace oneshader::lower;

namespace {

BindingRequest reg(std::string name, char cls, uint32_t index, uint32_t space = 0) {
  BindingRequest r;
  r.name = std::move(name);
  r.written.hasRegister = true;
  r.written.regClass = cls;
  r.written.index = index;
  r.written.space = space;
  return r;
}
BindingRequest spaceOnly(std::string name, uint32_t space) {
  BindingRequest r;
  r.name = std::move(name);
  r.written.hasRegister = true;
  r.written.space = space;
  return r;
}
BindingRequest vk(std::string name, uint32_t binding, uint32_t set = 0) {
  BindingRequest r;
  r.name = std::move(name);
  r.written.hasVkBinding = true;
  r.written.vkBinding = binding;
  r.written.vkSet = set;
  return r;
}
BindingRequest none(std::string name) {
  BindingRequest r;
  r.name = std::move(name);
  return r;
}

std::vector<std::pair<uint32_t, uint32_t>> sets(const std::vector<BindingResult>& rs) {
  std::vector<std::pair<uint32_t, uint32_t>> v;
  for (auto& r : rs) v.push_back({r.binding.group, r.binding.binding});
  return v;
}

}  // namespace

TEST(LowerBindings, RegisterMapsToSetAndBinding) {
  DiagEngine diags;
  std::vector<BindingRequest> rq{reg("Values", 't', 0), reg("Total", 'u', 1), reg("B", 'b', 3, 2)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(sets(rs), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 0}, {0, 1}, {2, 3}}));
  EXPECT_FALSE(rs[0].implicit);
}

// vk.binding.cl.hlsl: -fvk-b-shift=100 -fvk-t-shift=200 -fvk-s-shift=300 -fvk-u-shift=400 (all spaces).
TEST(LowerBindings, ShiftsDxcCommandLineTest) {
  DiagEngine diags;
  std::vector<lower::BindingShift> shifts{{'b', 100, -1}, {'t', 200, -1}, {'s', 300, -1}, {'u', 400, -1}};
  std::vector<BindingRequest> rq{vk("cbuffer3", 42),
                                 reg("cbuffer1", 'b', 0),
                                 reg("cbuffer2", 'b', 0, 2),
                                 reg("texture1", 't', 1, 1),
                                 reg("texture2", 't', 1),
                                 reg("sampler1", 's', 0),
                                 reg("sampler2", 's', 0, 2),
                                 reg("rwbuffer1", 'u', 3, 3),
                                 reg("rwbuffer2", 'u', 3),
                                 none("cbuffer4"),
                                 none("cbuffer5")};
  auto rs = assignBindings(rq, shifts, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(
      sets(rs),
      (std::vector<std::pair<uint32_t, uint32_t>>{
          {0, 42}, {0, 100}, {2, 100}, {1, 201}, {0, 201}, {0, 300}, {2, 300}, {3, 403}, {0, 403}, {0, 0}, {0, 1}}));
  EXPECT_TRUE(rs[9].implicit);
  EXPECT_TRUE(rs[10].implicit);
}

TEST(LowerBindings, ShiftForOneSpaceWinsOverAll) {
  std::vector<lower::BindingShift> shifts{{'t', 10, -1}, {'t', 50, 1}};
  EXPECT_EQ(bindingShift(shifts, 't', 0), 10u);
  EXPECT_EQ(bindingShift(shifts, 't', 1), 50u);
  EXPECT_EQ(bindingShift(shifts, 'u', 1), 0u);
}

TEST(LowerBindings, VkBindingOverridesRegister) {
  DiagEngine diags;
  BindingRequest a = reg("A", 'u', 0);
  a.written.hasVkBinding = true;
  a.written.vkBinding = 2;
  a.written.vkSet = 1;
  std::vector<BindingRequest> rq{a, reg("C", 'u', 2)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(sets(rs), (std::vector<std::pair<uint32_t, uint32_t>>{{1, 2}, {0, 2}}));
}

// Space-only registers: implicit bindings in that space.
TEST(LowerBindings, ImplicitBindingsPerSet) {
  DiagEngine diags;
  std::vector<BindingRequest> rq{reg("A", 'u', 1), none("B"), spaceOnly("C", 1), spaceOnly("D", 1)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(sets(rs), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 1}, {0, 0}, {1, 0}, {1, 1}}));
}

// Implicit bindings fill the holes left by explicit ones, in declaration order, even when
// the explicit resource is declared later.
TEST(LowerBindings, ImplicitSkipsExplicit) {
  DiagEngine diags;
  std::vector<BindingRequest> rq{none("X"), none("Y"), none("Z"), reg("A", 'u', 0), reg("B", 'u', 2)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(sets(rs), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 1}, {0, 3}, {0, 4}, {0, 0}, {0, 2}}));
}

// A collision is a warning (as in DXC: hosts may alias bindings on purpose) naming both.
TEST(LowerBindings, CollisionIsAWarningNamingBoth) {
  SourceManager sm;
  DiagEngine diags(&sm);
  std::vector<BindingRequest> rq{reg("A", 't', 0), reg("B", 's', 0), reg("C", 'u', 0)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_EQ(diags.errorCount(), 0u);
  ASSERT_EQ(diags.warningCount(), 2u);
  const Diagnostic& d = diags.diagnostics()[0];
  EXPECT_EQ(diagCodeString(d.id), "OSH0040");
  EXPECT_EQ(d.message, "'A' and 'B' both use descriptor set 0, binding 0");
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(diags.diagnostics()[1].message, "'A' and 'C' both use descriptor set 0, binding 0");
  // A shift removes the collision.
  DiagEngine d2;
  std::vector<lower::BindingShift> shifts{{'s', 50, -1}, {'u', 100, 0}};
  auto rs2 = assignBindings(rq, shifts, d2);
  EXPECT_FALSE(d2.hasErrors());
  EXPECT_EQ(d2.warningCount(), 0u);
  EXPECT_EQ(sets(rs2), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 0}, {0, 50}, {0, 100}}));
}

// [[vk::combinedImageSampler]] (DXC's vk.combined-image-sampler*.hlsl and SPIR-V.rst).
namespace {
BindingRequest combined(BindingRequest r, BindingRequest::Combined c) {
  r.combined = c;
  return r;
}
constexpr auto kTex = BindingRequest::Combined::Texture;
constexpr auto kSmp = BindingRequest::Combined::Sampler;
}  // namespace

// vk.combined-image-sampler.binding-shift.hlsl: -fvk-t-shift 10 0 -fvk-s-shift 20 0; the
// combined sam : register(s0) and tex : register(t0) are both at binding 10, the plain
// sam0 : register(s0) at 20, sam1 : register(s1) at 21.
TEST(LowerBindings, CombinedSamplerTakesTheTShift) {
  DiagEngine diags;
  std::vector<lower::BindingShift> shifts{{'t', 10, 0}, {'s', 20, 0}};
  std::vector<BindingRequest> rq{combined(reg("sam", 's', 0), kSmp), combined(reg("tex", 't', 0), kTex),
                                 reg("sam0", 's', 0), reg("sam1", 's', 1)};
  auto rs = assignBindings(rq, shifts, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(diags.warningCount(), 0u);  // the pair is one resource: no OSH0040
  EXPECT_EQ(sets(rs), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 10}, {0, 10}, {0, 20}, {0, 21}}));
  EXPECT_EQ(rs[0].partner, 1);
  EXPECT_EQ(rs[1].partner, 0);
  EXPECT_EQ(rs[2].partner, -1);
  EXPECT_EQ(rs[3].partner, -1);
}

// vk.combined-image-sampler.hlsl: pairs by [[vk::binding(0, 1)]] and by t1/s1, t2/s2; a
// plain sampler on another binding stays alone.
TEST(LowerBindings, CombinedPairsBySetAndBinding) {
  DiagEngine diags;
  std::vector<BindingRequest> rq{combined(vk("sam0", 0, 1), kSmp),
                                 combined(vk("tex0", 0, 1), kTex),
                                 combined(reg("sam1", 's', 1), kSmp),
                                 combined(reg("tex1", 't', 1), kTex),
                                 combined(reg("sam2", 's', 2), kSmp),
                                 combined(reg("tex2", 't', 2), kTex),
                                 reg("sam3", 's', 0)};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  EXPECT_EQ(diags.warningCount(), 0u);
  EXPECT_EQ(sets(rs),
            (std::vector<std::pair<uint32_t, uint32_t>>{{1, 0}, {1, 0}, {0, 1}, {0, 1}, {0, 2}, {0, 2}, {0, 0}}));
  std::vector<int32_t> partners;
  for (auto& r : rs) partners.push_back(r.partner);
  EXPECT_EQ(partners, (std::vector<int32_t>{1, 0, 3, 2, 5, 4, -1}));
}

// vk.combined-image-sampler.error.hlsl: the texture on the marked sampler's binding is not
// marked, so the sampler has no partner (OSH0049); the two still collide (OSH0040).
TEST(LowerBindings, CombinedWithoutPartnerIsOSH0049) {
  SourceManager sm;
  DiagEngine diags(&sm);
  std::vector<BindingRequest> rq{reg("textureArray", 't', 1), combined(reg("samplerArray", 's', 1), kSmp)};
  auto rs = assignBindings(rq, {}, diags);
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_EQ(rs[1].partner, -1);
  const Diagnostic& e = diags.diagnostics()[0];
  EXPECT_EQ(diagCodeString(e.id), "OSH0049");
  EXPECT_EQ(e.message,
            "'samplerArray' has [[vk::combinedImageSampler]], but no texture with the attribute is left to pair "
            "with it at descriptor set 0, binding 1");
  EXPECT_EQ(diags.warningCount(), 1u);
  // Two marked textures and one marked sampler: the first texture pairs, the second does not.
  DiagEngine d2;
  std::vector<BindingRequest> rq2{combined(vk("A", 3), kTex), combined(vk("B", 3), kTex), combined(vk("S", 3), kSmp)};
  auto rs2 = assignBindings(rq2, {}, d2);
  EXPECT_EQ(rs2[0].partner, 2);
  EXPECT_EQ(rs2[1].partner, -1);
  EXPECT_EQ(rs2[2].partner, 0);
  ASSERT_EQ(d2.errorCount(), 1u);
  bool found = false;
  for (const Diagnostic& d : d2.diagnostics())
    found |= d.message ==
             "'B' has [[vk::combinedImageSampler]], but no sampler with the attribute is left to pair with it "
             "at descriptor set 0, binding 3";
  EXPECT_TRUE(found);
  // B still collides with A's pair (OSH0040); A and S do not collide with each other.
  EXPECT_EQ(d2.warningCount(), 1u);
  // Implicit bindings never pair: each marked resource gets a binding of its own.
  DiagEngine d3;
  std::vector<BindingRequest> rq3{combined(none("T"), kTex), combined(none("S"), kSmp)};
  auto rs3 = assignBindings(rq3, {}, d3);
  EXPECT_EQ(d3.errorCount(), 2u);
  EXPECT_EQ(sets(rs3), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 0}, {0, 1}}));
}
