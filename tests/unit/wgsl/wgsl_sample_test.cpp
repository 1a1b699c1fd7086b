// WGSL backend: the sampling kinds of ImageSample (ir.hpp SampleKind) as WGSL builtins,
// texel offsets, depth textures derived from comparison sampling, the stage and shape rules
// WGSL imposes (coded OSH5001), and arrays of resources (no binding arrays in WebGPU core).
// Forms and argument orders are from the WGSL spec ("Texture Built-in Functions"); every
// module that compiles is also validated by Dawn (tests/wgsl/check.mjs).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "backend/wgsl/wgsl.hpp"
#include "dawn_check.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, const std::string& profile) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = profile;
  return CompileSource(src, "test.hlsl", o);
}

std::string diags(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

std::string wgslOf(const std::string& src, const std::string& profile) {
  CompileResult r = compile(src, profile);
  EXPECT_TRUE(r.success) << diags(r);
  for (const auto& o : r.outputs)
    if (o.target == CompileTarget::Wgsl) {
      EXPECT_EQ(dawnErrors(o.text), "") << o.text;
      return o.text;
    }
  ADD_FAILURE() << "no WGSL output";
  return "";
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Expects exactly one error, OSH5001, whose range starts at `at` in `src` and whose message
// contains `what`.
void expectOsh5001(const std::string& src, const std::string& profile, const std::string& at, const std::string& what) {
  CompileResult r = compile(src, profile);
  EXPECT_FALSE(r.success);
  size_t errors = 0;
  const DiagnosticInfo* d = nullptr;
  for (const auto& x : r.diagnostics)
    if (x.severity == "error") ++errors, d = &x;
  ASSERT_EQ(errors, 1u) << diags(r);
  EXPECT_EQ(d->code, "OSH5001") << diags(r);
  EXPECT_TRUE(has(d->message, what)) << diags(r);
  size_t line = 1, col = 1, off = src.find(at);
  ASSERT_NE(off, std::string::npos);
  for (size_t i = 0; i < off; ++i) src[i] == '\n' ? (++line, col = 1) : ++col;
  EXPECT_EQ(d->span.line, line) << diags(r);
  EXPECT_EQ(d->span.column, col) << diags(r);
}

// ---------------------------------------------------------------- golden

// The WGSL golden of the sampling methods is tests/golden/texture_sample_ops_wgsl.{hlsl,wgsl}
// (ctest golden.texture_sample_ops_wgsl.wgsl): every sampling method on every texture
// shape the SPIR-V golden (tests/golden/texture_sample_ops.hlsl) has, less its Texture1D
// SampleBias; the expected module was reviewed line by line (tests/golden/README.md, WGSL).

// The SPIR-V golden itself has Texture1D.SampleBias: WGSL's texture_1d has textureSample
// only, so it is one coded error at that call.
TEST(WgslSample, SpirvGoldenHasOne1dBiasError) {
  std::string src = readFile(kRoot + "/tests/golden/texture_sample_ops.hlsl");
  ASSERT_FALSE(src.empty());
  expectOsh5001(src, "ps_6_0", "line.SampleBias", "SampleBias of a 1D texture");
}

// ---------------------------------------------------------------- each kind

TEST(WgslSample, BiasGradLevelAndOffsetsInAPixelShader) {
  std::string t = wgslOf(R"(
Texture2D<float4> T : register(t0);
Texture3D<float4> V : register(t1);
TextureCubeArray<float4> C : register(t2);
SamplerState S : register(s3);
float4 main(float2 uv : TEXCOORD0, float3 p : TEXCOORD1) : SV_Target {
  float4 r = T.SampleBias(S, uv, -0.75, int2(3, -4));
  r += T.SampleGrad(S, uv, float2(0.5, 0), float2(0, 0.5));
  r += V.SampleGrad(S, p, p, p, int3(-8, 7, 0));
  r += C.SampleGrad(S, float4(p, 5), p, p);
  r += C.SampleBias(S, float4(p, 1), 2);
  r += T.SampleLevel(S, uv, 0, int2(1, 2));
  r += T.Sample(S, uv, int2(-1, -1));
  return r;
})",
                         "ps_6_0");
  EXPECT_TRUE(has(t, "textureSampleBias(T, S, ")) << t;
  EXPECT_TRUE(has(t, ", (-0.75f), vec2<i32>(3i, (-4i)))")) << t;
  EXPECT_TRUE(has(t, ", vec2<f32>(0.5f, 0.0f), vec2<f32>(0.0f, 0.5f))")) << t;  // no offset
  EXPECT_TRUE(has(t, ", vec3<i32>((-8i), 7i, 0i))")) << t;
  EXPECT_EQ(count(t, "textureSampleGrad("), 3u) << t;
  EXPECT_EQ(count(t, "textureSampleBias("), 2u) << t;
  // Cube arrays: the layer is a separate i32 argument before the gradients / bias.
  EXPECT_TRUE(has(t, "textureSampleGrad(C, S, ")) << t;
  EXPECT_TRUE(has(t, "i32(round(")) << t;
  EXPECT_TRUE(has(t, ", vec2<i32>(1i, 2i))")) << t;
  EXPECT_TRUE(has(t, "textureSample(T, S, ")) << t;
  EXPECT_TRUE(has(t, ", vec2<i32>((-1i), (-1i)))")) << t;
  EXPECT_FALSE(has(t, "texture_depth")) << t;  // no comparison sampler: plain textures
}

// Explicit-level forms are allowed in compute shaders: SampleLevel, SampleGrad and
// SampleCmpLevelZero (textureSampleCompareLevel).
TEST(WgslSample, ExplicitLevelFormsInCompute) {
  std::string t = wgslOf(R"(
Texture2D<float> D : register(t0);
Texture2D<float4> T : register(t1);
SamplerComparisonState C : register(s2);
SamplerState S : register(s3);
RWStructuredBuffer<float4> O : register(u4);
[numthreads(1, 1, 1)] void main() {
  float2 uv = float2(0.25, 0.75);
  O[0] = float4(D.SampleCmpLevelZero(C, uv, 0.5), D.SampleCmpLevelZero(C, uv, 0.5, int2(1, 0)), 0, 0);
  O[1] = T.SampleGrad(S, uv, float2(0.1, 0), float2(0, 0.1), int2(0, -2));
  O[2] = T.SampleLevel(S, uv, 1.5);
})",
                         "cs_6_0");
  EXPECT_TRUE(has(t, "var D: texture_depth_2d;")) << t;
  EXPECT_TRUE(has(t, "var C: sampler_comparison;")) << t;
  EXPECT_EQ(count(t, "textureSampleCompareLevel(D, C, "), 2u) << t;
  EXPECT_TRUE(has(t, ", 0.5f, vec2<i32>(1i, 0i))")) << t;
  EXPECT_TRUE(has(t, ", vec2<i32>(0i, (-2i)))")) << t;
  EXPECT_FALSE(has(t, "derivative_uniformity")) << t;  // no implicit derivatives
}

