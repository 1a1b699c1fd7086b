// [[vk::combinedImageSampler]] on all three targets. SPIR-V expectations are DXC's
// (CodeGenSPIRV/vk.combined-image-sampler.hlsl, .binding-shift.hlsl, .texture-array.hlsl:
// the CHECK lines, with getTexture(i)/getSampler(i) written out since resources returned
// from functions are not supported yet); WGSL and MSL follow the documented mapping
// (docs/user-guide.md "Combined image samplers"): WGSL keeps the texture at the pair's
// binding and moves the sampler to the lowest binding of the group no resource uses, MSL
// keeps separate [[texture(n)]] / [[sampler(n)]] indices.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

std::string spirvText(const std::string& src, CompileOptions o, CompileResult* out = nullptr) {
  o.disassemble = true;
  CompileResult r = CompileSource(src, "cis.hlsl", o);
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();
  std::string text = r.outputs.empty() ? std::string() : r.outputs[0].text;
  if (out) *out = std::move(r);
  return text;
}

CompileOptions pixel() {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  return o;
}

const char* kDxcShader = R"(
[[vk::combinedImageSampler]][[vk::binding(0, 1)]]
SamplerState sam0;
[[vk::combinedImageSampler]][[vk::binding(0, 1)]]
Texture2D<float4> tex0;

[[vk::combinedImageSampler]]
SamplerState sam1 : register(s1);
[[vk::combinedImageSampler]]
Texture2D<float4> tex1 : register(t1);

[[vk::combinedImageSampler]]
SamplerState sam2 : register(s2);
[[vk::combinedImageSampler]]
Texture2D<float4> tex2 : register(t2);

SamplerState sam3 : register(s0);

[[vk::combinedImageSampler]]
Texture2D tex4 : register(t4);
[[vk::combinedImageSampler]]
SamplerComparisonState sam4 : register(s4);

float4 main(int3 offset: A) : SV_Target {
  float4 ret = 0;
  ret += tex0.SampleLevel(sam0, float2(1, 2), 10, 2);
  ret += tex1.SampleLevel(sam1, float2(1, 2), 10, 2);
  ret += tex2.SampleLevel(sam2, float2(1, 2), 10, 2);
  ret += tex4.SampleCmp(sam4, float2(1, 2), 10, 2);
  ret += tex0.SampleLevel(sam3, float2(1, 2), 10, 2);
  return ret;
}
)";

}  // namespace

TEST(CombinedImageSampler, SpirvIsDxcs) {
  std::string s = spirvText(kDxcShader, pixel());
  // One sampled-image variable per pair, at the pair's set and binding; no sampler variable
  // for a combined sampler; the plain sam3 keeps its own.
  for (const char* d : {"OpDecorate %tex0 DescriptorSet 1", "OpDecorate %tex0 Binding 0",
                        "OpDecorate %tex1 DescriptorSet 0", "OpDecorate %tex1 Binding 1", "OpDecorate %tex2 Binding 2",
                        "OpDecorate %sam3 DescriptorSet 0", "OpDecorate %sam3 Binding 0", "OpDecorate %tex4 Binding 4"})
    EXPECT_NE(s.find(d), std::string::npos) << d << "\n" << s;
  for (const char* n : {"sam0", "sam1", "sam2", "sam4"})
    EXPECT_EQ(s.find(std::string("%") + n + " = OpVariable"), std::string::npos) << n;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      s, m, std::regex(R"((%\w+) = OpTypeSampledImage (%\w+)\n(%\w+) = OpTypePointer UniformConstant \1)")))
      << s;
  const std::string si = m[1], img = m[2], ptr = m[3];
  for (const char* t : {"tex0", "tex1", "tex2", "tex4"})
    EXPECT_NE(s.find(std::string("%") + t + " = OpVariable " + ptr + " UniformConstant"), std::string::npos) << t;
  // Sampling with the partner: the loaded sampled image itself (CHECK: OpLoad
  // %type_sampled_image %texN, then OpImageSample*Lod on it).
  for (const char* t : {"tex0", "tex1", "tex2"}) {
    std::regex load("(%\\w+) = OpLoad " + si + " %" + t + "\\n *%\\w+ = OpImageSampleExplicitLod %v4float \\1 ");
    EXPECT_TRUE(std::regex_search(s, load)) << t;
  }
  EXPECT_TRUE(std::regex_search(
      s,
      std::regex("(%\\w+) = OpLoad " + si + " %tex4\\n(?:.*\\n)*? +%\\w+ = OpImageSampleDrefImplicitLod %float \\1 ")));
  // With another sampler: OpImage of the loaded sampled image, then OpSampledImage.
  std::regex other("(%\\w+) = OpLoad " + si + " %tex0\\n *(%\\w+) = OpImage " + img +
                   " \\1\\n *(%\\w+) = OpLoad %\\w+ %sam3\\n" + " +(%\\w+) = OpSampledImage " + si +
                   " \\2 \\3\\n *%\\w+ = OpImageSampleExplicitLod %v4float \\4 ");
  EXPECT_TRUE(std::regex_search(s, other)) << s;
  EXPECT_EQ(count(s, "OpSampledImage"), 1u);
}

