// Lowering of textures, samplers and graphics-stage interfaces, end to end: HLSL ->
// Sema -> lowering -> SPIR-V, validated in-process, with the expected instruction shapes
// taken from DXC's SPIR-V.rst (interface and texture mapping tables) and from glslang's
// output for the same source (peer check).
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

struct Compiled {
  SourceManager sm;
  DiagEngine diags{&sm};
  ast::AstContext ctx;
  sema::TypeContext types;
  std::unique_ptr<sema::Sema> sema;
  std::unique_ptr<ir::Module> module;
  bool semaOk = false;
  std::string messages() const { return diags.renderAll(); }
  const Diagnostic* find(const char* code) const {
    for (const Diagnostic& d : diags.diagnostics())
      if (diagCodeString(d.id) == code) return &d;
    return nullptr;
  }
};

std::unique_ptr<Compiled> compile(const std::string& src) {
  auto c = std::make_unique<Compiled>();
  FileId f = c->sm.addBuffer("test.hlsl", src);
  Preprocessor pp(c->sm, c->diags);
  pp.enterMainFile(f);
  Parser parser(pp, c->ctx, c->diags);
  ast::TranslationUnit* tu = parser.parseTranslationUnit();
  if (!tu || c->diags.hasErrors()) return c;
  c->sema = std::make_unique<sema::Sema>(c->ctx, c->types, c->diags, sema::SemaOptions{});
  c->semaOk = c->sema->check(tu);
  if (!c->semaOk) return c;
  c->module = lower::lowerProgram(*tu, c->sema->program(), *c->sema, lower::LowerOptions{}, c->diags);
  return c;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

struct Inst {
  spv::Op op;
  std::vector<uint32_t> operands;
};

std::vector<Inst> decode(const std::vector<uint32_t>& w) {
  std::vector<Inst> r;
  for (size_t i = 5; i < w.size();) {
    uint32_t n = w[i] >> 16;
    if (n == 0 || i + n > w.size()) break;
    r.push_back({spv::Op(w[i] & 0xffff), std::vector<uint32_t>(w.begin() + i + 1, w.begin() + i + n)});
    i += n;
  }
  return r;
}

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
                                          SpirvTargetEnv env = SpirvTargetEnv::Vulkan1_2) {
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
  for (auto env : {SpirvTargetEnv::Vulkan1_1, SpirvTargetEnv::Vulkan1_2, SpirvTargetEnv::Vulkan1_3}) {
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
  auto ours = spirvOf(*c, "PSSlope", SpirvTargetEnv::Vulkan1_1);
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