TEST(WgslSample, ImplicitLevelFormsOutsidePixelShadersAreCoded) {
  // textureSample/Bias/Compare are fragment-only in WGSL; HLSL SM 6.6 allows them in compute
  // shaders whose [numthreads] forms derivative quads: OSH5170.
  for (const char* m : {"T.SampleBias(S, float2(0.5, 0.5), 1.0)", "T.Sample(S, float2(0.5, 0.5))"}) {
    std::string src = std::string(R"(Texture2D<float4> T : register(t0); SamplerState S : register(s1);
RWStructuredBuffer<float4> O : register(u2);
[numthreads(2, 2, 1)] void main() { O[0] = )") +
                      m + "; }";
    CompileResult r = compile(src, "cs_6_6");
    EXPECT_FALSE(r.success);
    ASSERT_EQ(r.diagnostics.size(), 1u) << diags(r);
    EXPECT_EQ(r.diagnostics[0].code, "OSH5170") << diags(r);
    EXPECT_EQ(r.diagnostics[0].span.line, 3u) << diags(r);
    EXPECT_EQ(r.diagnostics[0].span.column, 44u) << diags(r);
    EXPECT_TRUE(has(r.diagnostics[0].message, "WGSL compute shader")) << diags(r);
  }
}

// ---------------------------------------------------------------- depth textures

// A texture compared against is texture_depth_*: its plain reads give f32 in WGSL, the
// HLSL texel is (d, 0, 0, 1) (missing components of a one-channel format).
TEST(WgslSample, DepthTextureOtherReadsAreWidened) {
  std::string t = wgslOf(R"(
Texture2D<float4> D : register(t0);
SamplerComparisonState C : register(s1);
SamplerState S : register(s2);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 a = D.Sample(S, uv);
  float4 b = D.Load(int3(0, 0, 0));
  return a + b + D.SampleCmp(C, uv, 0.5);
})",
                         "ps_6_0");
  EXPECT_TRUE(has(t, "var D: texture_depth_2d;")) << t;
  EXPECT_TRUE(has(t, "vec4<f32>(textureSample(D, S, ")) << t;
  EXPECT_TRUE(has(t, ", 0.0f, 0.0f, 1.0f)")) << t;
  EXPECT_TRUE(has(t, "vec4<f32>(textureLoad(D, ")) << t;
  EXPECT_TRUE(has(t, "textureSampleCompare(D, C, ")) << t;
}

