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
std::string spirv(const std::string& body, const std::string& profile = "ps_6_0") {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV};
  o.entryPoint = "main";
  o.profile = profile;
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
  expectError(kDynamicOffset, CompileTarget::Wgsl, "OSH5001", "tex.GatherRed",
              "a Gather with a texel offset that is not a constant");
}

TEST(TextureMethods, GatherWithFourNonConstantOffsets) {
  // DXC: four OpImageGather with Offset, component i of the i-th.
  const char* body = R"(float4 main(float2 uv : A, nointerpolation int2 o : B) : SV_Target {
  return tex.GatherGreen(samp, uv, o, int2(1, 0), o, int2(0, 1));
})";
  expectOk(body, CompileTarget::SpirV);
  expectOk(body, CompileTarget::Msl);
  expectError(body, CompileTarget::Wgsl, "OSH5001", "tex.GatherGreen",
              "a Gather with a texel offset that is not a constant");
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
  expectError(oneD, CompileTarget::Msl, "OSH4001", "line.CalculateLevelOfDetail",
              "CalculateLevelOfDetail of a 1D texture");
  // An implicit level of detail needs derivatives: in compute shaders, threads that form
  // quads (HLSL SM 6.6; ComputeDerivatives below).
  const char* compute = R"(RWStructuredBuffer<float> o : register(u5);
[numthreads(1, 1, 1)] void main() {
  o[0] = tex.CalculateLevelOfDetail(samp, float2(0.5, 0.5));
})";
  expectError(compute, CompileTarget::SpirV, "OSH0140", "CalculateLevelOfDetail(samp",
              "'CalculateLevelOfDetail' takes derivatives", "cs_6_6");
}

// HLSL SM 6.6 derivatives in compute shaders ("Derivatives" in the SM 6.6 specification):
// quads by the 1D rule (X a multiple of 4, Y = Z = 1) or the 2D rule (X and Y even); any
// other [numthreads] is an error. SPIR-V (DXC's mapping): SPV_NV_compute_shader_derivatives
// with DerivativeGroupLinearNV / DerivativeGroupQuadsNV, one execution mode however many
// derivatives. Metal kernels and WGSL compute shaders have no derivatives.
TEST(TextureMethods, ComputeDerivatives) {
  auto body = [](const char* threads) {
    return std::string("RWStructuredBuffer<float4> o : register(u5);\n[numthreads(") + threads +
           R"()] void main(uint3 id : SV_GroupThreadID) {
  float x = float(id.x);
  o[0] = float4(ddx(x), ddy_fine(x), fwidth(x), ddx_coarse(x));
  o[1] = tex.Sample(samp, float2(x, 0.5)) + tex.SampleBias(samp, float2(x, 0.5), 1.0);
  o[2] = tex.CalculateLevelOfDetail(samp, float2(x, 0.5));
})";
  };
  struct Case {
    const char* threads;
    const char* mode;
  } cases[] = {{"2, 2, 1", "DerivativeGroupQuadsNV"},  {"8, 8, 1", "DerivativeGroupQuadsNV"},
               {"4, 2, 1", "DerivativeGroupQuadsNV"},  {"6, 4, 3", "DerivativeGroupQuadsNV"},
               {"4, 1, 1", "DerivativeGroupLinearNV"}, {"64, 1, 1", "DerivativeGroupLinearNV"}};
  for (const Case& c : cases) {
    std::string t = spirv(body(c.threads), "cs_6_6");
    bool quads = std::string(c.mode) == "DerivativeGroupQuadsNV";
    EXPECT_TRUE(
        has(t, quads ? "OpCapability ComputeDerivativeGroupQuadsNV" : "OpCapability ComputeDerivativeGroupLinearNV"))
        << c.threads << t;
    EXPECT_FALSE(has(t, quads ? "ComputeDerivativeGroupLinearNV" : "ComputeDerivativeGroupQuadsNV")) << c.threads;
    EXPECT_TRUE(has(t, "OpExtension \"SPV_NV_compute_shader_derivatives\"")) << c.threads;
    size_t n = 0;
    for (size_t p = t.find("OpExecutionMode %main Derivative"); p != std::string::npos;
         p = t.find("OpExecutionMode %main Derivative", p + 1))
      ++n;
    EXPECT_EQ(n, 1u) << c.threads;
    EXPECT_TRUE(has(t, std::string("OpExecutionMode %main ") + c.mode)) << c.threads;
    EXPECT_TRUE(has(t, "OpDPdx %float")) << c.threads;
    EXPECT_TRUE(has(t, "OpDPdyFine %float")) << c.threads;
    EXPECT_TRUE(has(t, "OpImageSampleImplicitLod")) << c.threads;
    EXPECT_TRUE(has(t, "OpImageQueryLod")) << c.threads;
  }
  // One derivative: each use is reported.
  auto one = [](const char* threads) {
    return std::string("RWStructuredBuffer<float4> o : register(u5);\n[numthreads(") + threads +
           ")] void main(uint3 id : SV_GroupThreadID) { o[0] = ddx(float(id.x)); }";
  };
  // No quads: X odd, or X even but not a multiple of 4 with Y = 1.
  for (const char* threads : {"3, 2, 1", "2, 1, 1", "6, 1, 1", "1, 1, 1", "2, 3, 1"})
    expectError(one(threads), CompileTarget::SpirV, "OSH0140", "ddx(", "'ddx' takes derivatives", "cs_6_6");
  // A pixel shader needs no execution mode.
  std::string ps = spirv("float4 main(float2 uv : A) : SV_Target { return ddx(uv.x) + tex.Sample(samp, uv); }");
  EXPECT_FALSE(has(ps, "Derivative")) << ps;
  EXPECT_FALSE(has(ps, "compute_shader_derivatives")) << ps;
  // Vertex shaders still have no derivatives (DXC: spirv-val refuses them).
  expectError("float4 main(float4 p : P) : SV_Position { return ddx(p); }", CompileTarget::SpirV, "OSH0028", "ddx(p)",
              "intrinsic 'ddx' is not available in vertex shaders", "vs_6_6");
  // Metal kernels and WGSL compute shaders have no derivatives: the first use is named.
  expectError(one("2, 2, 1"), CompileTarget::Msl, "OSH4170", "ddx(", "'ddx' takes derivatives", "cs_6_6");
  expectError(one("2, 2, 1"), CompileTarget::Wgsl, "OSH5170", "ddx(", "'ddx' takes derivatives", "cs_6_6");
  const char* sampleOnly = R"(RWStructuredBuffer<float4> o : register(u5);
