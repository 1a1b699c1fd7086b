// 16-bit and 64-bit values: buffers of 16-bit types declare the 16-bit storage capability
// of their storage class (SPIR-V spec 2.16.1 / SPV_KHR_16bit_storage: StorageBuffer16BitAccess
// for StorageBuffer, UniformAndStorageBuffer16BitAccess for Uniform; the extension only
// before SPIR-V 1.3), and wave operations on 64-bit and 16-bit values use the same
// OpGroupNonUniform* instructions on the wide/narrow type.
#include <gtest/gtest.h>

#include <algorithm>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compileCs(const std::string& src, SpirvTargetEnv env, bool sixteen) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_2";
  o.spirvEnv = env;
  o.enable16BitTypes = sixteen;
  return CompileSource(src, "wide.hlsl", o);
}

std::string disasm(const CompileResult& r) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == CompileTarget::SpirV) return DisassembleSpirv(s.spirv);
  return "";
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

TEST(LowerWideTypes, SixteenBitStorageBufferCapability) {
  const char* src =
      "RWStructuredBuffer<half> H : register(u0);\n"
      "[numthreads(1,1,1)] void main() { H[0] = H[1] + H[2]; }\n";
  CompileResult r = compileCs(src, SpirvTargetEnv::Vulkan1_1, true);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpCapability StorageBuffer16BitAccess")) << d;
  EXPECT_FALSE(has(d, "UniformAndStorageBuffer16BitAccess")) << d;
  // SPIR-V 1.3: core, no extension.
  EXPECT_FALSE(has(d, "SPV_KHR_16bit_storage")) << d;
}

TEST(LowerWideTypes, SixteenBitUniformNeedsExtensionOnVulkan10) {
  const char* src =
      "cbuffer C { float16_t k; uint16_t n; };\n"
      "RWStructuredBuffer<float> Out : register(u0);\n"
      "[numthreads(1,1,1)] void main() { Out[0] = float(k) + float(n); }\n";
  CompileResult r = compileCs(src, SpirvTargetEnv::Vulkan1_0, true);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpCapability UniformAndStorageBuffer16BitAccess")) << d;
  EXPECT_FALSE(has(d, "OpCapability StorageBuffer16BitAccess")) << d;
  EXPECT_TRUE(has(d, "OpExtension \"SPV_KHR_16bit_storage\"")) << d;
}

TEST(LowerWideTypes, ThirtyTwoBitBuffersDeclareNo16BitStorage) {
  const char* src =
      "RWStructuredBuffer<float> H : register(u0);\n"
      "[numthreads(1,1,1)] void main() { half h = half(H[1]); H[0] = h; }\n";
  CompileResult r = compileCs(src, SpirvTargetEnv::Vulkan1_1, true);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpCapability Float16")) << d;
  EXPECT_FALSE(has(d, "16BitAccess")) << d;
}

TEST(LowerWideTypes, WaveOpsOn64And16BitValues) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "RWStructuredBuffer<float16_t> H : register(u1);\n"
      "[numthreads(8,1,1)] void main(uint3 t : SV_DispatchThreadID) {\n"
      "  uint64_t a = WaveActiveSum(uint64_t(t.x) << 40);\n"
      "  int64_t b = WaveActiveMin(int64_t(t.x) - 5);\n"
      "  uint64_t c = WavePrefixSum(uint64_t(t.x));\n"
      "  uint64_t d = WaveActiveBitXor(uint64_t(t.x));\n"
      "  double e = WaveReadLaneAt(double(t.x), 1);\n"
      "  float16_t f = WaveActiveMax(H[t.x]);\n"
      "  uint16_t g = WaveActiveProduct(uint16_t(t.x));\n"
      "  Out[t.x] = uint(a >> 40) + uint(b) + uint(c) + uint(d) + uint(e) + uint(f) + uint(g);\n"
      "}\n";
  CompileResult r = compileCs(src, SpirvTargetEnv::Vulkan1_1, true);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpGroupNonUniformIAdd %ulong %uint_3 Reduce")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformSMin %long %uint_3 Reduce")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformIAdd %ulong %uint_3 ExclusiveScan")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformBitwiseXor %ulong %uint_3 Reduce")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformShuffle %double")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformFMax %half %uint_3 Reduce")) << d;
  EXPECT_TRUE(has(d, "OpGroupNonUniformIMul %ushort %uint_3 Reduce")) << d;
  for (const char* c : {"Int64", "Float64", "Float16", "Int16", "StorageBuffer16BitAccess"})
    EXPECT_TRUE(has(d, std::string("OpCapability ") + c + "\n")) << c << "\n" << d;
}
