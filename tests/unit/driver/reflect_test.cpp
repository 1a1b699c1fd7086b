// Reflection: feature names, the seed's summary line, JSON shape, and the facts computed
// from a hand-built IR module (independent of the front end).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ir/builder.hpp"
#include "oneshader/oneshader.hpp"
#include "reflect/reflect.hpp"

using namespace oneshader;

TEST(Reflect, SubgroupFeatureNames) {
  EXPECT_EQ(subgroupFeatureNames(0x5), "Basic, Arithmetic");
  EXPECT_EQ(subgroupFeatureNames(0x80), "Quad");
  EXPECT_EQ(subgroupFeatureNames(0x1ff),
            "Basic, Vote, Arithmetic, Ballot, Shuffle, ShuffleRelative, Clustered, Quad, PartitionedNV");
  EXPECT_EQ(subgroupFeatureNames(0), "None");
  EXPECT_EQ(subgroupFeatureNames(0x8 | 0x1000), "Ballot, 0x1000");
}

TEST(Reflect, SummaryLineMatchesSeed) {
  EntryPointInfo cs;
  cs.name = "CSSum";
  cs.stage = ShaderStage::Compute;
  cs.subgroupOperations = SubgroupBasic | SubgroupArithmetic;
  EXPECT_EQ(SummaryLine(cs), "CSSum (Compute): Basic, Arithmetic = 0x5");
  EntryPointInfo ps;
  ps.name = "PSSlope";
  ps.stage = ShaderStage::Pixel;
  ps.subgroupOperations = SubgroupQuad;
  EXPECT_EQ(SummaryLine(ps), "PSSlope (Pixel): Quad = 0x80");
  EntryPointInfo partitioned;
  partitioned.name = "M";
  partitioned.stage = ShaderStage::Compute;
  partitioned.subgroupOperations = 0x100;
  EXPECT_EQ(SummaryLine(partitioned), "M (Compute): PartitionedNV = 0x100");
}

TEST(Reflect, StageNames) {
  EXPECT_STREQ(stageName(ShaderStage::Compute), "Compute");
  EXPECT_STREQ(stageName(ShaderStage::Pixel), "Pixel");
  EXPECT_STREQ(stageName(ShaderStage::Vertex), "Vertex");
  EXPECT_STREQ(stageName(ShaderStage::Amplification), "Amplification");
}

TEST(Reflect, JsonKeyOrderIsStable) {
  Reflection r;
  EntryPointInfo e;
  e.name = "CSSum";
  e.stage = ShaderStage::Compute;
  e.workgroupSize[0] = 64;
  e.subgroupOperations = 0x5;
  e.spirvCapabilities = {"Shader", "GroupNonUniform", "GroupNonUniformArithmetic"};
  ResourceBinding b;
  b.name = "Values";
  b.kind = "StructuredBuffer";
  b.registerClass = 't';
  b.registerIndex = 0;
  b.descriptorType = "storage-buffer";
  b.readOnly = true;
  e.resources.push_back(b);
  r.entryPoints.push_back(e);
  std::string text = r.toJson();
  // Parsed back, values survive; the textual key order is the documented one.
  auto j = nlohmann::json::parse(text);
  ASSERT_EQ(j["entryPoints"].size(), 1u);
  EXPECT_EQ(j["entryPoints"][0]["name"], "CSSum");
  EXPECT_EQ(j["entryPoints"][0]["stage"], "Compute");
  EXPECT_EQ(j["entryPoints"][0]["workgroupSize"], nlohmann::json::array({64, 1, 1}));
  EXPECT_EQ(j["entryPoints"][0]["subgroupOperations"], 5);
  EXPECT_EQ(j["entryPoints"][0]["subgroupOperationNames"], "Basic, Arithmetic");
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["register"], "t0");
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["descriptorType"], "storage-buffer");
  size_t name = text.find("\"name\""), stage = text.find("\"stage\""), wg = text.find("\"workgroupSize\"");
  size_t sg = text.find("\"subgroupOperations\""), res = text.find("\"resources\"");
  EXPECT_LT(name, stage);
  EXPECT_LT(stage, wg);
  EXPECT_LT(wg, sg);
  EXPECT_LT(sg, res);
  EXPECT_EQ(text, r.toJson());  // deterministic
}

TEST(Reflect, DescriptorTypes) {
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::StructuredBuffer), "storage-buffer");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::RWByteAddressBuffer), "storage-buffer");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::ConstantBuffer), "uniform-buffer");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::Texture2D), "sampled-image");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::RWTexture2D), "storage-image");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::Sampler), "sampler");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::Buffer), "uniform-texel-buffer");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::RWBuffer), "storage-texel-buffer");
  EXPECT_TRUE(reflect::isReadOnlyResource(ir::ResourceKind::StructuredBuffer));
  EXPECT_FALSE(reflect::isReadOnlyResource(ir::ResourceKind::RWByteAddressBuffer));
  // The array and multisampled-array kinds added with the texture support.
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::Texture1DArray), "sampled-image");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::Texture2DMSArray), "sampled-image");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::RWTexture1DArray), "storage-image");
  EXPECT_FALSE(reflect::isReadOnlyResource(ir::ResourceKind::RWTexture1DArray));
  EXPECT_TRUE(reflect::isReadOnlyResource(ir::ResourceKind::Texture2DMSArray));
  // Subpass inputs: Vulkan input attachments, read only.
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::SubpassInput), "input-attachment");
  EXPECT_STREQ(reflect::descriptorTypeOf(ir::ResourceKind::SubpassInputMS), "input-attachment");
  EXPECT_STREQ(reflect::vkDescriptorTypeOf(ir::ResourceKind::SubpassInput), "VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT");
  EXPECT_TRUE(reflect::isReadOnlyResource(ir::ResourceKind::SubpassInputMS));
}