[numthreads(4, 1, 1)] void main(uint3 id : SV_GroupThreadID) { o[0] = tex.Sample(samp, float2(id.x, 0.5)); })";
  expectError(sampleOnly, CompileTarget::Msl, "OSH4170", "tex.Sample", "'Sample' takes derivatives", "cs_6_6");
  expectError(sampleOnly, CompileTarget::Wgsl, "OSH5170", "tex.Sample", "'Sample' takes derivatives", "cs_6_6");
  // Mesh and amplification shaders: SPIRV-Tools v2023.1 validates derivative instructions in
  // Fragment and GLCompute entry points only.
  const char* mesh = R"(struct V { float4 p : SV_Position; };
[numthreads(4, 1, 1)] [outputtopology("triangle")]
void main(in uint tid : SV_GroupThreadID, out vertices V verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  float4 d = ddx_coarse(float4(tid, 0, 0, 0));
  verts[0].p = d; verts[1].p = d; verts[2].p = d;
  tris[0] = uint3(0, 1, 2);
})";
  expectError(mesh, CompileTarget::SpirV, "OSH3004", "ddx_coarse(", "'ddx_coarse' in a mesh shader", "ms_6_6");
}

// -fspv-extension without SPV_NV_compute_shader_derivatives: the validator here knows the
// extension by that name only (DXC would name SPV_KHR_compute_shader_derivatives).
TEST(TextureMethods, ComputeDerivativesNeedTheExtension) {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV};
  o.entryPoint = "main";
  o.profile = "cs_6_6";
  o.allowedSpirvExtensions = {"SPV_KHR_compute_shader_derivatives"};
  CompileResult r = CompileSource(std::string(kDecls) + R"(RWStructuredBuffer<float> o : register(u5);
[numthreads(2, 2, 1)] void main(uint3 id : SV_GroupThreadID) { o[0] = ddx(float(id.x)); })",
                                  "test.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics.back().code, "OSH3005") << diags(r);
  EXPECT_TRUE(has(r.diagnostics.back().message, "SPV_NV_compute_shader_derivatives")) << diags(r);
  o.allowedSpirvExtensions = {"SPV_NV_compute_shader_derivatives"};
  r = CompileSource(std::string(kDecls) + R"(RWStructuredBuffer<float> o : register(u5);
[numthreads(2, 2, 1)] void main(uint3 id : SV_GroupThreadID) { o[0] = ddx(float(id.x)); })",
                    "test.hlsl", o);
  EXPECT_TRUE(r.success) << diags(r);
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