// vk.combined-image-sampler.binding-shift.hlsl: -fvk-t-shift 10 0 -fvk-s-shift 20 0.
TEST(CombinedImageSampler, SamplerRegisterTakesTheTShift) {
  CompileOptions o = pixel();
  o.bindingShifts = {{'t', 10, 0}, {'s', 20, 0}};
  CompileResult r;
  std::string s = spirvText(R"(
[[vk::combinedImageSampler]]
SamplerState sam : register(s0);
[[vk::combinedImageSampler]]
Texture2D<float4> tex : register(t0);
SamplerState sam0 : register(s0);
SamplerState sam1 : register(s1);
float4 main(float4 P : SV_POSITION) : SV_TARGET {
  return tex.Sample(sam, P.xy) + tex.Sample(sam0, P.xy) + tex.Sample(sam1, P.xy);
}
)",
                            o, &r);
  EXPECT_NE(s.find("OpDecorate %tex Binding 10"), std::string::npos) << s;
  EXPECT_NE(s.find("OpDecorate %sam0 Binding 20"), std::string::npos);
  EXPECT_NE(s.find("OpDecorate %sam1 Binding 21"), std::string::npos);
  EXPECT_EQ(s.find("%sam = OpVariable"), std::string::npos);
  for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "OSH0040") << d.rendered;  // the pair is one resource
}

// vk.combined-image-sampler.texture-array.hlsl: a Texture2DArray pair.
TEST(CombinedImageSampler, TextureArrayPair) {
  std::string s = spirvText(R"(
[[vk::combinedImageSampler]]
Texture2DArray textureArray : register(t1);
[[vk::combinedImageSampler]]
SamplerState samplerArray : register(s1);
float4 main(float3 uv : TEXCOORD0) : SV_TARGET { return textureArray.Sample(samplerArray, uv); }
)",
                            pixel());
  EXPECT_TRUE(std::regex_search(
      s,
      std::regex(
          R"((%\w+) = OpTypeImage %float 2D 0 1 0 1 Unknown\n *(%\w+) = OpTypeSampledImage \1\n(%\w+) = OpTypePointer UniformConstant \2\n *%textureArray = OpVariable \3 UniformConstant)")))
      << s;
}

