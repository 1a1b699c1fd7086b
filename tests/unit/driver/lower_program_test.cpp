// Lowering end to end: HLSL source -> Preprocessor -> Parser -> Sema -> lowerProgram,
// checking key facts of the IR text, and that the SPIR-V backend's output validates.
#include <gtest/gtest.h>

#include "backend/spirv/spirv.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;

namespace {

struct Compiled {
  SourceManager sm;
  DiagEngine diags{&sm};
  ast::AstContext ctx;
  sema::TypeContext types;
  std::unique_ptr<sema::Sema> sema;
  std::unique_ptr<ir::Module> module;
  std::string ir;
  bool semaOk = false;
  std::string messages() const { return diags.renderAll(); }
  bool hasCode(const char* code) const {
    for (const Diagnostic& d : diags.diagnostics())
      if (diagCodeString(d.id) == code) return true;
    return false;
  }
};

std::unique_ptr<Compiled> compile(const std::string& src, lower::LowerOptions lo = {}) {
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
  c->module = lower::lowerProgram(*tu, c->sema->program(), *c->sema, lo, c->diags);
  if (c->module) c->ir = ir::print(*c->module);
  return c;
}

bool spirvValidates(Compiled& c, const std::string& entry, std::string* dis = nullptr) {
  spirv::SpirvOptions so;
  auto words = spirv::emitSpirv(*c.module, entry, so, c.diags);
  if (!words) return false;
  if (dis) *dis = spirv::disassembleSpirv(*words);
  std::string err;
  bool ok = spirv::validateSpirv(*words, so.env, &err);
  if (!ok) ADD_FAILURE() << err;
  return ok;
}

const char* kSeed = R"(
StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);

[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
)";

}  // namespace

TEST(LowerProgram, SeedCSSum) {
  auto c = compile(kSeed);
  ASSERT_TRUE(c->module) << c->messages();
  ASSERT_EQ(c->module->entryPoints.size(), 1u);
  const ir::EntryPoint& ep = c->module->entryPoints[0];
  EXPECT_EQ(ep.name, "CSSum");
  EXPECT_EQ(ep.stage, ShaderStage::Compute);
  EXPECT_EQ(ep.workgroupSize[0], 64u);
  EXPECT_EQ(ep.workgroupSize[1], 1u);
  // Bindings from the registers.
  bool sawValues = false, sawTotal = false;
  for (const ir::GlobalVariable& g : c->module->globals) {
    if (g.name == "Values") {
      sawValues = true;
      EXPECT_EQ(g.space, ir::AddressSpace::Storage);
      EXPECT_EQ(g.access, ir::StorageAccess::Load);
      ASSERT_TRUE(g.binding);
      EXPECT_EQ(g.binding->group, 0u);
      EXPECT_EQ(g.binding->binding, 0u);
    }
    if (g.name == "Total") {
      sawTotal = true;
      EXPECT_EQ(g.access, ir::StorageAccess::LoadStore);
      ASSERT_TRUE(g.binding);
      EXPECT_EQ(g.binding->binding, 1u);
    }
  }
  EXPECT_TRUE(sawValues && sawTotal);
  // The wrapper takes GlobalInvocationId.
  const ir::Function& w = c->module->functions[ep.function];
  ASSERT_EQ(w.arguments.size(), 1u);
  EXPECT_EQ(w.arguments[0].binding.builtin, ir::BuiltIn::GlobalInvocationId);
  std::string dis;
  EXPECT_TRUE(spirvValidates(*c, "CSSum", &dis)) << c->ir;
  EXPECT_NE(dis.find("OpGroupNonUniformIAdd"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformElect"), std::string::npos);
  EXPECT_NE(dis.find("OpAtomicIAdd"), std::string::npos);
}