// `.mips[level][location]` and `.sample[s][location]` (DXC SPIR-V.rst: OpImageFetch with the
// Lod or Sample image operand; the location is used as it is), operator[] of a
// multisampled texture (sample 0, op.texture.access in DXC's tests) and GetSamplePosition
// (DXC: the standard positions for 2/4/8/16 samples picked by OpImageQuerySamples).
TEST(TextureMethods, MipsAndSampleOperators) {
  const char* body = R"(Texture2DMSArray<float4> msa : register(t8);
Texture3D<uint2> vol : register(t9);
float4 main(nointerpolation uint2 p : A, nointerpolation uint l : B) : SV_Target {
  float4 c = tex.mips[l][p] + tex.mips[3][uint2(1, 2)] + line.mips[1][p.x];
  c += ms.sample[l][p] + msa.sample[2][uint3(p, 1)] + ms[p];
  c.xy += float2(vol.mips[l][uint3(p, 0)]);
  c.xy += ms.GetSamplePosition(int(l)) + msa.GetSamplePosition(1);
  return c;
})";
  std::string t = spirv(body);
  size_t fetches = 0;
  for (size_t q = t.find("OpImageFetch"); q != std::string::npos; q = t.find("OpImageFetch", q + 1)) ++fetches;
  EXPECT_EQ(fetches, 7u) << t;
  EXPECT_TRUE(has(t, " Lod %uint_3")) << t;
  EXPECT_TRUE(has(t, " Lod %uint_1")) << t;
  EXPECT_TRUE(has(t, " Sample %uint_2")) << t;
  EXPECT_TRUE(has(t, " Sample %uint_0")) << t;
  EXPECT_TRUE(has(t, "OpImageQuerySamples %uint")) << t;
  EXPECT_TRUE(has(t, "%float_0_25")) << t;    // 4/16 (2 samples)
  EXPECT_TRUE(has(t, "%float_n0_5")) << t;    // -8/16 (16 samples)
  EXPECT_TRUE(has(t, "%float_0_4375")) << t;  // 7/16
  expectOk(body, CompileTarget::Msl);
  // WGSL has no multisampled texture arrays (OSH5001 at msa's declaration): the rest.
  expectOk(R"(Texture3D<uint2> vol : register(t9);
float4 main(nointerpolation uint2 p : A, nointerpolation uint l : B) : SV_Target {
  float4 c = tex.mips[l][p] + tex.mips[3][uint2(1, 2)] + line.mips[1][p.x] + ms.sample[l][p] + ms[p];
  c.xy += float2(vol.mips[l][uint3(p, 0)]) + ms.GetSamplePosition(int(l));
  return c;
})",
           CompileTarget::Wgsl);
  // .mips on textures without mips, .sample on textures without samples.
  expectError("float4 main(uint3 p : A) : SV_Target { return cube.mips[0][p]; }", CompileTarget::SpirV, "OSH0012",
              "mips[0]", "no member named 'mips' in 'TextureCube<float4>'");
  expectError("float4 main(uint2 p : A) : SV_Target { return tex.sample[0][p]; }", CompileTarget::SpirV, "OSH0012",
              "sample[0]", "no member named 'sample' in 'Texture2D<float4>'");
  expectError("float4 main(uint2 p : A) : SV_Target { return rw.mips[0][p]; }", CompileTarget::SpirV, "OSH0012",
              "mips[0]", "no member named 'mips'");
  // The location has the texture's coordinate count; the operator object alone is not supported.
  expectError("float4 main(uint3 p : A) : SV_Target { return tex.mips[0][p]; }", CompileTarget::SpirV, "OSH0004",
              "p]; }", "'uint2'");
  expectError("float4 main(uint2 p : A) : SV_Target { return tex.mips[0].x; }", CompileTarget::SpirV, "OSH0007",
              "tex.mips", "'.mips' other than as .mips[level][location]");
}

}  // namespace
