// Lowering of arrays of resources (ir.hpp "ARRAYS OF RESOURCES"): one global of a sized
// Array type with ONE binding (DXC's SPIR-V rule: `Texture2D ts[4]` is one descriptor binding
// of count 4, and the next implicit binding is the next number), Access / AccessIndex on it,
// and NonUniformResourceIndex marking the access non-uniform. Each test checks the IR, the
// SPIR-V (validated with spirv-val) or the coded error.
#include "lower_fixture.hpp"
#include <gtest/gtest.h>

#include <map>

#include "backend/spirv/spirv.hpp"
#include "oneshader/oneshader.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;

namespace {

using lowertest::Compiled;
using lowertest::occurrences;

std::unique_ptr<Compiled> compile(const std::string& src) {
  return lowertest::lowerSource(src, sema::SemaOptions{false, "main", "cs_6_0"});
}

std::string spirvOf(const std::string& src, spirv::VulkanEnv env = spirv::VulkanEnv::Vulkan1_2) {
  auto c = compile(src);
  if (!c->module) {
    ADD_FAILURE() << c->messages();
    return "";
  }
  return lowertest::validatedSpirv(*c, "main", env);
}

const ir::GlobalVariable* globalNamed(const ir::Module& m, const std::string& name) {
  for (const ir::GlobalVariable& g : m.globals)
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace

TEST(LowerResourceArrays, OneGlobalOfArrayTypeWithOneBinding) {
  auto c = compile(R"(
Texture2D ts[4] : register(t0);
SamplerState ss[2];
StructuredBuffer<uint> bufs[2];
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  o[0] = ts[id.x % 4].SampleLevel(ss[1], float2(0, 0), 0) + bufs[id.y & 1][id.z];
}
)");
  ASSERT_TRUE(c->module) << c->messages();
  const ir::Module& m = *c->module;
  const ir::GlobalVariable* ts = globalNamed(m, "ts");
  const ir::GlobalVariable* ss = globalNamed(m, "ss");
  const ir::GlobalVariable* bufs = globalNamed(m, "bufs");
  const ir::GlobalVariable* o = globalNamed(m, "o");
  ASSERT_TRUE(ts && ss && bufs && o);
  // Handle space: an Array of 4 images; Storage: an Array of 2 blocks (stride 0: no layout).
  EXPECT_EQ(ts->space, ir::AddressSpace::Handle);
  ASSERT_EQ(m.types[ts->type].kind, ir::TypeKind::Array);
  EXPECT_EQ(m.types[ts->type].arraySize, 4u);
  EXPECT_EQ(m.types[m.types[ts->type].base].kind, ir::TypeKind::Image);
  ASSERT_EQ(m.types[ss->type].kind, ir::TypeKind::Array);
  EXPECT_EQ(m.types[m.types[ss->type].base].kind, ir::TypeKind::Sampler);
  EXPECT_EQ(bufs->space, ir::AddressSpace::Storage);
  ASSERT_EQ(m.types[bufs->type].kind, ir::TypeKind::Array);
  EXPECT_EQ(m.types[bufs->type].stride, 0u);
  EXPECT_EQ(m.types[m.types[bufs->type].base].kind, ir::TypeKind::Struct);
  EXPECT_EQ(bufs->access, ir::StorageAccess::Load);
  EXPECT_EQ(ts->resource, ir::ResourceKind::Texture2D);
  EXPECT_EQ(bufs->resource, ir::ResourceKind::StructuredBuffer);
  // One binding each (DXC for SPIR-V): t0 -> 0, then the implicit ones 1, 2, 3 in order.
  ASSERT_TRUE(ts->binding && ss->binding && bufs->binding && o->binding);
  EXPECT_EQ(ts->binding->binding, 0u);
  EXPECT_EQ(ss->binding->binding, 1u);
  EXPECT_EQ(bufs->binding->binding, 2u);
  EXPECT_EQ(o->binding->binding, 3u);
  // A constant index is an AccessIndex, a dynamic one an Access; none is non-uniform here.
  EXPECT_EQ(occurrences(c->ir, "nonuniform"), 0u) << c->ir;
}

TEST(LowerResourceArrays, NonUniformResourceIndexMarksTheAccess) {
  auto c = compile(R"(
StructuredBuffer<uint> bufs[2];
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  o[0] = bufs[NonUniformResourceIndex(id.x)][0] + bufs[(NonUniformResourceIndex(id.x) + 1) & 1][0] + bufs[id.x][0];
}
)");
  ASSERT_TRUE(c->module) << c->messages();
  // The two indices derived from NonUniformResourceIndex (the call, and an expression of it)
  // are non-uniform; the plain one is not.
  EXPECT_EQ(occurrences(c->ir, "access nonuniform"), 2u) << c->ir;
}