TEST(WgslSample, DepthTextureBiasOrGradIsCoded) {
  expectOsh5001(R"(Texture2D<float> D : register(t0); SamplerComparisonState C : register(s1);
SamplerState S : register(s2);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return D.SampleCmp(C, uv, 0.5) + D.SampleBias(S, uv, 1.0); })",
                "ps_6_0", "D.SampleBias", "SampleBias of a texture that is also sampled with a comparison sampler");
  expectOsh5001(R"(Texture2D<float> D : register(t0); SamplerComparisonState C : register(s1);
SamplerState S : register(s2);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return D.SampleGrad(S, uv, uv, uv) + D.SampleCmp(C, uv, 0.5); })",
                "ps_6_0", "D.SampleGrad", "SampleGrad of a texture that is also sampled with a comparison sampler");
}

TEST(WgslSample, ComparisonOfA1dTextureIsCoded) {
  expectOsh5001(R"(Texture1D<float> D : register(t0); SamplerComparisonState C : register(s1);
float4 main(float u : TEXCOORD0) : SV_Target { return D.SampleCmp(C, u, 0.5); })",
                "ps_6_0", "D.SampleCmp", "SampleCmp of a 1D texture");
}

// ---------------------------------------------------------------- 1D textures

TEST(WgslSample, OneDimensionalTexturesHaveTextureSampleOnly) {
  expectOsh5001(R"(Texture1D<float4> T : register(t0); SamplerState S : register(s1);
RWStructuredBuffer<float4> O : register(u2);
[numthreads(1, 1, 1)] void main() { O[0] = T.SampleLevel(S, 0.5, 0); })",
                "cs_6_0", "T.SampleLevel", "SampleLevel of a 1D texture");
  expectOsh5001(R"(Texture1D<float4> T : register(t0); SamplerState S : register(s1);
float4 main(float u : TEXCOORD0) : SV_Target { return T.SampleGrad(S, u, 0.1, 0.1); })",
                "ps_6_0", "T.SampleGrad", "SampleGrad of a 1D texture");
}

// Texture1D.Sample with an offset: WGSL has no offset form for texture_1d; WebGPU 1D textures
// have one mip level, so the offset is o / width in the normalized coordinate.
TEST(WgslSample, OneDimensionalOffsetIsAStepOfOneTexel) {
  std::string t = wgslOf(R"(Texture1D<float4> T : register(t0); SamplerState S : register(s1);
float4 main(float u : TEXCOORD0) : SV_Target { return T.Sample(S, u, -2); })",
                         "ps_6_0");
  EXPECT_TRUE(has(t, " + f32((-2i)) / f32(textureDimensions(T))))")) << t;
}

// ---------------------------------------------------------------- execution on Dawn

