// Lowering of textures, samplers and graphics-stage interfaces, end to end: HLSL ->
// Sema -> lowering -> SPIR-V, validated in-process, with the expected instruction shapes
// taken from DXC's SPIR-V.rst (interface and texture mapping tables) and from glslang's
// output for the same source (peer check).
#include "lower_fixture.hpp"
#include "../spirv_decode.hpp"
#include <gtest/gtest.h>
#include <spirv/unified1/spirv.hpp11>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "backend/spirv/spirv.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = ONESHADER_SOURCE_DIR;

using lowertest::Compiled;

std::unique_ptr<Compiled> compile(const std::string& src) { return lowertest::lowerSource(src); }

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

using oneshader::spvtest::decode;
using oneshader::spvtest::Inst;

std::vector<Inst> find(const std::vector<Inst>& is, spv::Op op) {
  std::vector<Inst> r;
  for (const Inst& i : is)
    if (i.op == op) r.push_back(i);
  return r;
}

// A facts view of one module: decorations per id, storage class per variable, constants.
struct Facts {
  std::vector<Inst> is;
  std::map<uint32_t, std::vector<std::vector<uint32_t>>> decorations;  // id -> [decoration, args...]
  std::map<uint32_t, spv::StorageClass> storage;                       // variable -> class
  std::map<uint32_t, uint32_t> constants;                              // id -> first literal word
  std::map<uint32_t, std::string> names;
  explicit Facts(const std::vector<uint32_t>& words) : is(decode(words)) {
    for (const Inst& i : is) {
      if (i.op == spv::Op::OpDecorate)
        decorations[i.operands[0]].push_back(std::vector<uint32_t>(i.operands.begin() + 1, i.operands.end()));
      if (i.op == spv::Op::OpVariable) storage[i.operands[1]] = spv::StorageClass(i.operands[2]);
      if (i.op == spv::Op::OpConstant) constants[i.operands[1]] = i.operands[2];
      if (i.op == spv::Op::OpName) {
        const char* s = reinterpret_cast<const char*>(i.operands.data() + 1);
        names[i.operands[0]] = std::string(s, strnlen(s, (i.operands.size() - 1) * 4));
      }
    }
  }
  bool has(uint32_t id, spv::Decoration d, int64_t arg = -1) const {
    auto it = decorations.find(id);
    if (it == decorations.end()) return false;
    for (const auto& v : it->second)
      if (v[0] == uint32_t(d) && (arg < 0 || (v.size() > 1 && v[1] == uint32_t(arg)))) return true;
    return false;
  }
  // Variables of a storage class with decoration d (= arg).
  std::vector<uint32_t> vars(spv::StorageClass sc, spv::Decoration d, int64_t arg = -1) const {
    std::vector<uint32_t> r;
    for (auto [id, c] : storage)
      if (c == sc && has(id, d, arg)) r.push_back(id);
    return r;
  }
  uint32_t count(spv::Op op) const { return uint32_t(find(is, op).size()); }
  std::set<uint32_t> capabilities() const {
    std::set<uint32_t> r;
    for (const Inst& i : find(is, spv::Op::OpCapability)) r.insert(i.operands[0]);
    return r;
  }
  bool executionMode(spv::ExecutionMode m) const {
    for (const Inst& i : find(is, spv::Op::OpExecutionMode))
      if (i.operands[1] == uint32_t(m)) return true;
    return false;
  }
};

std::optional<spirv::SpirvResult> spirvOf(Compiled& c, const std::string& entry,
                                          spirv::VulkanEnv env = spirv::VulkanEnv::Vulkan1_2) {
  spirv::SpirvOptions so;
  so.env = env;
  so.validate = true;  // in-process spirv-val: failure is a diagnostic
  auto r = spirv::compileSpirv(*c.module, entry, so, c.diags);
  if (!r) ADD_FAILURE() << entry << ": " << c.messages();
  return r;
}

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

// ---------------------------------------------------------------- the seed's PSSlope

