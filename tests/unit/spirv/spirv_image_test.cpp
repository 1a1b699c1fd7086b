// SPIR-V for image writes and queries and for pixel interface decorations added for
// lowering: OpImageWrite, OpImageQueryLevels, Centroid / Sample (+ SampleRateShading),
// PrimitiveId (+ Geometry), FragDepth (+ DepthReplacing), storage-image capabilities.
#include "../spirv_decode.hpp"
#include <gtest/gtest.h>
#include <spirv/unified1/spirv.hpp11>

#include <set>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

using oneshader::spvtest::decode;
using oneshader::spvtest::Inst;

size_t count(const std::vector<Inst>& is, spv::Op op) {
  size_t n = 0;
  for (const Inst& i : is) n += i.op == op;
  return n;
}

bool hasDecoration(const std::vector<Inst>& is, spv::Decoration d, int64_t arg = -1) {
  for (const Inst& i : is)
    if (i.op == spv::Op::OpDecorate && i.operands[1] == uint32_t(d) && (arg < 0 || i.operands[2] == uint32_t(arg)))
      return true;
  return false;
}

std::set<uint32_t> caps(const std::vector<Inst>& is) {
  std::set<uint32_t> r;
  for (const Inst& i : is)
    if (i.op == spv::Op::OpCapability) r.insert(i.operands[0]);
  return r;
}

}  // namespace

TEST(SpirvImage, StorageWriteAndQueriesValidate) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  GlobalVariable dst;
  dst.name = "Dst";
  dst.space = AddressSpace::Handle;
  ImageInfo di;
  di.dim = ImageDim::D1;
  di.cls = ImageClass::Storage;
  di.format = uint8_t(spv::ImageFormat::Rg32f);
  dst.type = t.image(di);
  dst.binding = ir::ResourceBinding{0, 0};
  auto dstG = mb.global(dst);
  GlobalVariable src;
  src.name = "Src";
  src.space = AddressSpace::Handle;
  src.type = t.image(ImageInfo{});
  src.binding = ir::ResourceBinding{0, 1};
  auto srcG = mb.global(src);
  auto f = mb.function("main", {{"id", t.vector(Scalar::u32(), 3), Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  auto b = mb.build(f);
  auto x = b.accessIndex(b.arg(0), 0);
  auto levels = b.imageQueryLevels(b.global(srcG));
  auto texel = b.compose(t.vector(Scalar::f32(), 4), {b.convert(levels, Scalar::f32()), b.f32(0), b.f32(0), b.f32(1)});
  b.imageStore(b.global(dstG), x, texel);
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = spirv::compileSpirv(m, "main", spirv::SpirvOptions{}, d);
  ASSERT_TRUE(r) << (d.diagnostics().empty() ? "" : d.diagnostics()[0].message);
  auto is = decode(r->words);
  EXPECT_EQ(count(is, spv::Op::OpImageWrite), 1u);
  EXPECT_EQ(count(is, spv::Op::OpImageQueryLevels), 1u);
  auto c = caps(is);
  // Storage 1D images need Image1D (not Sampled1D); Rg32f is an extended format.
  EXPECT_TRUE(c.count(uint32_t(spv::Capability::Image1D)));
  EXPECT_FALSE(c.count(uint32_t(spv::Capability::Sampled1D)));
  EXPECT_TRUE(c.count(uint32_t(spv::Capability::StorageImageExtendedFormats)));
  EXPECT_TRUE(c.count(uint32_t(spv::Capability::ImageQuery)));
  EXPECT_FALSE(c.count(uint32_t(spv::Capability::StorageImageWriteWithoutFormat)));
}

TEST(SpirvImage, PixelInterfaceDecorations) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto f32 = t.scalar(Scalar::f32()), v4 = t.vector(Scalar::f32(), 4);
  Binding centroid = Binding::locationOf(0);
  centroid.sampling = Binding::Sampling::Centroid;
  Binding sample = Binding::locationOf(1);
  sample.sampling = Binding::Sampling::Sample;
  sample.interpolation = Binding::Interpolation::Linear;
  StructMember color{"color", v4, 0, MatrixLayout::None, 0, Binding::locationOf(0)};
  StructMember depth{"depth", f32, 0, MatrixLayout::None, 0, Binding::builtinOf(BuiltIn::FragDepth)};
  auto outT = t.structure("out", {color, depth});
  auto f = mb.function("main",
                       {{"a", v4, centroid},
                        {"s", f32, sample},
                        {"prim", t.scalar(Scalar::u32()), Binding::builtinOf(BuiltIn::PrimitiveId)}},
                       FunctionResult{outT, {}});
  auto b = mb.build(f);
  auto d = b.binary(BinaryOp::Add, b.arg(1), b.convert(b.arg(2), Scalar::f32()));
  b.ret(b.compose(outT, {b.arg(0), d}));
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
  for (auto env : {spirv::VulkanEnv::Vulkan1_1, spirv::VulkanEnv::Vulkan1_3}) {
    DiagEngine dg;
    spirv::SpirvOptions o;
    o.env = env;
    auto r = spirv::compileSpirv(m, "main", o, dg);
    ASSERT_TRUE(r) << (dg.diagnostics().empty() ? "" : dg.diagnostics()[0].message);
    auto is = decode(r->words);
    EXPECT_TRUE(hasDecoration(is, spv::Decoration::Centroid));
    EXPECT_TRUE(hasDecoration(is, spv::Decoration::Sample));
    EXPECT_TRUE(hasDecoration(is, spv::Decoration::NoPerspective));
    EXPECT_TRUE(hasDecoration(is, spv::Decoration::BuiltIn, int64_t(spv::BuiltIn::PrimitiveId)));
    EXPECT_TRUE(hasDecoration(is, spv::Decoration::BuiltIn, int64_t(spv::BuiltIn::FragDepth)));
    auto c = caps(is);
    EXPECT_TRUE(c.count(uint32_t(spv::Capability::SampleRateShading)));
    EXPECT_TRUE(c.count(uint32_t(spv::Capability::Geometry)));
    bool depthReplacing = false;
    for (const Inst& i : is)
      if (i.op == spv::Op::OpExecutionMode && i.operands[1] == uint32_t(spv::ExecutionMode::DepthReplacing))
        depthReplacing = true;
    EXPECT_TRUE(depthReplacing);
  }
}
