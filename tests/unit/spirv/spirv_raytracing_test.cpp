// The ray tracing pipeline stages in the SPIR-V emitter: the stage's execution model,
// capability and extension (SPV_KHR_ray_tracing from SPIR-V 1.4, OSH3004 below it; DXC's
// SPV_NV_ray_tracing where -fspv-extension asks for it), variables of the ray tracing storage
// classes, and OpIgnoreIntersectionKHR ending its block. Valid per spirv-val (compileSpirv
// validates).
#include <gtest/gtest.h>

#include <spirv/unified1/spirv.hpp11>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
// An any-hit shader: payload.x = 1; IgnoreHit(); payload.x = 2 (dead). `nv`: the NV opcode.
struct Result {
  std::string dis;
  std::vector<std::string> codes;
};
Result anyHit(spirv::VulkanEnv env, std::vector<std::string> extensions, bool nv) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto f32 = t.scalar(Scalar::f32());
  GlobalVariable payload;
  payload.name = "payload";
  payload.space = AddressSpace::SpirvClass;
  payload.spirvClass = uint32_t(spv::StorageClass::IncomingRayPayloadKHR);
  StructMember x;
  x.name = "x";
  x.type = f32;
  payload.type = t.structure("Payload", {x});
  auto g = mb.global(payload);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  b.store(b.accessIndex(b.global(g), 0), b.f32(1.0f));
  SpirvInstruction in;
  in.opcode = uint32_t(nv ? spv::Op::OpIgnoreIntersectionNV : spv::Op::OpIgnoreIntersectionKHR);
  b.spirvInst(in);
  b.store(b.accessIndex(b.global(g), 0), b.f32(2.0f));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::AnyHit, f);
  DiagEngine d;
  spirv::SpirvOptions so;
  so.env = env;
  so.allowedExtensions = std::move(extensions);
  Result res;
  auto r = spirv::compileSpirv(m, "main", so, d);
  for (const Diagnostic& x : d.diagnostics()) res.codes.push_back(diagCodeString(x.id));
  if (r) res.dis = spirv::disassembleSpirv(r->words);
  return res;
}
}  // namespace

TEST(SpirvRayTracing, NvOnlyWhereAskedForAndKhrNotListed) {
  EXPECT_FALSE(spirv::nvRayTracing({}));  // no list: every extension, DXC's default KHR
  EXPECT_TRUE(spirv::nvRayTracing({"SPV_NV_ray_tracing"}));
  EXPECT_TRUE(spirv::nvRayTracing({"SPV_NV_ray_tracing", "SPV_KHR_ray_query"}));
  EXPECT_FALSE(spirv::nvRayTracing({"SPV_NV_ray_tracing", "SPV_KHR_ray_tracing"}));
  EXPECT_FALSE(spirv::nvRayTracing({"SPV_NV_ray_tracing", "KHR"}));  // KHR: every SPV_KHR_*
  EXPECT_FALSE(spirv::nvRayTracing({"SPV_KHR_ray_tracing"}));
}

TEST(SpirvRayTracing, KhrAnyHitEndsTheBlockAtIgnoreIntersection) {
  Result r = anyHit(spirv::VulkanEnv::Vulkan1_2, {}, false);
  ASSERT_FALSE(r.dis.empty()) << ::testing::PrintToString(r.codes);
  EXPECT_NE(r.dis.find("OpCapability RayTracingKHR"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("OpExtension \"SPV_KHR_ray_tracing\""), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("OpEntryPoint AnyHitNV %main \"main\" %payload"), std::string::npos) << r.dis;  // 5315
  EXPECT_NE(r.dis.find("OpIgnoreIntersectionKHR\n"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("%float_1"), std::string::npos) << r.dis;
  EXPECT_EQ(r.dis.find("%float_2"), std::string::npos) << r.dis;  // after the terminator: not emitted
}

TEST(SpirvRayTracing, KhrBelowSpirv14IsOSH3004) {
  Result r = anyHit(spirv::VulkanEnv::Vulkan1_1, {}, false);
  EXPECT_TRUE(r.dis.empty());
  EXPECT_EQ(r.codes, std::vector<std::string>{"OSH3004"});
}

TEST(SpirvRayTracing, NvIsSpirv10AndIgnoreIntersectionDoesNotEndTheBlock) {
  Result r = anyHit(spirv::VulkanEnv::Vulkan1_0, {"SPV_NV_ray_tracing"}, true);
  ASSERT_FALSE(r.dis.empty()) << ::testing::PrintToString(r.codes);
  EXPECT_NE(r.dis.find("; Version: 1.0"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("OpCapability RayTracingNV"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("OpExtension \"SPV_NV_ray_tracing\""), std::string::npos) << r.dis;
  EXPECT_EQ(r.dis.find("RayTracingKHR"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("OpIgnoreIntersectionNV\n"), std::string::npos) << r.dis;
  EXPECT_NE(r.dis.find("%float_2"), std::string::npos) << r.dis;  // NV's is no terminator
}
