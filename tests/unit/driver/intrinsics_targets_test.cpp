// The intrinsics whose shape differs per target (docs/user-guide.md "Intrinsic functions"):
// each test compiles one shader and checks what each target makes of it. Expectations come
// from DXC's SPIR-V mapping (docs/SPIR-V.rst, its CodeGenSPIRV tests), the SPIR-V and
// GLSL.std.450 specifications (instruction operand rules) and the MSL / WGSL built-in lists.
#include <gtest/gtest.h>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, const std::string& profile, std::vector<CompileTarget> targets,
                      SpirvTargetEnv env = SpirvTargetEnv::Vulkan1_1, bool sixteen = false) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.spirvEnv = env;
  o.targets = std::move(targets);
  o.enable16BitTypes = sixteen;
  return CompileSource(src, "intrinsics.hlsl", o);
}

std::string output(const CompileResult& r, CompileTarget t) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == t) return t == CompileTarget::SpirV ? DisassembleSpirv(s.spirv) : s.text;
  return "";
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

std::vector<std::string> codes(const CompileResult& r) {
  std::vector<std::string> c;
  for (const DiagnosticInfo& d : r.diagnostics) c.push_back(d.code + ":" + d.severity);
  return c;
}

const std::vector<CompileTarget> kAll{CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};

}  // namespace

// printf: DXC's NonSemantic.DebugPrintf instruction 1 with an OpString format (a literal or a
// `string` variable) and the arguments; MSL and WGSL have no printf: a warning, no code.
TEST(IntrinsicsTargets, PrintfIsDebugPrintfOrAWarning) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "const string fmt = \"lane %u\";\n"
      "[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n"
      "  printf(fmt, id.x);\n"
      "  printf(\"two %d %f\", 2, 0.5f);\n"
      "  Out[id.x] = id.x;\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_0", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_TRUE(has(d, "OpExtension \"SPV_KHR_non_semantic_info\"")) << d;  // SPIR-V 1.3: not core yet
  EXPECT_TRUE(has(d, "OpExtInstImport \"NonSemantic.DebugPrintf\"")) << d;
  EXPECT_TRUE(has(d, "OpString \"lane %u\"")) << d;
  EXPECT_TRUE(has(d, "OpString \"two %d %f\"")) << d;
  EXPECT_EQ(count(d, "OpExtInst %void"), 2u) << d;
  EXPECT_TRUE(has(d, "%int_2 %float_0_5")) << d;
  EXPECT_EQ(codes(r), (std::vector<std::string>{"OSH4002:warning", "OSH5004:warning"}));
  EXPECT_FALSE(has(output(r, CompileTarget::Msl), "printf"));
  EXPECT_FALSE(has(output(r, CompileTarget::Wgsl), "printf"));
}

// IsHelperLane(): DXC's OpIsHelperInvocationEXT before Vulkan 1.3 and the HelperInvocation
// built-in from 1.3; false outside pixel shaders; MSL simd_is_helper_thread(); no WGSL form.
TEST(IntrinsicsTargets, IsHelperLanePerTargetAndStage) {
  const char* ps = "float4 main() : SV_Target { return IsHelperLane() ? 1.0 : 0.0; }\n";
  CompileResult r11 = compile(ps, "ps_6_6", {CompileTarget::SpirV, CompileTarget::Msl});
  ASSERT_TRUE(r11.success) << r11.renderedDiagnostics();
  std::string d = output(r11, CompileTarget::SpirV);
  EXPECT_TRUE(has(d, "OpIsHelperInvocationEXT %bool")) << d;
  EXPECT_TRUE(has(d, "OpCapability DemoteToHelperInvocation")) << d;
  EXPECT_TRUE(has(output(r11, CompileTarget::Msl), "simd_is_helper_thread()"));
  CompileResult r13 = compile(ps, "ps_6_6", {CompileTarget::SpirV}, SpirvTargetEnv::Vulkan1_3);
  ASSERT_TRUE(r13.success) << r13.renderedDiagnostics();
  d = output(r13, CompileTarget::SpirV);
  EXPECT_TRUE(has(d, "BuiltIn HelperInvocation")) << d;
  EXPECT_FALSE(has(d, "OpIsHelperInvocationEXT")) << d;
  CompileResult w = compile(ps, "ps_6_6", {CompileTarget::Wgsl});
  EXPECT_FALSE(w.success);
  EXPECT_EQ(codes(w), (std::vector<std::string>{"OSH5001:error"}));
  const char* cs =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = IsHelperLane() ? 7u : 3u; }\n";
  CompileResult c = compile(cs, "cs_6_6", kAll);
  ASSERT_TRUE(c.success) << c.renderedDiagnostics();
  d = output(c, CompileTarget::SpirV);
  EXPECT_FALSE(has(d, "HelperInvocation")) << d;
  EXPECT_TRUE(has(d, "OpConstantFalse")) << d;
  EXPECT_TRUE(has(output(c, CompileTarget::Msl), "false"));
  EXPECT_TRUE(has(output(c, CompileTarget::Wgsl), "false"));
}

