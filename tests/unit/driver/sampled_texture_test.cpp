// vk::SampledTexture1D .. vk::SampledTextureCUBEArray<T> (DXC's combined image sampler
// object) on all three targets. SPIR-V expectations are DXC's CHECK lines
// (CodeGenSPIRV/SampledTexture/*): the variable is an OpTypeSampledImage in UniformConstant;
// sampling uses the loaded sampled image directly; Load and GetDimensions go through
// OpImage. WGSL and MSL follow docs/user-guide.md ("Combined image samplers"): a texture and
// a sampler NAME_sampler, the sampler a comparison one when the object is sampled with
// SampleCmp* / GatherCmp*.
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, std::vector<CompileTarget> targets, const char* profile = "ps_6_0") {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.disassemble = true;
  o.targets = std::move(targets);
  return CompileSource(src, "st.hlsl", o);
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

// DXC: vk.sampledtexture2d.sample.hlsl / .load.hlsl / .get-dimensions.hlsl, binding from
// register(t#) (Texture's rule).
TEST(SampledTexture, SpirvIsDxcs) {
  CompileResult r = compile(R"(
vk::SampledTexture2D<float4> tex2d : register(t3);
vk::SampledTexture2D<uint> texu;
float4 main(int3 loc : A) : SV_Target {
  float4 a = tex2d.Sample(float2(0.5, 0.25));
  float4 b = tex2d.Load(loc);
  uint w, h;
  tex2d.GetDimensions(w, h);
  uint c = texu.SampleLevel(float2(0.5, 0.25), 1);
  return a + b + w + h + c;
}
)",
                            {CompileTarget::SpirV});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "OpTypeImage %float 2D 0 0 0 1 Unknown")) << s;
  EXPECT_TRUE(has(s, "OpTypeImage %uint 2D 0 0 0 1 Unknown")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %tex2d Binding 3")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %texu Binding 0")) << s;
  EXPECT_TRUE(has(s, "%tex2d = OpVariable %_ptr_UniformConstant_type_sampled_image UniformConstant") ||
              has(s, "%tex2d = OpVariable %_ptr_UniformConstant_"))
      << s;
  EXPECT_TRUE(has(s, "OpTypeSampledImage")) << s;
  EXPECT_FALSE(has(s, "OpTypeSampler")) << s;   // no sampler variable anywhere
  EXPECT_FALSE(has(s, "OpSampledImage")) << s;  // sampled with the loaded sampled image
  EXPECT_TRUE(has(s, "OpImageSampleImplicitLod %v4float")) << s;
  EXPECT_TRUE(has(s, "OpImageSampleExplicitLod %v4uint")) << s;
  EXPECT_TRUE(has(s, "OpImageFetch %v4float")) << s;
  EXPECT_TRUE(has(s, "OpImageQuerySizeLod %v2uint")) << s;
}