// CSSum from the seed, built by hand: WaveActiveSum (Arithmetic) + WaveIsFirstLane (Basic),
// reading Values (t0) and writing Total (u1). A helper function is called to check that
// features are gathered over the call graph; an unrelated entry point must not leak in.
TEST(Reflect, FromHandBuiltModule) {
  ir::Module m;
  ir::ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(ir::Scalar::u32());
  auto uint3 = mb.types().vector(ir::Scalar::u32(), 3);
  auto values = mb.storageBuffer("Values", ir::ResourceKind::StructuredBuffer, u32, 4, 0, 0, {'t', 0, 0});
  m.globals[values].access = ir::StorageAccess::Load;
  auto total = mb.storageBuffer("Total", ir::ResourceKind::RWByteAddressBuffer, u32, 4, 0, 1, {'u', 1, 0});
  auto unused = mb.storageBuffer("Unused", ir::ResourceKind::RWStructuredBuffer, u32, 4, 0, 7, {'u', 7, 0});

  // uint helper(uint v) { return WaveActiveSum(v); }
  auto helper = mb.function("helper", {{"v", u32, {}}}, ir::FunctionResult{u32, {}});
  {
    auto b = mb.build(helper);
    auto s = b.subgroup(ir::SubgroupOp::Add, ir::CollectiveOp::Reduce, b.arg(0));
    b.ret(s);
    ASSERT_TRUE(b.finish());
  }
  auto cs = mb.function("CSSum", {{"id", uint3, ir::Binding::builtinOf(ir::BuiltIn::GlobalInvocationId)}});
  {
    auto b = mb.build(cs);
    auto x = b.accessIndex(b.arg(0), 0);
    auto elemPtr = b.access(b.accessIndex(b.global(values), 0), x);
    auto v = b.load(elemPtr);
    auto sum = b.call(helper, {v});
    auto first = b.subgroup(ir::SubgroupOp::Elect, ir::CollectiveOp::None, {});
    b.ifBegin(first);
    b.atomic(ir::AtomicOp::Add, b.access(b.accessIndex(b.global(total), 0), b.u32(0)), sum);
    b.ifEnd();
    b.ret();
    ASSERT_TRUE(b.finish());
  }
  auto other = mb.function("Other", {});
  {
    auto b = mb.build(other);
    auto x = b.load(b.access(b.accessIndex(b.global(unused), 0), b.u32(0)));
    b.subgroup(ir::SubgroupOp::Ballot, ir::CollectiveOp::None, b.binary(ir::BinaryOp::Equal, x, b.u32(1)));
    b.ret();
    ASSERT_TRUE(b.finish());
  }
  mb.entryPoint("CSSum", ir::Stage::Compute, cs, {64, 1, 1});
  mb.entryPoint("Other", ir::Stage::Compute, other, {1, 1, 1});

  EntryPointInfo info = reflect::buildEntryPointInfo(m, m.entryPoints[0]);
  EXPECT_EQ(info.name, "CSSum");
  EXPECT_EQ(info.stage, ShaderStage::Compute);
  EXPECT_EQ(info.workgroupSize[0], 64u);
  EXPECT_EQ(info.workgroupSize[1], 1u);
  EXPECT_EQ(info.subgroupOperations, 0x5u);
  EXPECT_EQ(SummaryLine(info), "CSSum (Compute): Basic, Arithmetic = 0x5");
  ASSERT_EQ(info.resources.size(), 2u);
  EXPECT_EQ(info.resources[0].name, "Values");
  EXPECT_EQ(info.resources[0].binding, 0u);
  EXPECT_TRUE(info.resources[0].readOnly);
  EXPECT_EQ(info.resources[0].registerClass, 't');
  EXPECT_EQ(info.resources[1].name, "Total");
  EXPECT_EQ(info.resources[1].binding, 1u);
  EXPECT_FALSE(info.resources[1].readOnly);
  EXPECT_EQ(info.resources[1].descriptorType, "storage-buffer");
  ASSERT_EQ(info.webgpuFeatures.size(), 1u);
  EXPECT_EQ(info.webgpuFeatures[0], "subgroups");

  EntryPointInfo o = reflect::buildEntryPointInfo(m, m.entryPoints[1]);
  EXPECT_EQ(o.subgroupOperations, 0x8u);  // Ballot only
  ASSERT_EQ(o.resources.size(), 1u);
  EXPECT_EQ(o.resources[0].name, "Unused");
  EXPECT_EQ(o.resources[0].binding, 7u);
}

// WaveGetLaneIndex / WaveGetLaneCount are built-ins: they need Basic.
TEST(Reflect, SubgroupBuiltinsNeedBasic) {
  ir::Module m;
  ir::ModuleBuilder mb(m);
  auto f = mb.function("Lane", {});
  {
    auto b = mb.build(f);
    b.builtin(ir::BuiltIn::SubgroupLocalInvocationId);
    b.ret();
    ASSERT_TRUE(b.finish());
  }
  mb.entryPoint("Lane", ir::Stage::Compute, f);
  EXPECT_EQ(reflect::subgroupFeatures(m, m.entryPoints[0]), uint32_t(SubgroupBasic));
}