TEST(LowerGraphics, SeedPSSlopeCompilesAndValidates) {
  auto c = compile(readFile(kSource / "examples" / "Waves.hlsl"));
  ASSERT_TRUE(c->module) << c->messages();
  ASSERT_EQ(c->module->entryPoints.size(), 2u);
  for (auto env : {spirv::VulkanEnv::Vulkan1_1, spirv::VulkanEnv::Vulkan1_2, spirv::VulkanEnv::Vulkan1_3}) {
    auto r = spirvOf(*c, "PSSlope", env);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->subgroupFeatures, 0x80u);  // Quad only, as in the seed's reflection output
    Facts f(r->words);
    EXPECT_EQ(f.count(spv::Op::OpImageSampleImplicitLod), 1u);
    auto swaps = find(f.is, spv::Op::OpGroupNonUniformQuadSwap);
    ASSERT_EQ(swaps.size(), 2u);
    EXPECT_EQ(f.constants[swaps[0].operands[4]], 0u);  // QuadReadAcrossX: direction 0
    EXPECT_EQ(f.constants[swaps[1].operands[4]], 1u);  // QuadReadAcrossY: direction 1
    // SV_Position -> FragCoord; TEXCOORD0 -> input Location 0; SV_Target -> output Location 0.
    EXPECT_EQ(f.vars(spv::StorageClass::Input, spv::Decoration::BuiltIn, int64_t(spv::BuiltIn::FragCoord)).size(), 1u);
    EXPECT_EQ(f.vars(spv::StorageClass::Input, spv::Decoration::Location, 0).size(), 1u);
    EXPECT_EQ(f.vars(spv::StorageClass::Output, spv::Decoration::Location, 0).size(), 1u);
    EXPECT_TRUE(f.executionMode(spv::ExecutionMode::OriginUpperLeft));
    // Height : register(t2), Linear : register(s3) -> set 0, bindings 2 and 3 (UniformConstant).
    auto bound = f.vars(spv::StorageClass::UniformConstant, spv::Decoration::Binding);
    ASSERT_EQ(bound.size(), 2u);
    std::set<uint32_t> bindings;
    for (uint32_t v : bound) {
      for (const auto& d : f.decorations[v])
        if (d[0] == uint32_t(spv::Decoration::Binding)) bindings.insert(d[1]);
      EXPECT_TRUE(f.has(v, spv::Decoration::DescriptorSet, 0));
    }
    EXPECT_EQ(bindings, (std::set<uint32_t>{2, 3}));
    // Texture2D<float>: OpTypeImage %float 2D depth 0, not arrayed, single-sampled, Sampled 1, Unknown.
    auto images = find(f.is, spv::Op::OpTypeImage);
    ASSERT_EQ(images.size(), 1u);
    EXPECT_EQ(std::vector<uint32_t>(images[0].operands.begin() + 2, images[0].operands.end()),
              (std::vector<uint32_t>{uint32_t(spv::Dim::Dim2D), 0, 0, 0, 1, uint32_t(spv::ImageFormat::Unknown)}));
    // float4(abs(dx), abs(dy), h, 1): the constant 1.0f is there.
    bool one = false;
    for (auto [id, v] : f.constants) one |= v == bitsOf(1.0f);
    EXPECT_TRUE(one);
  }
}