// Runs on Dawn over SwiftShader (tests/wgsl/exec.mjs with textures and samplers). Nearest
// filtering, clamp-to-edge; each invocation samples at the centre of texel (x, y) of 4x4:
//   D (depth16unorm): texel (x, y) = n * 8192 / 65535 with n = (3x + 5y) % 8; compared
//     with ref 0.5 by `less` (ref < d passes): 1 where n >= 4, else 0.
//   T (rgba8unorm, 2 levels): level 0 (x, y) = (10x + y, 100 + x + 4y, 0, 255) / 255,
//     level 1 (2x2) (x, y) = (0, 200 + x + 2y, 0, 255) / 255.
//   SampleGrad with gradients 0.5 (rho = 0.5 * 4 = 2, lambda 1) reads level 1; with
//     0.0625 (lambda -2, clamped to 0) level 0. Offsets move the texel before the clamp.
TEST(WgslSample, CompareGradAndOffsetsRunOnDawn) {
  std::string t = wgslOf(R"(
Texture2D<float> D : register(t0);
SamplerComparisonState C : register(s1);
Texture2D<float4> T : register(t2);
SamplerState S : register(s3);
RWStructuredBuffer<float> O : register(u4);
[numthreads(4, 4, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.y * 4 + id.x;
  float2 uv = (float2(id.xy) + 0.5) / 4.0;
  O[i] = D.SampleCmpLevelZero(C, uv, 0.5);
  O[16 + i] = D.SampleCmpLevelZero(C, uv, 0.5, int2(1, 0));
  O[32 + i] = T.SampleLevel(S, uv, 0, int2(1, -1)).r;
  O[48 + i] = T.SampleGrad(S, uv, float2(0.5, 0), float2(0, 0.5)).g;
  O[64 + i] = T.SampleGrad(S, uv, float2(0.0625, 0), float2(0, 0.0625), int2(-1, 1)).g;
})",
                         "cs_6_0");
  auto n = [](int x, int y) { return (3 * x + 5 * y) % 8; };
  auto clamp3 = [](int v) { return v < 0 ? 0 : v > 3 ? 3 : v; };
  auto list = [](const std::vector<double>& v) {
    std::string s;
    for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
    return s;
  };
  std::vector<double> depth, l0, l1, want(80);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      depth.push_back(n(x, y) * 8192);
      for (int c : {10 * x + y, 100 + x + 4 * y, 0, 255}) l0.push_back(c);
      int i = 4 * y + x;
      want[i] = n(x, y) >= 4 ? 1 : 0;
      want[16 + i] = n(clamp3(x + 1), y) >= 4 ? 1 : 0;
      want[32 + i] = (10 * clamp3(x + 1) + clamp3(y - 1)) / 255.0;
      want[48 + i] = (200 + (x >> 1) + 2 * (y >> 1)) / 255.0;
      want[64 + i] = (100 + clamp3(x - 1) + 4 * clamp3(y + 1)) / 255.0;
    }
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x)
      for (int c : {0, 200 + x + 2 * y, 0, 255}) l1.push_back(c);
  std::string spec = R"({"entry":"main","buffers":[{"binding":4,"usage":"storage","f32":[)" +
                     list(std::vector<double>(80, 0.0)) + R"(]}],"textures":[)" +
                     R"({"binding":0,"format":"depth16unorm","size":[4,4],"levels":[{"u16":[)" + list(depth) + "]}]}," +
                     R"({"binding":2,"format":"rgba8unorm","size":[4,4],"levels":[{"u8":[)" + list(l0) +
                     "]},{\"u8\":[" + list(l1) + R"(]}]}],"samplers":[{"binding":1,"compare":"less"},{"binding":3}],)" +
                     R"("expect":[{"binding":4,"tolerance":1e-5,"f32":[)" + list(want) + "]}]}";
  std::string r = dawnRun(t, spec);
  if (r == "SKIP") GTEST_SKIP() << "Dawn or SwiftShader is not installed";
  EXPECT_EQ(r, "") << t;
}

// ---------------------------------------------------------------- IR-level checks

using namespace oneshader::ir;

struct SampleModule {
  Module m;
  Handle<GlobalVariable> image, sampler, out;
};

