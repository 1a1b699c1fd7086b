// Specialization-constant expressions and workgroup sizes (issue 12), end to end through
// lowering and the SPIR-V backend, validated with spirv-val for every target environment.
// Expected shapes: DXC's CodeGenSPIRV tests (vk.spec-constant.usage: `specConst + 3` is
// OpSpecConstantOp IAdd; vk.spec-constant.composite: a splat is OpSpecConstantComposite) and
// glslang's output for GLSL's local_size_x_id (LocalSizeId for SPIR-V 1.6, the
// WorkgroupSize built-in before it).
#include <gtest/gtest.h>

#include "ir/util.hpp"
#include "lower_fixture.hpp"

using namespace oneshader;
using namespace oneshader::lowertest;

namespace {
sema::SemaOptions cs() {
  sema::SemaOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  return o;
}

const char* kShader = R"(
[[vk::constant_id(0)]] const uint WG = 64;
[[vk::constant_id(1)]] const uint K = 5;
[[vk::constant_id(2)]] const int D = -3;
[[vk::constant_id(3)]] const bool B = false;
static const uint M = K * 2 + 1;
static const int E = D << 2;
static const bool C = K > 6 && !B;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(WG, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = M + uint(E) + (C ? 1u : 0u) + K * 3;
  Out[id.x + 1] = (id.xy * K).y - (K - 1);
}
)";

// The lines of a disassembly that contain `needle`.
std::vector<std::string> linesWith(const std::string& dis, const std::string& needle) {
  std::vector<std::string> out;
  size_t p = 0;
  while (p < dis.size()) {
    size_t e = dis.find('\n', p);
    if (e == std::string::npos) e = dis.size();
    std::string line = dis.substr(p, e - p);
    if (line.find(needle) != std::string::npos) out.push_back(line.substr(line.find_first_not_of(' ')));
    p = e + 1;
  }
  return out;
}
}  // namespace

TEST(LowerSpecConstants, IrShape) {
  auto c = lowerSource(kShader, cs());
  ASSERT_TRUE(c->module) << c->messages();
  const ir::EntryPoint& ep = c->module->entryPoints.at(0);
  ASSERT_TRUE(ep.workgroupSizeSpec[0].valid());
  EXPECT_FALSE(ep.workgroupSizeSpec[1].valid());
  EXPECT_EQ(ep.workgroupSize[0], 64u);
  EXPECT_EQ(ir::workgroupSpecId(*c->module, ep.workgroupSizeSpec[0]), std::optional<uint32_t>(0));
  // M is a named SpecOp (no Private variable); the module has no Private globals.
  bool namedM = false;
  for (const ir::Constant& k : c->module->constants) namedM |= k.kind == ir::Constant::Kind::SpecOp && k.name == "M";
  EXPECT_TRUE(namedM) << c->ir;
  for (const ir::GlobalVariable& g : c->module->globals) EXPECT_NE(g.space, ir::AddressSpace::Private) << g.name;
  EXPECT_NE(c->ir.find("workgroup_size(c"), std::string::npos) << c->ir;
}