// Peer check: glslang compiles the same entry point; the instruction shapes agree.
TEST(LowerGraphics, PSSlopeMatchesGlslangShapes) {
  fs::path src = kSource / "examples" / "Waves.hlsl";
  fs::path spv = fs::temp_directory_path() / ("oneshader_gfx_psslope_" + std::to_string(::getpid()) + ".spv");
  std::string cmd = "glslangValidator -D -V --target-env vulkan1.1 -e PSSlope -S frag " + src.string() + " -o " +
                    spv.string() + " >/dev/null 2>&1";
  if (std::system("glslangValidator --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "glslangValidator not installed";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::string bytes = readFile(spv);
  fs::remove(spv);
  std::vector<uint32_t> peer(bytes.size() / 4);
  std::memcpy(peer.data(), bytes.data(), peer.size() * 4);

  auto c = compile(readFile(src));
  ASSERT_TRUE(c->module) << c->messages();
  auto ours = spirvOf(*c, "PSSlope", spirv::VulkanEnv::Vulkan1_1);
  ASSERT_TRUE(ours);
  Facts p(peer), o(ours->words);
  EXPECT_EQ(peer[1], ours->words[1]);  // SPIR-V 1.3
  for (spv::Op op : {spv::Op::OpImageSampleImplicitLod, spv::Op::OpSampledImage, spv::Op::OpGroupNonUniformQuadSwap,
                     spv::Op::OpTypeImage, spv::Op::OpTypeSampler, spv::Op::OpTypeSampledImage})
    EXPECT_EQ(p.count(op), o.count(op)) << int(op);
  auto pi = find(p.is, spv::Op::OpTypeImage), oi = find(o.is, spv::Op::OpTypeImage);
  ASSERT_EQ(pi.size(), 1u);
  ASSERT_EQ(oi.size(), 1u);
  EXPECT_EQ(std::vector<uint32_t>(pi[0].operands.begin() + 2, pi[0].operands.end()),
            std::vector<uint32_t>(oi[0].operands.begin() + 2, oi[0].operands.end()));
  auto dirs = [](Facts& f) {
    std::vector<uint32_t> d;
    for (const Inst& i : find(f.is, spv::Op::OpGroupNonUniformQuadSwap)) d.push_back(f.constants[i.operands[4]]);
    return d;
  };
  EXPECT_EQ(dirs(p), dirs(o));
  // Same user interface: one input and one output at Location 0.
  for (auto sc : {spv::StorageClass::Input, spv::StorageClass::Output})
    EXPECT_EQ(p.vars(sc, spv::Decoration::Location).size(), o.vars(sc, spv::Decoration::Location).size());
  EXPECT_EQ(p.vars(spv::StorageClass::Input, spv::Decoration::Location, 0).size(), 1u);
  EXPECT_EQ(o.vars(spv::StorageClass::Input, spv::Decoration::Location, 0).size(), 1u);
  // Quad is the only non-basic group capability either needs.
  EXPECT_TRUE(o.capabilities().count(uint32_t(spv::Capability::GroupNonUniformQuad)));
  EXPECT_TRUE(p.capabilities().count(uint32_t(spv::Capability::GroupNonUniformQuad)));
}

// ---------------------------------------------------------------- textures in compute

namespace {

const char* kTextureCompute = R"(
Texture2D<float4> Src : register(t0);
Texture2DArray<uint2> Layers : register(t1);
Buffer<float> Weights : register(t2);
RWTexture2D<float4> Dst : register(u0);
RWTexture1D<int> Counts : register(u1);
RWBuffer<uint> Out : register(u2);
RWTexture3D<float2> Vol : register(u3);

[shader("compute")]
[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
  uint w, h, levels;
  Src.GetDimensions(0, w, h, levels);
  float fw, fh;
  Src.GetDimensions(fw, fh);
  uint dw, dh;
  Dst.GetDimensions(dw, dh);
  float4 a = Src.Load(int3(id.xy, 0));
  float4 b = Src[id.xy];
  uint2 l = Layers.Load(int4(id.xy, 1, 0));
  float wt = Weights[id.x] + Weights.Load(id.y);
  Dst[id.xy] = a * wt + b + float4(w, h, levels, fw + fh + dw + dh);
  Counts[id.x] = int(l.x);
  Counts[id.x] += 1;
  Out[id.x] = Out[id.y] + l.y;
  Vol[id] = float2(1, 2);
  float2 v = Vol[id];
  Out[0] = uint(v.x);
}
)";

// OpTypeImage operands after the result id, with the sampled type spelled as
// (opcode, width, signedness) so that two modules compare.
std::multiset<std::vector<uint32_t>> imageTypes(const Facts& f) {
  std::map<uint32_t, std::vector<uint32_t>> scalars;
  for (const Inst& i : f.is)
    if (i.op == spv::Op::OpTypeFloat || i.op == spv::Op::OpTypeInt) {
      std::vector<uint32_t> k{uint32_t(i.op)};
      k.insert(k.end(), i.operands.begin() + 1, i.operands.end());
      scalars[i.operands[0]] = k;
    }
  std::multiset<std::vector<uint32_t>> r;
  for (const Inst& i : find(f.is, spv::Op::OpTypeImage)) {
    std::vector<uint32_t> k = scalars[i.operands[1]];
    k.insert(k.end(), i.operands.begin() + 2, i.operands.end());
    r.insert(k);
  }
  return r;
}

std::vector<uint32_t> peerSpirv(const std::string& source, const std::string& entry, const char* stage) {
  fs::path dir = fs::temp_directory_path();
  std::string tag = std::to_string(::getpid()) + "_" + entry;
  fs::path src = dir / ("oneshader_gfx_" + tag + ".hlsl"), spv = dir / ("oneshader_gfx_" + tag + ".spv");
  {
    std::ofstream o(src);
    o << source;
  }
  std::string cmd = "glslangValidator -D -V --target-env vulkan1.1 -e " + entry + " -S " + stage + " " + src.string() +
                    " -o " + spv.string() + " >/dev/null 2>&1";
  int rc = std::system(cmd.c_str());
  std::string bytes = readFile(spv);
  fs::remove(src);
  fs::remove(spv);
  if (rc != 0) return {};
  std::vector<uint32_t> w(bytes.size() / 4);
  std::memcpy(w.data(), bytes.data(), w.size() * 4);
  return w;
}

bool haveGlslang() { return std::system("glslangValidator --version >/dev/null 2>&1") == 0; }

}  // namespace

// Load / operator[] / GetDimensions on sampled textures and typed buffers, RW texture
// reads and writes: the image types (DXC's table: Sampled 1 / 2, formats from T for RW
// kinds and typed buffers) and instruction counts agree with glslang's.
TEST(LowerGraphics, TextureComputeMatchesGlslang) {
  auto c = compile(kTextureCompute);
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "CSMain", spirv::VulkanEnv::Vulkan1_1);
  ASSERT_TRUE(r);
  Facts o(r->words);
  using F = spv::ImageFormat;
  auto f32 = std::vector<uint32_t>{uint32_t(spv::Op::OpTypeFloat), 32};
  // Hand-checked against SPIR-V.rst's texture table.
  std::multiset<std::vector<uint32_t>> want;
  auto add = [&](std::vector<uint32_t> scalar, spv::Dim d, uint32_t arrayed, uint32_t sampled, F fmt) {
    scalar.insert(scalar.end(), {uint32_t(d), 0, arrayed, 0, sampled, uint32_t(fmt)});
    want.insert(scalar);
  };
  std::vector<uint32_t> i32{uint32_t(spv::Op::OpTypeInt), 32, 1}, u32{uint32_t(spv::Op::OpTypeInt), 32, 0};
  add(f32, spv::Dim::Dim2D, 0, 1, F::Unknown);  // Texture2D<float4>
  add(u32, spv::Dim::Dim2D, 1, 1, F::Unknown);  // Texture2DArray<uint2>
  add(f32, spv::Dim::Buffer, 0, 1, F::R32f);    // Buffer<float>
  add(f32, spv::Dim::Dim2D, 0, 2, F::Rgba32f);  // RWTexture2D<float4>
  add(i32, spv::Dim::Dim1D, 0, 2, F::R32i);     // RWTexture1D<int>
  add(u32, spv::Dim::Buffer, 0, 2, F::R32ui);   // RWBuffer<uint>
  add(f32, spv::Dim::Dim3D, 0, 2, F::Rg32f);    // RWTexture3D<float2>
  EXPECT_EQ(imageTypes(o), want);
  EXPECT_EQ(o.count(spv::Op::OpImageFetch), 5u);  // Src.Load, Src[], Layers.Load, Weights[], Weights.Load
  EXPECT_EQ(o.count(spv::Op::OpImageRead), 3u);   // Counts +=, Out[id.y], Vol[id]
  EXPECT_EQ(o.count(spv::Op::OpImageWrite), 6u);
  EXPECT_EQ(o.count(spv::Op::OpImageQuerySizeLod), 2u);
  EXPECT_EQ(o.count(spv::Op::OpImageQuerySize), 1u);
  EXPECT_EQ(o.count(spv::Op::OpImageQueryLevels), 1u);
  for (auto cap : {spv::Capability::Image1D, spv::Capability::SampledBuffer, spv::Capability::ImageBuffer,
                   spv::Capability::StorageImageExtendedFormats, spv::Capability::ImageQuery})
    EXPECT_TRUE(o.capabilities().count(uint32_t(cap))) << int(cap);
  if (!haveGlslang()) GTEST_SKIP() << "glslangValidator not installed";
  auto peer = peerSpirv(kTextureCompute, "CSMain", "comp");
  ASSERT_FALSE(peer.empty());
  Facts p(peer);
  EXPECT_EQ(imageTypes(p), imageTypes(o));
  for (spv::Op op : {spv::Op::OpImageFetch, spv::Op::OpImageRead, spv::Op::OpImageWrite, spv::Op::OpImageQuerySizeLod,
                     spv::Op::OpImageQuerySize, spv::Op::OpImageQueryLevels})
    EXPECT_EQ(p.count(op), o.count(op)) << int(op);
  EXPECT_EQ(p.capabilities(), o.capabilities());
}