// Texture2D<float> D (t0), sampler s1 (comparison or not), RWStructuredBuffer<float> O (u2);
// a compute entry point storing one sample of D into O[0].
void buildSample(SampleModule& s, SampleKind kind, bool comparison) {
  ModuleBuilder mb(s.m);
  ImageInfo info;
  GlobalVariable img;
  img.name = "D";
  img.space = AddressSpace::Handle;
  img.type = s.m.types.image(info);
  img.binding = ir::ResourceBinding{0, 0};
  img.resource = ResourceKind::Texture2D;
  s.image = mb.global(img);
  GlobalVariable smp;
  smp.name = "C";
  smp.space = AddressSpace::Handle;
  smp.type = s.m.types.sampler(comparison);
  smp.binding = ir::ResourceBinding{0, 1};
  smp.resource = comparison ? ResourceKind::SamplerComparison : ResourceKind::Sampler;
  s.sampler = mb.global(smp);
  s.out = mb.storageBuffer("O", ResourceKind::RWStructuredBuffer, s.m.types.scalar(Scalar::f32()), 4, 0, 2);
  auto f = mb.function("main", {});
  FunctionBuilder b = mb.build(f);
  auto uv = b.compose(s.m.types.vector(Scalar::f32(), 2), {b.f32(0.5f), b.f32(0.5f)});
  FunctionBuilder::SampleOperands ops;
  ops.kind = kind;
  if (kind == SampleKind::CompareLevelZero)
    ops.depthRef = b.f32(0.25f);
  else
    ops.level = b.f32(0.0f);
  auto r = b.imageSample(b.global(s.image), b.global(s.sampler), uv, ops);
  if (kind != SampleKind::CompareLevelZero) r = b.swizzle(r, {0});
  b.store(b.access(b.accessIndex(b.global(s.out), 0), b.u32(0)), r);
  b.ret();
  EXPECT_TRUE(b.finish());
  mb.entryPoint("main", Stage::Compute, f, {1, 1, 1});
}

// WgslBinding::depthTexture tells reflection that the texture is texture_depth_2d
// (GPUTextureBindingLayout sampleType "depth"); a plain SampleLevel leaves it false.
TEST(WgslSample, BindingSaysDepthTexture) {
  for (bool compare : {true, false}) {
    SampleModule s;
    buildSample(s, compare ? SampleKind::CompareLevelZero : SampleKind::Level, compare);
    DiagEngine d;
    auto r = wgsl::compileWgsl(s.m, "main", wgsl::WgslOptions{}, d);
    ASSERT_TRUE(r.has_value()) << d.renderAll();
    EXPECT_EQ(dawnErrors(r->text), "") << r->text;
    EXPECT_EQ(has(r->text, "var D: texture_depth_2d;"), compare) << r->text;
    ASSERT_EQ(r->bindings.size(), 3u);
    for (const auto& b : r->bindings) {
      EXPECT_EQ(b.depthTexture, compare && b.name == "D") << b.name;
      if (b.name == "D") EXPECT_EQ(b.type, "texture");
    }
  }
}