// QuadAny / QuadAll: the three quad swaps (directions 0, 1, 2) of the predicate as a uint,
// combined; never the SPV_KHR_quad_control instructions SPIRV-Tools 2023.1 cannot validate.
TEST(IntrinsicsTargets, QuadAnyAllAreThreeSwaps) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n"
      "  Out[id.x] = (QuadAny(id.x == 1) ? 1u : 0u) + (QuadAll(id.x < 4) ? 2u : 0u);\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_7", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_EQ(count(d, "OpGroupNonUniformQuadSwap %uint %uint_3"), 6u) << d;
  EXPECT_FALSE(has(d, "KHR")) << d;
  EXPECT_TRUE(has(d, "OpCapability GroupNonUniformQuad")) << d;
  ASSERT_TRUE(r.reflection && r.reflection->entryPoints.size() == 1u);
  EXPECT_EQ(r.reflection->entryPoints[0].subgroupOperations & SubgroupQuad, uint32_t(SubgroupQuad));
  EXPECT_EQ(count(output(r, CompileTarget::Msl), "quad_shuffle_xor("), 6u);
  std::string w = output(r, CompileTarget::Wgsl);
  EXPECT_EQ(count(w, "quadSwapX("), 2u) << w;
  EXPECT_EQ(count(w, "quadSwapY("), 2u) << w;
  EXPECT_EQ(count(w, "quadSwapDiagonal("), 2u) << w;
}

// Component-wise intrinsics of matrices go column by column (an IR matrix column is an HLSL
// row): GLSL.std.450 takes scalars and vectors only.
TEST(IntrinsicsTargets, MatrixComponentwisePerRow) {
  const char* src =
      "RWStructuredBuffer<float2x3> Out : register(u0);\n"
      "[numthreads(1, 1, 1)] void main() {\n"
      "  float2x3 m = Out[0];\n"
      "  float2x3 ip;\n"
      "  Out[1] = sin(m) + clamp(m, 0, 1) + atan2(m, m) + smoothstep(0, 1, m) + fmod(m, 2) + modf(m, ip) + ip;\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_0", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_EQ(count(d, " Sin %"), 2u) << d;
  EXPECT_FALSE(has(d, "OpExtInst %mat")) << d;
  EXPECT_EQ(count(d, "FClamp"), 2u) << d;
  EXPECT_EQ(count(d, "Atan2"), 2u) << d;
  EXPECT_EQ(count(d, "SmoothStep"), 2u) << d;
  EXPECT_EQ(count(d, "OpFRem %v3float"), 2u) << d;
  EXPECT_EQ(count(d, "ModfStruct"), 2u) << d;
  EXPECT_FALSE(has(d, "OpExtInst %mat")) << d;
}

// any / all of a matrix: of each row, then of those (DXC, SPIR-V.rst "all", "any"): OpAny /
// OpAll take vectors only.
TEST(IntrinsicsTargets, AnyAllOfAMatrixPerRow) {
  const char* src =
      "RWStructuredBuffer<float4> Out : register(u0);\n"
      "[numthreads(1, 1, 1)] void main() {\n"
      "  float3x2 m = float3x2(Out[0], Out[1].xy);\n"
      "  Out[2] = float4(any(m), all(m), 0, 0);\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_0", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_EQ(count(d, "OpAny %bool"), 3u) << d;
  EXPECT_EQ(count(d, "OpAll %bool"), 3u) << d;
  EXPECT_EQ(count(d, "OpLogicalOr %bool"), 2u) << d;
  EXPECT_EQ(count(d, "OpLogicalAnd %bool"), 2u) << d;
}