// Writing one component of an RW texel reads the texel, replaces the component, writes it back.
TEST(LowerGraphics, PartialTexelWriteIsReadModifyWrite) {
  auto c = compile(R"(
RWTexture2D<float4> Dst : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Dst[id.xy].y = 2.0; Dst[id.xy].zx = float2(3, 4); }
)");
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "main");
  ASSERT_TRUE(r);
  Facts f(r->words);
  EXPECT_EQ(f.count(spv::Op::OpImageRead), 2u);
  EXPECT_EQ(f.count(spv::Op::OpImageWrite), 2u);
}

// ---------------------------------------------------------------- graphics interfaces

namespace {

const char* kGraphics = R"(
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation float3 normal : NORMAL;
  noperspective float2 uv : TEXCOORD0;
  centroid float4 color : COLOR0;
  uint id : TEXCOORD1;
  sample float s : TEXCOORD2;
};
struct PSOut {
  float4 color : SV_Target0;
  float4 extra : SV_Target2;
  float depth : SV_Depth;
};
Texture2D Tex : register(t0);
SamplerState Smp : register(s1);

[shader("pixel")]
PSOut PSMain(VSOut input, bool front : SV_IsFrontFace, uint prim : SV_PrimitiveID, uint si : SV_SampleIndex) {
  PSOut o;
  float4 c = Tex.Sample(Smp, input.uv) * input.color;
  clip(c.a - 0.5);
  if (input.id == 7) discard;
  o.color = front ? c : c.bgra;
  o.extra = float4(input.normal, input.s + prim + si);
  o.depth = Tex.SampleLevel(Smp, input.uv, 2).r * input.pos.z;
  return o;
}