// SampleCmp: a comparison sampler on MSL / WGSL (WGSL sampler_comparison, moved to a free
// binding); the reflection names each half's partner.
TEST(SampledTexture, ComparisonAndTextTargets) {
  CompileResult r = compile(R"(
vk::SampledTexture2D<float4> Color : register(t0);
vk::SampledTexture2D<float> Depth : register(t1);
float4 main(float2 uv : A) : SV_Target {
  return Color.Sample(uv) + Depth.SampleCmp(uv, 0.5);
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const CompiledShader* sp = r.find("main", CompileTarget::SpirV);
  const CompiledShader* m = r.find("main", CompileTarget::Msl);
  const CompiledShader* w = r.find("main", CompileTarget::Wgsl);
  ASSERT_TRUE(sp && m && w);
  EXPECT_TRUE(has(sp->text, "OpImageSampleDrefImplicitLod %float")) << sp->text;
  EXPECT_TRUE(has(w->text, "@group(0) @binding(0) var Color: texture_2d<f32>;")) << w->text;
  EXPECT_TRUE(has(w->text, "@group(0) @binding(1) var Depth: texture_depth_2d;") ||
              has(w->text, "@group(0) @binding(1) var Depth: texture_2d<f32>;"))
      << w->text;
  EXPECT_TRUE(has(w->text, "var Color_sampler: sampler;")) << w->text;
  EXPECT_TRUE(has(w->text, "var Depth_sampler: sampler_comparison;")) << w->text;
  EXPECT_TRUE(has(m->text, "[[texture(0)]]")) << m->text;
  EXPECT_TRUE(has(m->text, "Color_sampler [[sampler(0)]]")) << m->text;
  EXPECT_TRUE(has(m->text, "Depth_sampler [[sampler(1)]]")) << m->text;
  ASSERT_TRUE(r.reflection);
  const EntryPointInfo& e = r.reflection->entryPoints[0];
  const ResourceBinding* color = nullptr;
  for (const ResourceBinding& x : e.resources)
    if (x.name == "Color") color = &x;
  ASSERT_TRUE(color && color->spirv);
  EXPECT_EQ(color->spirv->descriptorType, "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER");
  EXPECT_EQ(color->combinedWith, "Color_sampler");
}

// Every kind parses, with and without <T>; the object's methods take no sampler. (WGSL
// has no 1D texture arrays, multisampled texture arrays or level of detail query: OSH5001.)
TEST(SampledTexture, AllKinds) {
  CompileResult r = compile(R"(
vk::SampledTexture2D t2;
vk::SampledTexture1D t1;
vk::SampledTexture1DArray<float2> t1a;
vk::SampledTexture2DArray<int4> t2a;
vk::SampledTexture2DMS<float4> t2ms;
vk::SampledTexture2DMSArray t2msa;
vk::SampledTexture3D<float> t3;
vk::SampledTextureCUBE tc;
vk::SampledTextureCUBEArray<float4> tca;
float4 main(float4 p : A) : SV_Target {
  float4 r = t1.Sample(p.x) + t1a.SampleLevel(p.xy, 0).xyxy + float4(t2a.Load(int4(0, 0, 0, 0)));
  r += t2ms.Load(int2(0, 0), 1) + t2msa.Load(int3(0, 0, 0), 0) + t3.SampleGrad(p.xyz, p.xyz, p.xyz);
  r += tc.SampleBias(p.xyz, 1) + tca.SampleLevel(p, 2);
  r.x += t2.CalculateLevelOfDetail(p.xy) + t2.CalculateLevelOfDetailUnclamped(p.xy);
  return r;
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl});
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();
}

// One object sampled with and without comparison (DXC accepts it): SPIR-V samples the
// sampled image both ways; MSL has one sampler type (the host's sampler has a compare
// function for sample_compare); WGSL's sampler and sampler_comparison are different types:
// OSH5001, not a wrong module.
TEST(SampledTexture, BothWays) {
  const char* src = R"(
vk::SampledTexture2D<float> Depth;
float4 main(float2 uv : A) : SV_Target { return Depth.Sample(uv) + Depth.SampleCmp(uv, 0.5); }
)";
  CompileResult r = compile(src, {CompileTarget::SpirV, CompileTarget::Msl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const CompiledShader* sp = r.find("main", CompileTarget::SpirV);
  const CompiledShader* m = r.find("main", CompileTarget::Msl);
  ASSERT_TRUE(sp && m);
  EXPECT_TRUE(has(sp->text, "OpImageSampleImplicitLod %v4float")) << sp->text;
  EXPECT_TRUE(has(sp->text, "OpImageSampleDrefImplicitLod %float")) << sp->text;
  EXPECT_FALSE(has(sp->text, "OpTypeSampler")) << sp->text;
  EXPECT_TRUE(has(m->text, "Depth.sample(Depth_sampler, ")) << m->text;
  EXPECT_TRUE(has(m->text, "Depth.sample_compare(Depth_sampler, ")) << m->text;
  CompileResult w = compile(src, {CompileTarget::Wgsl});
  EXPECT_FALSE(w.success);
  ASSERT_FALSE(w.diagnostics.empty());
  EXPECT_EQ(w.diagnostics[0].code, "OSH5001");
  EXPECT_TRUE(has(w.diagnostics[0].message, "'Depth_sampler' both with and without comparison"))
      << w.diagnostics[0].message;
}

// The attribute on a vk::SampledTexture (already a combined image sampler): OSH0045, as
// DXC's TextureOrSampler subject excludes it; a sampler argument it does not take is an
// argument error, and arrays of them are not supported yet.
TEST(SampledTexture, Refusals) {
  CompileResult a = compile(R"(
[[vk::combinedImageSampler]] vk::SampledTexture2D Tex;
float4 main() : SV_Target { return Tex.Load(int3(0, 0, 0)); }
)",
                            {CompileTarget::SpirV});
  EXPECT_FALSE(a.success);
  ASSERT_FALSE(a.diagnostics.empty());
  EXPECT_EQ(a.diagnostics[0].code, "OSH0045");
  CompileResult b = compile(R"(
vk::SampledTexture2D Tex;
SamplerState S;
float4 main(float2 uv : A) : SV_Target { return Tex.Sample(S, uv); }
)",
                            {CompileTarget::SpirV});
  EXPECT_FALSE(b.success);
  CompileResult c = compile(R"(
vk::SampledTexture2D Tex[2];
float4 main(float2 uv : A) : SV_Target { return Tex[1].Sample(uv); }
)",
                            {CompileTarget::SpirV});
  EXPECT_FALSE(c.success);
  ASSERT_FALSE(c.diagnostics.empty());
  EXPECT_EQ(c.diagnostics[0].code, "OSH0007");
}

// Bindings as a texture's: register(tN) takes the -fvk-t-shift, [[vk::binding]] gives the
// set and binding, a function parameter samples its argument's own sampler; the sampler
// half never collides with its texture (no OSH0040).
TEST(SampledTexture, BindingsAndParameters) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  o.disassemble = true;
  o.bindingShifts = {{'t', 4, 0}, {'s', 20, 0}};
  o.targets = {CompileTarget::SpirV, CompileTarget::Wgsl};
  CompileResult r = CompileSource(R"(
vk::SampledTexture2D A : register(t1);
[[vk::binding(2, 1)]] vk::SampledTexture2D B;
SamplerState S : register(s0);
float4 f(vk::SampledTexture2D t, float2 uv) { return t.Sample(uv) + t.Load(int3(0, 0, 0)); }
float4 main(float2 uv : A) : SV_Target { return f(A, uv) + f(B, uv); }
)",
                                  "st.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "OSH0040") << d.rendered;
  const CompiledShader* sp = r.find("main", CompileTarget::SpirV);
  const CompiledShader* w = r.find("main", CompileTarget::Wgsl);
  ASSERT_TRUE(sp && w);
  EXPECT_TRUE(has(sp->text, "OpDecorate %A Binding 5")) << sp->text;
  EXPECT_TRUE(has(sp->text, "OpDecorate %B DescriptorSet 1")) << sp->text;
  EXPECT_TRUE(has(sp->text, "OpDecorate %B Binding 2")) << sp->text;
  EXPECT_TRUE(has(w->text, "textureSample(A, A_sampler, ")) << w->text;
  EXPECT_TRUE(has(w->text, "textureSample(B, B_sampler, ")) << w->text;
  EXPECT_TRUE(has(w->text, "@group(1) @binding(0) var B_sampler: sampler;")) << w->text;
}
