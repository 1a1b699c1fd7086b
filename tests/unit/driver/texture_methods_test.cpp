// Texture methods a target cannot express (issue 10): each is a coded error naming the
// method and the target, at the call's source range, and nothing else; what a target can
// express compiles. The forms each target has are from DXC's SPIR-V.rst, the Metal Shading
// Language Specification 2.4 (6.12) and the WGSL specification ("Texture Built-in Functions").
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

const char* kDecls = R"(SamplerState samp : register(s0);
SamplerComparisonState cmp : register(s1);
Texture2D<float4> tex : register(t2);
Texture2D<float> depth : register(t3);
Texture1D<float4> line : register(t4);
)";

CompileResult compile(const std::string& body, CompileTarget target, const std::string& profile = "ps_6_0") {
  CompileOptions o;
  o.targets = {target};
  o.entryPoint = "main";
  o.profile = profile;
  return CompileSource(std::string(kDecls) + body, "test.hlsl", o);
}

std::string diags(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

// Exactly one error, `code`, at the first occurrence of `at` in the body, whose message
// contains `what`.
void expectError(const std::string& body, CompileTarget target, const std::string& code, const std::string& at,
                 const std::string& what, const std::string& profile = "ps_6_0") {
  CompileResult r = compile(body, target, profile);
  EXPECT_FALSE(r.success);
  const DiagnosticInfo* d = nullptr;
  size_t errors = 0;
  for (const auto& x : r.diagnostics)
    if (x.severity == "error") ++errors, d = &x;
  ASSERT_EQ(errors, 1u) << diags(r);
  EXPECT_EQ(d->code, code) << diags(r);
  EXPECT_NE(d->message.find(what), std::string::npos) << diags(r);
  std::string src = std::string(kDecls) + body;
  size_t line = 1, col = 1, off = src.find(at);
  ASSERT_NE(off, std::string::npos);
  for (size_t i = 0; i < off; ++i) src[i] == '\n' ? (++line, col = 1) : ++col;
  EXPECT_EQ(d->span.line, line) << diags(r);
  EXPECT_EQ(d->span.column, col) << diags(r);
}

void expectOk(const std::string& body, CompileTarget target, const std::string& profile = "ps_6_0") {
  CompileResult r = compile(body, target, profile);
  EXPECT_TRUE(r.success) << diags(r);
}

const char* kDynamicOffset = R"(float4 main(float2 uv : A, nointerpolation int2 o : B) : SV_Target {
  return tex.GatherRed(samp, uv, o);
})";

TEST(TextureMethods, GatherWithNonConstantOffset) {
  // SPIR-V: the Offset image operand (ImageGatherExtended); MSL takes any int2; WGSL
  // offsets are const-expressions.
  expectOk(kDynamicOffset, CompileTarget::SpirV);
  expectOk(kDynamicOffset, CompileTarget::Msl);
  expectError(kDynamicOffset, CompileTarget::Wgsl, "OSH5001", "tex.GatherRed", "a Gather with a texel offset that is not a constant");
}

TEST(TextureMethods, GatherWithFourNonConstantOffsets) {
  // DXC: four OpImageGather with Offset, component i of the i-th.
  const char* body = R"(float4 main(float2 uv : A, nointerpolation int2 o : B) : SV_Target {
  return tex.GatherGreen(samp, uv, o, int2(1, 0), o, int2(0, 1));
})";
  expectOk(body, CompileTarget::SpirV);
  expectOk(body, CompileTarget::Msl);
  expectError(body, CompileTarget::Wgsl, "OSH5001", "tex.GatherGreen", "a Gather with a texel offset that is not a constant");
}

TEST(TextureMethods, GatherCmpGreenHasNoEquivalent) {
  const char* body = R"(float4 main(float2 uv : A) : SV_Target {
  return depth.GatherCmpAlpha(cmp, uv, 0.5);
})";
  for (CompileTarget t : {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl})
    expectError(body, t, "OSH0400", "GatherCmpAlpha", "no equivalent for GatherCmpAlpha intrinsic method");
}

TEST(TextureMethods, GatherOnlyOnTwoDimensionalAndCubeTextures) {
  const char* body = R"(float4 main(float u : A) : SV_Target {
  return line.Gather(samp, u);
})";
  expectError(body, CompileTarget::SpirV, "OSH0012", "Gather", "no member named 'Gather'");
}

TEST(TextureMethods, CalculateLevelOfDetail) {
  const char* body = R"(float4 main(float2 uv : A) : SV_Target {
  return tex.CalculateLevelOfDetail(samp, uv);
})";
  expectOk(body, CompileTarget::SpirV);
  expectOk(body, CompileTarget::Msl);
  expectError(body, CompileTarget::Wgsl, "OSH5001", "tex.CalculateLevelOfDetail",
              "a CalculateLevelOfDetail (WGSL has no level of detail query)");
  const char* unclamped = R"(float4 main(float2 uv : A) : SV_Target {
  return tex.CalculateLevelOfDetailUnclamped(samp, uv);
})";
  expectError(unclamped, CompileTarget::Wgsl, "OSH5001", "tex.CalculateLevelOfDetailUnclamped",
              "a CalculateLevelOfDetailUnclamped (WGSL has no level of detail query)");
  // Metal has no level-of-detail query of a 1D texture.
  const char* oneD = R"(float4 main(float u : A) : SV_Target {
  return line.CalculateLevelOfDetail(samp, u);
})";
  expectOk(oneD, CompileTarget::SpirV);
  expectError(oneD, CompileTarget::Msl, "OSH4001", "line.CalculateLevelOfDetail", "CalculateLevelOfDetail of a 1D texture");
  // An implicit level of detail needs derivatives: pixel shaders (DXC needs an extension in compute).
  const char* compute = R"(RWStructuredBuffer<float> o : register(u5);
[numthreads(1, 1, 1)] void main() {
  o[0] = tex.CalculateLevelOfDetail(samp, float2(0.5, 0.5));
})";
  expectError(compute, CompileTarget::SpirV, "OSH3004", "tex.CalculateLevelOfDetail",
              "a CalculateLevelOfDetail outside a pixel shader", "cs_6_0");
}

}  // namespace