// Reflection on all targets, and the WGSL / MSL declarations it describes.
TEST(CombinedImageSampler, ReflectionAndTextTargets) {
  CompileOptions o;
  o.profile = "cs_6_0";
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  // Two entry points: B uses only the texture, yet its WGSL sampler binding (unused there)
  // and the texture's SPIR-V descriptor are the same as A's.
  CompileResult r = CompileSource(R"(
[[vk::combinedImageSampler]] [[vk::binding(0)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(0)]] SamplerState Smp;
Texture2D<float4> Other : register(t1);
RWStructuredBuffer<float4> Out : register(u3);
[shader("compute")] [numthreads(1, 1, 1)]
void A() { Out[0] = Tex.SampleLevel(Smp, float2(0.5, 0.5), 0) + Other.Load(int3(0, 0, 0)); }
[shader("compute")] [numthreads(1, 1, 1)]
void B() { Out[1] = Tex.Load(int3(0, 0, 0)); }
)",
                                  "cis.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_TRUE(r.reflection);
  ASSERT_EQ(r.reflection->entryPoints.size(), 2u);
  const EntryPointInfo& a = r.reflection->entryPoints[0];
  auto res = [](const EntryPointInfo& e, const std::string& n) -> const ResourceBinding* {
    for (const ResourceBinding& x : e.resources)
      if (x.name == n) return &x;
    return nullptr;
  };
  const ResourceBinding* tex = res(a, "Tex");
  const ResourceBinding* smp = res(a, "Smp");
  ASSERT_TRUE(tex && smp);
  EXPECT_EQ(tex->combinedWith, "Smp");
  EXPECT_EQ(smp->combinedWith, "Tex");
  EXPECT_EQ(res(a, "Other")->combinedWith, "");
  ASSERT_TRUE(tex->spirv);
  EXPECT_EQ(tex->spirv->descriptorType, "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER");
  EXPECT_EQ(tex->spirv->binding, 0u);
  EXPECT_FALSE(smp->spirv);  // the texture's descriptor holds it
  EXPECT_EQ(smp->set, 0u);
  EXPECT_EQ(smp->binding, 0u);
  // WGSL: bindings 0 (Tex), 1 (Other), 3 (Out) are taken, so Smp takes 2.
  ASSERT_TRUE(tex->wgsl && smp->wgsl);
  EXPECT_EQ(tex->wgsl->binding, 0u);
  EXPECT_EQ(smp->wgsl->group, 0u);
  EXPECT_EQ(smp->wgsl->binding, 2u);
  EXPECT_EQ(smp->wgsl->layout.kind, WebGpuLayoutShape::Kind::Sampler);
  // MSL: each in its own index space.
  ASSERT_TRUE(tex->msl && smp->msl);
  EXPECT_EQ(tex->msl->kind, "texture");
  EXPECT_EQ(tex->msl->index, 0u);
  EXPECT_EQ(smp->msl->kind, "sampler");
  EXPECT_EQ(smp->msl->index, 0u);
  EXPECT_NE(
      ReflectionDetail(a).find("resource Smp (SamplerState): combined with Tex; wgsl @group(0) @binding(2) sampler"),
      std::string::npos)
      << ReflectionDetail(a);
  std::string json = r.reflection->toJson();
  EXPECT_EQ(count(json, "\"combinedWith\": \"Smp\""), 2u);  // Tex in A and in B
  EXPECT_EQ(count(json, "\"combinedWith\": \"Tex\""), 1u);  // Smp in A only
  const EntryPointInfo& b = r.reflection->entryPoints[1];
  ASSERT_TRUE(res(b, "Tex") && res(b, "Tex")->spirv);
  EXPECT_EQ(res(b, "Tex")->spirv->descriptorType, "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER");
  EXPECT_EQ(res(b, "Smp"), nullptr);
  const CompiledShader* wa = r.find("A", CompileTarget::Wgsl);
  const CompiledShader* ma = r.find("A", CompileTarget::Msl);
  const CompiledShader* sb = r.find("B", CompileTarget::SpirV);
  ASSERT_TRUE(wa && ma && sb);
  EXPECT_NE(wa->text.find("@group(0) @binding(0) var Tex: texture_2d<f32>;"), std::string::npos) << wa->text;
  EXPECT_NE(wa->text.find("@group(0) @binding(2) var Smp: sampler;"), std::string::npos) << wa->text;
  EXPECT_NE(wa->text.find("textureSampleLevel(Tex, Smp, "), std::string::npos) << wa->text;
  EXPECT_NE(ma->text.find("texture2d<float> Tex [[texture(0)]]"), std::string::npos) << ma->text;
  EXPECT_NE(ma->text.find("sampler Smp [[sampler(0)]]"), std::string::npos) << ma->text;
}

// The pair's sampler with another texture: no SPIR-V (OSH3004, DXC fails too); MSL and
// WGSL bind the two separately and accept it.
TEST(CombinedImageSampler, PartnerSamplerWithAnotherTexture) {
  const char* src = R"(
[[vk::combinedImageSampler]] [[vk::binding(0)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(0)]] SamplerState Smp;
Texture2D<float4> Other : register(t1);
RWStructuredBuffer<float4> Out : register(u2);
[numthreads(1, 1, 1)]
void main() { Out[0] = Other.SampleLevel(Smp, float2(0.5, 0.5), 0); }
)";
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  CompileResult r = CompileSource(src, "cis.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, "OSH3004");
  EXPECT_NE(
      r.diagnostics[0].message.find("sampling 'Other' with 'Smp', the [[vk::combinedImageSampler]] sampler of 'Tex'"),
      std::string::npos)
      << r.diagnostics[0].message;
  o.targets = {CompileTarget::Msl, CompileTarget::Wgsl};
  CompileResult t = CompileSource(src, "cis.hlsl", o);
  EXPECT_TRUE(t.success) << t.renderedDiagnostics();
}