TEST(LowerResourceArrays, SpirvShapesAndCapabilities) {
  std::string dis = spirvOf(R"(
Texture2D ts[4] : register(t0);
SamplerState ss[2];
StructuredBuffer<uint> bufs[2];
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  o[0] = ts[NonUniformResourceIndex(i) % 4].SampleLevel(ss[i & 1], float2(0, 0), 0) + bufs[1][i];
}
)");
  ASSERT_FALSE(dis.empty());
  // Arrays of the element types in UniformConstant / StorageBuffer; the block keeps Block.
  EXPECT_NE(dis.find("OpTypeArray %type_StructuredBuffer_uint %uint_2"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpDecorate %type_StructuredBuffer_uint Block"), std::string::npos) << dis;
  // Dynamic uniform indices: the DynamicIndexing capability of each class used that way.
  EXPECT_NE(dis.find("OpCapability SampledImageArrayDynamicIndexing"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("OpCapability StorageBufferArrayDynamicIndexing"), std::string::npos) << dis;  // bufs[1]: constant
  // NonUniformResourceIndex on the texture: ShaderNonUniform + SampledImageArrayNonUniformIndexing,
  // and NonUniform on the access chain, the loaded image and the sampled image (3 decorations).
  EXPECT_NE(dis.find("OpCapability ShaderNonUniform"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpCapability SampledImageArrayNonUniformIndexing"), std::string::npos) << dis;
  EXPECT_EQ(occurrences(dis, " NonUniform\n"), 3u) << dis;
  EXPECT_EQ(dis.find("SPV_EXT_descriptor_indexing"), std::string::npos) << dis;  // core in SPIR-V 1.5
}

TEST(LowerResourceArrays, NonUniformBeforeSpirv15NeedsTheExtension) {
  std::string dis = spirvOf(R"(
RWStructuredBuffer<uint> rws[3];
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  InterlockedAdd(rws[NonUniformResourceIndex(id.x % 3)][id.y], 1);
}
)",
                            spirv::VulkanEnv::Vulkan1_1);
  ASSERT_FALSE(dis.empty());
  EXPECT_NE(dis.find("OpExtension \"SPV_EXT_descriptor_indexing\""), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpCapability StorageBufferArrayNonUniformIndexing"), std::string::npos) << dis;
  // The atomic's pointer operand derives from the non-uniform access chain: all three access
  // chains (element, data member, word) are NonUniform.
  EXPECT_EQ(occurrences(dis, " NonUniform\n"), 3u) << dis;
}

TEST(LowerResourceArrays, CodedErrorsForWhatIsLeftOut) {
  // Lowering abandons a function at its first error, so each use is its own shader.
  auto c = compile(R"(
AppendStructuredBuffer<uint> aps[2];
RWStructuredBuffer<uint> rws[2];
[numthreads(1, 1, 1)] void main() {
  rws[0].IncrementCounter();
}
)");
  // (The counter of an element, `rws[0].IncrementCounter()`, is supported: bindless_test.cpp.)
  EXPECT_EQ(c->codes(), (std::vector<std::string>{"OSH0007@2:1"})) << c->messages();
  auto d = compile(R"(
RWStructuredBuffer<uint> o;
Texture2D ts[2];
float4 f(Texture2D t) { return t.Load(int3(0, 0, 0)); }
[numthreads(1, 1, 1)] void main() {
  o[0] = (uint)f(ts[1]).x;
}
)");
  EXPECT_EQ(d->codes(), (std::vector<std::string>{"OSH0007@6:18"})) << d->messages();
}

TEST(LowerResourceArrays, ReflectionGivesTheDescriptorCount) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  CompileResult r = CompileSource(R"(
Texture2D ts[4] : register(t0);
StructuredBuffer<uint> bufs[2];
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o[0] = ts[id.x & 3].Load(int3(0, 0, 0)) + bufs[1][0]; }
)",
                                  "test.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_TRUE(r.reflection && r.reflection->entryPoints.size() == 1);
  std::map<std::string, std::pair<uint32_t, uint32_t>> got;  // name -> (binding, count)
  for (const ResourceBinding& b : r.reflection->entryPoints[0].resources)
    if (b.spirv) got[b.name] = {b.spirv->binding, b.spirv->descriptorCount};
  EXPECT_EQ(got["ts"], std::make_pair(0u, 4u));
  EXPECT_EQ(got["bufs"], std::make_pair(1u, 2u));
  EXPECT_EQ(got["o"], std::make_pair(2u, 1u));
}