TEST(LowerSpecConstants, SpirvEveryEnvironment) {
  auto c = lowerSource(kShader, cs());
  ASSERT_TRUE(c->module) << c->messages();
  for (auto env : {spirv::VulkanEnv::Vulkan1_0, spirv::VulkanEnv::Vulkan1_1, spirv::VulkanEnv::Vulkan1_2,
                   spirv::VulkanEnv::Vulkan1_3}) {
    SCOPED_TRACE(int(env));
    std::string dis = validatedSpirv(*c, "main", env);
    ASSERT_FALSE(dis.empty());
    // M = K * 2 + 1: two OpSpecConstantOps, the root named M.
    EXPECT_EQ(linesWith(dis, "OpSpecConstantOp %uint IMul %K %uint_2").size(), 1u) << dis;
    EXPECT_EQ(linesWith(dis, "%M = OpSpecConstantOp %uint IAdd").size(), 1u) << dis;
    // E = D << 2: the literal shift amount is masked at compile time.
    EXPECT_EQ(linesWith(dis, "%E = OpSpecConstantOp %int ShiftLeftLogical %D %int_2").size(), 1u) << dis;
    // C = K > 6 && !B: UGreaterThan, LogicalNot, LogicalAnd.
    EXPECT_EQ(linesWith(dis, "OpSpecConstantOp %bool UGreaterThan %K %uint_6").size(), 1u) << dis;
    EXPECT_EQ(linesWith(dis, "OpSpecConstantOp %bool LogicalNot %B").size(), 1u) << dis;
    EXPECT_EQ(linesWith(dis, "%C = OpSpecConstantOp %bool LogicalAnd").size(), 1u) << dis;
    // uint(E): a sign change is IAdd with a zero of the new type (glslang's form).
    EXPECT_EQ(linesWith(dis, "OpSpecConstantOp %uint IAdd %E %uint_0").size(), 1u) << dis;
    // C ? 1u : 0u: Select.
    EXPECT_EQ(linesWith(dis, "OpSpecConstantOp %uint Select %C %uint_1 %uint_0").size(), 1u) << dis;
    // id.xy * K: the splat of K is OpSpecConstantComposite (DXC's vk.spec-constant.composite).
    EXPECT_EQ(linesWith(dis, "OpSpecConstantComposite %v2uint %K %K").size(), 1u) << dis;
    // The whole first sum is over specialization constants: one tree, no Private variable
    // for M; `- (K - 1)` in the second is an OpISub in the function on a spec operand.
    EXPECT_EQ(linesWith(dis, "OpISub %uint").size(), 1u) << dis;
    EXPECT_TRUE(linesWith(dis, "OpVariable %_ptr_Private").empty()) << dis;
    if (env == spirv::VulkanEnv::Vulkan1_3) {
      EXPECT_EQ(linesWith(dis, "OpExecutionModeId %main LocalSizeId %WG %uint_1 %uint_1").size(), 1u) << dis;
      EXPECT_TRUE(linesWith(dis, "WorkgroupSize").empty()) << dis;
      EXPECT_TRUE(linesWith(dis, "LocalSize ").empty()) << dis;
    } else {
      EXPECT_EQ(linesWith(dis, "OpExecutionMode %main LocalSize 64 1 1").size(), 1u) << dis;
      EXPECT_EQ(linesWith(dis, "%gl_WorkGroupSize = OpSpecConstantComposite %v3uint %WG %uint_1 %uint_1").size(), 1u)
          << dis;
      EXPECT_EQ(linesWith(dis, "OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize").size(), 1u) << dis;
    }
  }
}

TEST(LowerSpecConstants, IntWorkgroupDimension) {
  // An int specialization constant as a dimension: converted to uint (IAdd with 0u), which
  // both LocalSizeId and the v3uint WorkgroupSize composite take.
  auto c = lowerSource(R"(
[[vk::constant_id(4)]] const int WY = 2;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, WY, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.y; }
)",
                       cs());
  ASSERT_TRUE(c->module) << c->messages();
  for (auto env : {spirv::VulkanEnv::Vulkan1_1, spirv::VulkanEnv::Vulkan1_3}) {
    std::string dis = validatedSpirv(*c, "main", env);
    ASSERT_FALSE(dis.empty());
    auto conv = linesWith(dis, "OpSpecConstantOp %uint IAdd %WY %uint_0");
    ASSERT_EQ(conv.size(), 1u) << dis;
    std::string id = conv[0].substr(0, conv[0].find(' '));
    if (env == spirv::VulkanEnv::Vulkan1_3)
      EXPECT_EQ(linesWith(dis, "LocalSizeId %uint_8 " + id + " %uint_1").size(), 1u) << dis;
    else
      EXPECT_EQ(linesWith(dis, "OpSpecConstantComposite %v3uint %uint_8 " + id + " %uint_1").size(), 1u) << dis;
  }
}

TEST(LowerSpecConstants, FloatStaysInTheFunction) {
  // Float arithmetic has no OpSpecConstantOp form for shaders (Kernel only): DXC's shape, a
  // Private variable initialised when the entry point starts.
  auto c = lowerSource(R"(
[[vk::constant_id(0)]] const float S = 1.5;
static const float T = S * 2.0;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = T; }
)",
                       cs());
  ASSERT_TRUE(c->module) << c->messages();
  std::string dis = validatedSpirv(*c, "main", spirv::VulkanEnv::Vulkan1_1);
  EXPECT_TRUE(linesWith(dis, "OpSpecConstantOp").empty()) << dis;
  EXPECT_EQ(linesWith(dis, "%T = OpVariable %_ptr_Private_float Private").size(), 1u) << dis;
  EXPECT_EQ(linesWith(dis, "OpFMul %float %S %float_2").size(), 1u) << dis;
}