// Arrays of resources: WebGPU core has no binding_array, so a global of an array of
// textures, samplers or buffer blocks is OSH5001 at the global (the front end rejects them
// today, OSH0007; this is the writer's own guard against emitting `var t: array<texture_2d<f32>, 4>`).
TEST(WgslSample, ArraysOfResourcesAreCoded) {
  Module m;
  ModuleBuilder mb(m);
  ImageInfo info;
  auto img = m.types.image(info);
  auto block = mb.storageBufferBlock(m.types.scalar(Scalar::f32()), 4, "Block");
  struct G {
    const char* name;
    AddressSpace space;
    Handle<Type> type;
    ResourceKind kind;
  } gs[] = {
      {"Ts", AddressSpace::Handle, m.types.array(img, 4), ResourceKind::Texture2D},
      {"Ss", AddressSpace::Handle, m.types.array(m.types.sampler(false), 2), ResourceKind::Sampler},
      {"Bs", AddressSpace::Storage, m.types.array(block, 3), ResourceKind::StructuredBuffer},
  };
  std::vector<Handle<GlobalVariable>> h;
  uint32_t binding = 0;
  for (const G& g : gs) {
    GlobalVariable v;
    v.name = g.name;
    v.space = g.space;
    v.access = StorageAccess::Load;
    v.type = g.type;
    v.binding = ir::ResourceBinding{0, binding++};
    v.resource = g.kind;
    h.push_back(mb.global(v));
  }
  auto out = mb.storageBuffer("O", ResourceKind::RWStructuredBuffer, m.types.scalar(Scalar::f32()), 4, 0, 9);
  auto f = mb.function("main", {});
  FunctionBuilder b = mb.build(f);
  auto uv = b.compose(m.types.vector(Scalar::f32(), 2), {b.f32(0.5f), b.f32(0.5f)});
  FunctionBuilder::SampleOperands ops;
  ops.kind = SampleKind::Level;
  ops.level = b.f32(0.0f);
  auto t = b.access(b.global(h[0]), b.u32(1));
  auto s = b.access(b.global(h[1]), b.u32(1));
  auto texel = b.swizzle(b.imageSample(t, s, uv, ops), {0});
  auto elem = b.load(b.access(b.accessIndex(b.access(b.global(h[2]), b.u32(2)), 0), b.u32(0)));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.binary(BinaryOp::Add, texel, elem));
  b.ret();
  ASSERT_TRUE(b.finish());
  mb.entryPoint("main", Stage::Compute, f, {1, 1, 1});
  DiagEngine d;
  auto r = wgsl::compileWgsl(m, "main", wgsl::WgslOptions{}, d);
  EXPECT_FALSE(r.has_value());
  EXPECT_EQ(d.errorCount(), 3u) << d.renderAll();
  std::string all;
  for (const auto& x : d.diagnostics()) {
    EXPECT_EQ(x.id, DiagId::WgslUnsupported) << x.message;
    all += x.message + "\n";
  }
  for (const char* n : {"'Ts'", "'Ss'", "'Bs'"})
    EXPECT_TRUE(has(all, std::string("an array of resources (") + n)) << all;
  EXPECT_TRUE(has(all, "WebGPU has no binding arrays")) << all;
}

// WGSL scans only sums and products (subgroupExclusiveAdd/Mul, subgroupInclusiveAdd/Mul):
// a scan of any other arithmetic op (HLSL has none, but the IR may carry one) is OSH5001,
// its op spelled by the subgroup table's IR name (ir/subgroups.def: "min", "max").
TEST(WgslSubgroup, ScanOfMinOrMaxIsCodedByTableName) {
  Module m;
  ModuleBuilder mb(m);
  auto u = m.types.scalar(Scalar::u32());
  auto buf = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, u, 4, 0, 0);
  auto f = mb.function("main", {});
  FunctionBuilder b = mb.build(f);
  auto v = b.load(b.access(b.accessIndex(b.global(buf), 0), b.u32(0)));
  auto lo = b.subgroup(SubgroupOp::Min, CollectiveOp::InclusiveScan, v);
  auto hi = b.subgroup(SubgroupOp::Max, CollectiveOp::ExclusiveScan, v);
  b.store(b.access(b.accessIndex(b.global(buf), 0), b.u32(1)), b.binary(BinaryOp::Add, lo, hi));
  b.ret();
  ASSERT_TRUE(b.finish());
  mb.entryPoint("main", Stage::Compute, f, {32, 1, 1});
  DiagEngine d;
  auto r = wgsl::compileWgsl(m, "main", wgsl::WgslOptions{}, d);
  EXPECT_FALSE(r.has_value());
  ASSERT_EQ(d.errorCount(), 2u) << d.renderAll();
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::WgslUnsupported);
  EXPECT_EQ(d.diagnostics()[0].message, "a subgroup inclusive scan of min cannot be expressed in WGSL");
  EXPECT_EQ(d.diagnostics()[1].id, DiagId::WgslUnsupported);
  EXPECT_EQ(d.diagnostics()[1].message, "a subgroup exclusive scan of max cannot be expressed in WGSL");
}

}  // namespace
