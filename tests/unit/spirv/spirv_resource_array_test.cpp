// Arrays of resources in SPIR-V (ir.hpp "ARRAYS OF RESOURCES"): an Access on a Handle-space
// array global is an OpAccessChain into the UniformConstant variable and an OpLoad; a
// non-uniform one decorates both NonUniform and needs ShaderNonUniform +
// <class>ArrayNonUniformIndexing (SPV_EXT_descriptor_indexing before SPIR-V 1.5); a dynamic
// index needs <class>ArrayDynamicIndexing. Valid per spirv-val (compileSpirv validates).
#include <gtest/gtest.h>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
size_t occurrences(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

// RWTexture2D<float4> imgs[3]; imgs[index][(0,0)] = imgs[1][(0,0)]; `index` is a constant
// (dynamic = false) or a value loaded from a buffer.
std::string build(bool dynamic, bool nonUniform, spirv::VulkanEnv env) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto u32 = t.scalar(Scalar::u32());
  ImageInfo info;
  info.cls = ImageClass::Storage;
  info.format = 1;  // Rgba32f
  GlobalVariable imgs;
  imgs.name = "imgs";
  imgs.space = AddressSpace::Handle;
  imgs.resource = ResourceKind::RWTexture2D;
  imgs.type = t.array(t.image(info), 3);
  imgs.binding = ir::ResourceBinding{0, 0};
  auto g = mb.global(imgs);
  auto idxBuf = mb.storageBuffer("idx", ResourceKind::StructuredBuffer, u32, 4, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto coord = b.compose(t.vector(Scalar::i32(), 2), {b.i32(0), b.i32(0)});
  auto texel = b.imageLoad(b.accessIndex(b.global(g), 1), coord);
  Handle<Expression> dst;
  if (dynamic) {
    auto i = b.load(b.access(b.accessIndex(b.global(idxBuf), 0), b.u32(0)));
    dst = b.access(b.global(g), i);
    b.fn().expressions[dst].nonUniform = nonUniform;
  } else {
    dst = b.accessIndex(b.global(g), 2);
  }
  b.imageStore(dst, coord, texel);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  spirv::SpirvOptions so;
  so.env = env;
  auto r = spirv::compileSpirv(m, "main", so, d);
  if (!r) {
    ADD_FAILURE() << (d.diagnostics().empty() ? "no result" : d.diagnostics()[0].message);
    return "";
  }
  return spirv::disassembleSpirv(r->words);
}
}  // namespace

TEST(SpirvResourceArray, ConstantIndexNeedsNoIndexingCapability) {
  std::string dis = build(false, false, spirv::VulkanEnv::Vulkan1_1);
  ASSERT_FALSE(dis.empty());
  EXPECT_NE(dis.find("OpTypeArray"), std::string::npos) << dis;
  EXPECT_EQ(occurrences(dis, "OpAccessChain %_ptr_UniformConstant_"), 2u) << dis;
  EXPECT_EQ(dis.find("ArrayDynamicIndexing"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("NonUniform"), std::string::npos) << dis;
}

TEST(SpirvResourceArray, DynamicUniformIndex) {
  std::string dis = build(true, false, spirv::VulkanEnv::Vulkan1_1);
  ASSERT_FALSE(dis.empty());
  EXPECT_NE(dis.find("OpCapability StorageImageArrayDynamicIndexing"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("NonUniform"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("SPV_EXT_descriptor_indexing"), std::string::npos) << dis;  // a core capability
}

TEST(SpirvResourceArray, NonUniformIndexDecoratesAccessChainAndLoad) {
  for (spirv::VulkanEnv env : {spirv::VulkanEnv::Vulkan1_0, spirv::VulkanEnv::Vulkan1_2}) {
    std::string dis = build(true, true, env);
    ASSERT_FALSE(dis.empty());
    EXPECT_NE(dis.find("OpCapability ShaderNonUniform"), std::string::npos) << dis;
    EXPECT_NE(dis.find("OpCapability StorageImageArrayNonUniformIndexing"), std::string::npos) << dis;
    EXPECT_EQ(occurrences(dis, " NonUniform\n"), 2u) << dis;  // the access chain and the loaded image
    bool ext = dis.find("OpExtension \"SPV_EXT_descriptor_indexing\"") != std::string::npos;
    EXPECT_EQ(ext, env == spirv::VulkanEnv::Vulkan1_0) << dis;
  }
}