// WaveActiveAllEqual of a vector: one vote per component (OpGroupNonUniformAllEqual gives
// one bool for its whole operand); wave operations of matrices and arrays: per row / element.
TEST(IntrinsicsTargets, WaveOperationsPerComponentRowAndElement) {
  const char* src =
      "RWStructuredBuffer<float4> Out : register(u0);\n"
      "[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {\n"
      "  bool3 e = WaveActiveAllEqual(uint3(id.x, 1, 2));\n"
      "  float2x2 m = float2x2(Out[id.x]);\n"
      "  float2x2 s = WaveActiveSum(m) + WaveReadLaneAt(m, 1) + QuadReadAcrossX(m);\n"
      "  uint a[3] = {id.x, 2 * id.x, 3};\n"
      "  uint b[3] = WavePrefixSum(a);\n"
      "  Out[id.x] = float4(s) + float4(e, b[2]);\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_0", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_EQ(count(d, "OpGroupNonUniformAllEqual %bool"), 3u) << d;
  EXPECT_EQ(count(d, "OpGroupNonUniformFAdd %v2float %uint_3 Reduce"), 2u) << d;
  EXPECT_EQ(count(d, "OpGroupNonUniformShuffle %v2float"), 2u) << d;
  EXPECT_EQ(count(d, "OpGroupNonUniformQuadSwap %v2float"), 2u) << d;
  EXPECT_EQ(count(d, "OpGroupNonUniformIAdd %uint %uint_3 ExclusiveScan"), 3u) << d;
  EXPECT_FALSE(has(d, "OpGroupNonUniformFAdd %mat")) << d;
}

// countbits / reversebits of 16- and 64-bit integers through 32-bit operations (DXC's
// shapes; Vulkan's OpBitCount and OpBitReverse take 32-bit operands).
TEST(IntrinsicsTargets, BitOperationsOfNarrowAndWideIntegers) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "[numthreads(1, 1, 1)] void main() {\n"
      "  uint16_t a = uint16_t(Out[0]);\n"
      "  uint64_t b = Out[1];\n"
      "  Out[2] = countbits(a) + countbits(b) + uint(reversebits(a)) + uint(reversebits(b));\n"
      "}\n";
  CompileResult r = compile(src, "cs_6_2", {CompileTarget::SpirV, CompileTarget::Msl}, SpirvTargetEnv::Vulkan1_1, true);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = output(r, CompileTarget::SpirV);
  EXPECT_FALSE(has(d, "OpBitCount %ushort")) << d;
  EXPECT_FALSE(has(d, "OpBitCount %ulong")) << d;
  EXPECT_FALSE(has(d, "OpBitReverse %ushort")) << d;
  EXPECT_FALSE(has(d, "OpBitReverse %ulong")) << d;
  EXPECT_EQ(count(d, "OpBitCount %uint"), 3u) << d;    // one for a, two for b's words
  EXPECT_EQ(count(d, "OpBitReverse %uint"), 3u) << d;  // likewise
}

// clip(m) of a matrix (DXC: discard when any component is negative) tests each row and
// ORs the rows: IR matrices have no comparison of their own; every target compiles it.
TEST(IntrinsicsTargets, ClipOfAMatrixTestsEveryRow) {
  const char* src =
      "float4 main(float2x3 m : M) : SV_Target {\n"
      "  clip(m);\n"
      "  return float4(m[0], 1);\n"
      "}\n";
  CompileResult r = compile(src, "ps_6_0", kAll);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string spv = output(r, CompileTarget::SpirV);
  EXPECT_EQ(count(spv, "OpFOrdLessThan %v3bool"), 2u) << spv;
  EXPECT_EQ(count(spv, "OpAny %bool"), 2u) << spv;
  EXPECT_TRUE(has(spv, "OpLogicalOr %bool")) << spv;
  EXPECT_TRUE(has(spv, "OpKill") || has(spv, "OpDemoteToHelperInvocation") || has(spv, "OpTerminateInvocation")) << spv;
}
