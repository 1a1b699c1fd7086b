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
TextureCube<float4> cube : register(t5);
Texture2DMS<float4> ms : register(t6);
RWTexture2D<float4> rw : register(u7);
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

// The SPIR-V disassembly (validated in-process) of a body that compiles.
std::string spirv(const std::string& body) {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV};
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  o.disassemble = true;
  CompileResult r = CompileSource(std::string(kDecls) + body, "test.hlsl", o);
  EXPECT_TRUE(r.success) << diags(r);
  return r.outputs.empty() ? std::string() : r.outputs[0].text;
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

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

// Step 3 (issue 10): SampleCmpBias / SampleCmpGrad / SampleCmpLevel, the clamp argument
// (MinLod) and the `out uint status` overloads (OpImageSparse*), DXC's instructions
// (SPIR-V.rst; texture.sample-cmp-bias/grad/level.hlsl, texture.sample*.hlsl CHECK lines).
TEST(TextureMethods, ClampStatusAndCompareKindsOnSpirv) {
  std::string t = spirv(R"(float4 main(float2 uv : A, float3 dir : B, float ref : C) : SV_Target {
  uint status;
  float4 c = tex.Sample(samp, uv, int2(1, 2), 1.5);
  c += tex.SampleBias(samp, uv, 0.5, int2(1, 2), 2.5, status);
  c.x += CheckAccessFullyMapped(status) ? 1 : 0;
  c += cube.SampleLevel(samp, dir, 2.0, status);
  c.y += depth.SampleCmpBias(cmp, uv, ref, 0.5);
  c.z += depth.SampleCmpGrad(cmp, uv, float2(1, 0), float2(0, 1), ref, int2(-1, 1), 3.0);
  c.w += depth.SampleCmpLevel(cmp, uv, ref, 2.0);
  c.w += depth.SampleCmp(cmp, uv, ref, int2(1, 1), 1.0, status);
  c += tex.Gather(samp, uv, int2(1, 2), status);
  return c;
})");
  EXPECT_TRUE(has(t, "OpCapability MinLod")) << t;
  EXPECT_TRUE(has(t, "OpCapability SparseResidency")) << t;
  EXPECT_TRUE(has(t, "%SparseResidencyStruct = OpTypeStruct %uint %v4float")) << t;
  EXPECT_TRUE(has(t, "OpImageSampleImplicitLod %v4float")) << t;
  EXPECT_TRUE(has(t, "ConstOffset|MinLod %")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseSampleImplicitLod %SparseResidencyStruct")) << t;
  EXPECT_TRUE(has(t, "Bias|ConstOffset|MinLod %float_0_5 %")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseTexelsResident %bool")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseSampleExplicitLod %SparseResidencyStruct")) << t;
  EXPECT_TRUE(has(t, "OpImageSampleDrefImplicitLod %float")) << t;
  EXPECT_TRUE(has(t, "Grad|ConstOffset|MinLod")) << t;
  EXPECT_TRUE(has(t, "OpImageSampleDrefExplicitLod %float")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseSampleDrefImplicitLod")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseGather %SparseResidencyStruct")) << t;
}

TEST(TextureMethods, ClampStatusAndCompareKindsOnTextTargets) {
  const char* clamp = R"(float4 main(float2 uv : A) : SV_Target {
  return tex.Sample(samp, uv, int2(0, 0), 1.0);
})";
  expectError(clamp, CompileTarget::Msl, "OSH4001", "tex.Sample", "a Sample with a clamp argument");
  expectError(clamp, CompileTarget::Wgsl, "OSH5001", "tex.Sample", "a Sample with a clamp argument");
  const char* status = R"(float4 main(float2 uv : A) : SV_Target {
  uint s;
  return tex.SampleLevel(samp, uv, 0, int2(0, 0), s);
})";
  expectError(status, CompileTarget::Msl, "OSH4001", "tex.SampleLevel", "a SampleLevel with a status argument");
  expectError(status, CompileTarget::Wgsl, "OSH5001", "tex.SampleLevel", "a SampleLevel with a status argument");
  const char* bias = R"(float4 main(float2 uv : A) : SV_Target {
  return depth.SampleCmpBias(cmp, uv, 0.5, 1.0);
})";
  expectError(bias, CompileTarget::Msl, "OSH4001", "depth.SampleCmpBias", "SampleCmpBias");
  expectError(bias, CompileTarget::Wgsl, "OSH5001", "depth.SampleCmpBias", "a SampleCmpBias");
  const char* level = R"(float4 main(float2 uv : A) : SV_Target {
  return depth.SampleCmpLevel(cmp, uv, 0.5, 1.0);
})";
  expectOk(level, CompileTarget::Msl);
  expectError(level, CompileTarget::Wgsl, "OSH5001", "depth.SampleCmpLevel", "a SampleCmpLevel");
}

// Step 4: Load with an offset, a sample index and a status; GetDimensions into ints (DXC:
// texture.load.hlsl, texture.array.load.hlsl, method.rwtexture.load.hlsl,
// texture.get-dimensions.hlsl CHECK lines).
TEST(TextureMethods, LoadAndGetDimensionsOnSpirv) {
  std::string t = spirv(R"(float4 main(nointerpolation int3 p : A) : SV_Target {
  uint status;
  float4 c = tex.Load(p, int2(1, -1));
  c += tex.Load(p, int2(1, -1), status);
  c += ms.Load(p.xy, 2, int2(2, 3));
  c += rw.Load(p.xy, status);
  int w, h, levels;
  tex.GetDimensions(p.z, w, h, levels);
  c.x += w + h + levels;
  return c;
})");
  EXPECT_TRUE(has(t, "OpImageFetch %v4float")) << t;
  EXPECT_TRUE(has(t, "Lod|ConstOffset %")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseFetch %SparseResidencyStruct")) << t;
  EXPECT_TRUE(has(t, "ConstOffset|Sample %")) << t;
  EXPECT_TRUE(has(t, "OpImageSparseRead %SparseResidencyStruct")) << t;
  EXPECT_TRUE(has(t, "OpBitcast %int")) << t;
}

TEST(TextureMethods, LoadOnTextTargets) {
  // The offset is added to the integer coordinate (textureLoad / read have no offset).
  const char* offset = R"(float4 main(nointerpolation int3 p : A) : SV_Target {
  return tex.Load(p, int2(1, -1)) + ms.Load(p.xy, 1, int2(0, 1));
})";
  expectOk(offset, CompileTarget::Msl);
  expectOk(offset, CompileTarget::Wgsl);
  const char* status = R"(float4 main(nointerpolation int3 p : A) : SV_Target {
  uint s;
  return rw.Load(p.xy, s);
})";
  expectError(status, CompileTarget::Msl, "OSH4001", "rw.Load", "a Load with a status argument");
  expectError(status, CompileTarget::Wgsl, "OSH5001", "rw.Load", "a Load with a status argument");
}

}  // namespace