struct VSIn { float3 pos : POSITION; float2 uv : TEXCOORD0; };
[shader("vertex")]
VSOut VSMain(VSIn v, uint vid : SV_VertexID, uint iid : SV_InstanceID, out float fog : FOG) {
  VSOut o;
  o.pos = float4(v.pos, 1);
  o.normal = float3(0, 0, 1);
  o.uv = v.uv;
  o.color = float4(vid, iid, 0, 1);
  o.id = vid;
  o.s = 0.5;
  fog = 1;
  return o;
}
)";

// Location -> the set of other decorations (Flat, NoPerspective, Centroid, Sample) per
// storage class, and the set of built-ins.
struct Interface {
  std::map<uint32_t, std::set<uint32_t>> in, out;
  std::set<uint32_t> builtinsIn, builtinsOut;
};

Interface interfaceOf(const Facts& f) {
  Interface r;
  for (auto [id, sc] : f.storage) {
    if (sc != spv::StorageClass::Input && sc != spv::StorageClass::Output) continue;
    auto it = f.decorations.find(id);
    if (it == f.decorations.end()) continue;
    int64_t loc = -1;
    std::set<uint32_t> other;
    for (const auto& d : it->second) {
      if (d[0] == uint32_t(spv::Decoration::Location))
        loc = d[1];
      else if (d[0] == uint32_t(spv::Decoration::BuiltIn))
        (sc == spv::StorageClass::Input ? r.builtinsIn : r.builtinsOut).insert(d[1]);
      else
        other.insert(d[0]);
    }
    if (loc >= 0) (sc == spv::StorageClass::Input ? r.in : r.out)[uint32_t(loc)] = other;
  }
  return r;
}

}  // namespace

TEST(LowerGraphics, PixelStructInterface) {
  auto c = compile(kGraphics);
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "PSMain");
  ASSERT_TRUE(r);
  Facts f(r->words);
  Interface io = interfaceOf(f);
  using D = spv::Decoration;
  // Declaration order from 0; SPIR-V.rst's interpolation table; the uint is Flat.
  std::map<uint32_t, std::set<uint32_t>> wantIn{{0, {uint32_t(D::Flat)}},
                                                {1, {uint32_t(D::NoPerspective)}},
                                                {2, {uint32_t(D::Centroid)}},
                                                {3, {uint32_t(D::Flat)}},
                                                {4, {uint32_t(D::Sample)}}};
  EXPECT_EQ(io.in, wantIn);
  // SV_Target0 / SV_Target2 -> Locations 0 and 2; SV_Depth -> FragDepth.
  EXPECT_EQ(io.out, (std::map<uint32_t, std::set<uint32_t>>{{0, {}}, {2, {}}}));
  using B = spv::BuiltIn;
  EXPECT_EQ(io.builtinsIn, (std::set<uint32_t>{uint32_t(B::FragCoord), uint32_t(B::FrontFacing),
                                               uint32_t(B::PrimitiveId), uint32_t(B::SampleId)}));
  EXPECT_EQ(io.builtinsOut, (std::set<uint32_t>{uint32_t(B::FragDepth)}));
  EXPECT_TRUE(f.executionMode(spv::ExecutionMode::DepthReplacing));
  EXPECT_TRUE(f.executionMode(spv::ExecutionMode::OriginUpperLeft));
  EXPECT_EQ(f.count(spv::Op::OpKill), 2u);  // clip() and discard
  EXPECT_EQ(f.count(spv::Op::OpImageSampleImplicitLod), 1u);
  EXPECT_EQ(f.count(spv::Op::OpImageSampleExplicitLod), 1u);
  for (auto cap : {spv::Capability::Geometry, spv::Capability::SampleRateShading})
    EXPECT_TRUE(f.capabilities().count(uint32_t(cap))) << int(cap);
  if (!haveGlslang()) GTEST_SKIP() << "glslangValidator not installed";
  auto peer = peerSpirv(kGraphics, "PSMain", "frag");
  ASSERT_FALSE(peer.empty());
  Facts p(peer);
  Interface pio = interfaceOf(p);
  EXPECT_EQ(pio.in, io.in);
  EXPECT_EQ(pio.out, io.out);
  EXPECT_EQ(pio.builtinsIn, io.builtinsIn);
  EXPECT_EQ(pio.builtinsOut, io.builtinsOut);
  EXPECT_EQ(p.capabilities(), f.capabilities());
}

TEST(LowerGraphics, VertexInterface) {
  auto c = compile(kGraphics);
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "VSMain");
  ASSERT_TRUE(r);
  Facts f(r->words);
  Interface io = interfaceOf(f);
  using D = spv::Decoration;
  EXPECT_EQ(io.in, (std::map<uint32_t, std::set<uint32_t>>{{0, {}}, {1, {}}}));  // POSITION, TEXCOORD0
  // Return value fields first (SV_Position is a built-in), then the out parameter FOG.
  std::map<uint32_t, std::set<uint32_t>> wantOut{{0, {uint32_t(D::Flat)}},     {1, {uint32_t(D::NoPerspective)}},
                                                 {2, {uint32_t(D::Centroid)}}, {3, {}},
                                                 {4, {uint32_t(D::Sample)}},   {5, {}}};
  EXPECT_EQ(io.out, wantOut);
  using B = spv::BuiltIn;
  EXPECT_EQ(io.builtinsIn, (std::set<uint32_t>{uint32_t(B::VertexIndex), uint32_t(B::InstanceIndex)}));
  EXPECT_EQ(io.builtinsOut, (std::set<uint32_t>{uint32_t(B::Position)}));
  if (!haveGlslang()) GTEST_SKIP() << "glslangValidator not installed";
  auto peer = peerSpirv(kGraphics, "VSMain", "vert");
  ASSERT_FALSE(peer.empty());
  Interface pio = interfaceOf(Facts(peer));
  EXPECT_EQ(pio.in, io.in);
  EXPECT_EQ(pio.out, io.out);
  EXPECT_EQ(pio.builtinsIn, io.builtinsIn);
  EXPECT_EQ(pio.builtinsOut, io.builtinsOut);
}

// [[vk::location(N)]] on every input wins; bool inputs cross as Flat uint; a matrix takes
// one location per IR column (HLSL row).
TEST(LowerGraphics, ExplicitLocationsBoolAndMatrixInputs) {
  auto c = compile(R"(
[shader("pixel")]
float4 main([[vk::location(5)]] float4 a : COLOR, [[vk::location(2)]] float2x3 m : MAT) : SV_Target {
  return a + m[1].x;
}
[shader("pixel")]
float4 implicit(bool b : FLAG, float2x2 m : MAT, int4 i : IDX) : SV_Target { return b ? m[0].x : i; }
)");
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "main");
  ASSERT_TRUE(r);
  EXPECT_EQ(interfaceOf(Facts(r->words)).in, (std::map<uint32_t, std::set<uint32_t>>{{2, {}}, {5, {}}}));
  auto r2 = spirvOf(*c, "implicit");
  ASSERT_TRUE(r2);
  Facts f(r2->words);
  uint32_t flat = uint32_t(spv::Decoration::Flat);
  // FLAG at 0, MAT (2 rows) at 1..2, IDX at 3.
  EXPECT_EQ(interfaceOf(f).in, (std::map<uint32_t, std::set<uint32_t>>{{0, {flat}}, {1, {}}, {3, {flat}}}));
  auto flagVar = f.vars(spv::StorageClass::Input, spv::Decoration::Location, 0);
  ASSERT_EQ(flagVar.size(), 1u);
  EXPECT_EQ(f.names[flagVar[0]], "in.var.FLAG");
}

// A semantic on a struct parameter overrides its fields' semantics (nested structs too):
// the leaves are the semantic as written, then its name with the next indices (DXC's
// semantic.on-struct.hlsl: X, X1, X2...; Y10, Y11...).
TEST(LowerGraphics, SemanticOnAStructNamesEveryLeaf) {
  auto c = compile(R"(
struct T { float2 a; float3 b : BBB; };
struct S { float h; float1 i : III; T j; };
[shader("vertex")]
float4 main(S s : X, S t : Y10) : SV_Position { return s.h + t.j.b.x; }
)");
  ASSERT_TRUE(c->module) << c->messages();
  auto r = spirvOf(*c, "main");
  ASSERT_TRUE(r);
  Facts f(r->words);
  const char* want[] = {"in.var.X",   "in.var.X1",  "in.var.X2",  "in.var.X3",
                        "in.var.Y10", "in.var.Y11", "in.var.Y12", "in.var.Y13"};
  for (uint32_t loc = 0; loc < 8; ++loc) {
    auto v = f.vars(spv::StorageClass::Input, spv::Decoration::Location, loc);
    ASSERT_EQ(v.size(), 1u) << "location " << loc;
    EXPECT_EQ(f.names[v[0]], want[loc]) << "location " << loc;
  }
}

// ---------------------------------------------------------------- what is not supported: coded errors

TEST(LowerGraphics, UnsupportedSemanticsAndStagesAreCoded) {
  struct Case {
    const char* src;
    const char* code;
    const char* at;  // text the diagnostic's range starts at
  };
  const Case cases[] = {
      {"[shader(\"pixel\")] float4 main(float4 p : SV_Position, uint d : SV_CullPrimitive) : SV_Target "
       "{ return p; }",
       "OSH0007", "SV_CullPrimitive"},
      {"[shader(\"pixel\")] float4 main([[vk::location(3)]] float4 a : COLOR, float4 b : TEXCOORD) : SV_Target "
       "{ return a + b; }",
       "OSH0024", "vk::location(3)"},
      {"[shader(\"pixel\")] float4 main(float4 a : COLOR) : COLOR { return a; }", "OSH0023", "COLOR {"},
      {"struct S { float4 a : COLOR; float4 b; };\n[shader(\"pixel\")] float4 main(S s) : SV_Target { return s.a; }",
       "OSH0038", "float4 b;"},
      {"RWTexture2D<uint> T;\n[shader(\"compute\")] [numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) "
       "{ InterlockedAdd(T[id.xy], 1); }",
       "OSH0007", "T[id.xy]"},
      // DXC's rules and words: a mesh entry point needs [outputtopology].
      {"[shader(\"mesh\")] [numthreads(1,1,1)] void main() { }", "OSH0413", "main("},
      // DXC's rules and words: the control point id is required, one input patch size.
      {"struct P { float4 p : POSITION; };\nstruct C { float e[2] : SV_TessFactor; };\nC pc() { return (C)0; }\n"
       "[shader(\"hull\")] [domain(\"isoline\")] [partitioning(\"integer\")] [outputtopology(\"line\")] "
       "[outputcontrolpoints(1)] [patchconstantfunc(\"pc\")] P main(InputPatch<P, 1> ip) { return ip[0]; }",
       "OSH0412", "main(InputPatch"},
      {"struct P { float4 p : POSITION; };\nstruct C { float e[2] : SV_TessFactor; };\n"
       "C pc(InputPatch<P, 2> v) { return (C)0; }\n"
       "[shader(\"hull\")] [domain(\"isoline\")] [partitioning(\"integer\")] [outputtopology(\"line\")] "
       "[outputcontrolpoints(1)] [patchconstantfunc(\"pc\")] P main(InputPatch<P, 1> ip, uint i : "
       "SV_OutputControlPointID) { return ip[0]; }",
       "OSH0412", "InputPatch<P, 2>"},
      {"[shader(\"geometry\")] void main(point float4 p[1] : SV_Position, inout PointStream<float4> s) { }", "OSH0410",
       "main("},
      {"[shader(\"geometry\")] [maxvertexcount(1)] void main(point float4 p[1] : SV_Position, "
       "inout PointStream<float4> s, float4 q : SV_ClipDistance0) { }",
       "OSH0007", "SV_ClipDistance0"},
      {"[shader(\"vertex\")] float4 main(float4 p : POSITION) : SV_Target { return p; }", "OSH0007", "SV_Target {"},
  };
  for (const Case& k : cases) {
    auto c = compile(k.src);
    EXPECT_FALSE(c->module) << k.src;
    const Diagnostic* d = c->find(k.code);
    ASSERT_TRUE(d) << k.src << "\n" << c->messages();
    std::string src(k.src);
    size_t at = src.find(k.at);
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(c->sm.offsetOf(d->range.begin), uint32_t(at)) << k.src << "\n" << c->messages();
  }
}

// Textures and samplers passed to helper functions: one copy of the helper per distinct
// set of resources, each sampling its own globals.
TEST(LowerGraphics, ResourceParametersSpecializeTheCallee) {
  auto c = compile(R"(
Texture2D A : register(t0);
Texture2D B : register(t1);
SamplerState S : register(s0);
float4 fetch(Texture2D t, SamplerState s, float2 uv) { return t.Sample(s, uv); }
float4 twice(Texture2D t, float2 uv) { return fetch(t, S, uv) * 2; }
[shader("pixel")]
float4 main(float2 uv : TEXCOORD0) : SV_Target { return fetch(A, S, uv) + fetch(B, S, uv) + twice(A, uv); }
)");
  ASSERT_TRUE(c->module) << c->messages();
  uint32_t fetches = 0;
  for (const ir::Function& f : c->module->functions) fetches += f.name == "fetch";
  EXPECT_EQ(fetches, 2u);  // (A, S) and (B, S); twice(A) reuses (A, S)
  auto r = spirvOf(*c, "main");
  ASSERT_TRUE(r);
  Facts f(r->words);
  EXPECT_EQ(f.count(spv::Op::OpImageSampleImplicitLod), 2u);  // one per specialization
  EXPECT_EQ(f.vars(spv::StorageClass::UniformConstant, spv::Decoration::Binding).size(), 3u);
}

// Sample (implicit level of detail) needs derivatives: outside pixel shaders it is a coded
// SPIR-V target error at the call, with no follow-on internal error.
TEST(LowerGraphics, ImplicitLodSampleInComputeNeedsQuads) {
  // HLSL SM 6.6: 1x1x1 threads form no derivative quads (OSH0140 at the method); 2x2x1 do
  // (SPIR-V DerivativeGroupQuadsNV).
  for (const char* threads : {"1, 1, 1", "2, 2, 1"}) {
    const std::string src = std::string(R"(Texture2D T; SamplerState S; RWTexture2D<float4> O;
[shader("compute")] [numthreads()") +
                            threads + R"()]
void main(uint3 id : SV_DispatchThreadID) { O[id.xy] = T.Sample(S, float2(0.5, 0.5)); }
)";
    auto c = compile(src);
    if (threads[0] == '1') {
      EXPECT_FALSE(c->module);
      ASSERT_EQ(c->diags.errorCount(), 1u) << c->messages();
      const Diagnostic* d = c->find("OSH0140");
      ASSERT_TRUE(d) << c->messages();
      EXPECT_EQ(c->sm.offsetOf(d->range.begin), uint32_t(src.find("Sample(")));
      continue;
    }
    ASSERT_TRUE(c->module) << c->messages();
    spirv::SpirvOptions so;
    EXPECT_TRUE(spirv::compileSpirv(*c->module, "main", so, c->diags)) << c->messages();
  }
}
