// Vulkan subpass inputs (SubpassInput / SubpassInputMS with [[vk::input_attachment_index]]):
// DXC's SPIR-V shapes from its SPIR-V.rst ("SubpassInput and SubpassInputMS"): an OpTypeImage
// of Dim SubpassData, Sampled 2, Format Unknown over the element's scalar; the variable
// decorated InputAttachmentIndex N; SubpassLoad() an OpImageRead at the int2 (0, 0) offset
// (Sample s for SubpassInputMS::SubpassLoad(s)) whose leading components are the element;
// the InputAttachment capability. Pixel shaders only; MSL and WGSL have no form for it.
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, CompileTarget target, const std::string& profile = "ps_6_0",
                      const std::string& entry = "main") {
  CompileOptions o;
  o.targets = {target};
  o.entryPoint = entry;
  o.profile = profile;
  return CompileSource(src, "test.hlsl", o);
}

std::string spirvText(const CompileResult& r) {
  if (r.outputs.empty()) return {};
  return DisassembleSpirv(r.outputs[0].spirv);
}

std::string diags(const CompileResult& r) { return r.renderedDiagnostics(); }

const char* kShader = R"([[vk::input_attachment_index(0)]] SubpassInput SI_f4;
[[vk::input_attachment_index(1)]] SubpassInput<int3> SI_i3;
[[vk::input_attachment_index(3), vk::binding(5, 2)]] SubpassInput<float> SI_f1;
[[vk::input_attachment_index(10)]] SubpassInputMS<uint2> SIMS_u2;
SubpassInput SI_none;
float4 pass(SubpassInput s) { return s.SubpassLoad(); }
float4 main() : SV_Target {
  float4 a = SI_f4.SubpassLoad();
  int3 b = SI_i3.SubpassLoad();
  float c = SI_f1.SubpassLoad();
  uint2 d = SIMS_u2.SubpassLoad(2);
  float4 e = pass(SI_none);
  return a + float4(b, c) + float4(d, 0, 0) + e;
}
)";

}  // namespace

TEST(SubpassInput, SpirvShapes) {
  CompileResult r = compile(kShader, CompileTarget::SpirV);
  ASSERT_TRUE(r.success) << diags(r);
  std::string s = spirvText(r);
  for (const char* want :
       {"OpCapability InputAttachment", "OpDecorate %SI_f4 InputAttachmentIndex 0",
        "OpDecorate %SI_i3 InputAttachmentIndex 1", "OpDecorate %SI_f1 InputAttachmentIndex 3",
        "OpDecorate %SI_f1 DescriptorSet 2", "OpDecorate %SI_f1 Binding 5",
        "OpDecorate %SIMS_u2 InputAttachmentIndex 10",
        // Dim SubpassData, Depth 0, Arrayed 0, MS 0/1, Sampled 2, Unknown.
        "OpTypeImage %float SubpassData 2 0 0 2 Unknown", "OpTypeImage %int SubpassData 2 0 0 2 Unknown",
        "OpTypeImage %uint SubpassData 2 0 1 2 Unknown", "Sample %int_2"})
    EXPECT_NE(s.find(want), std::string::npos) << want << "\n" << s;
  // A subpass input without the attribute has no attachment index (DXC).
  EXPECT_EQ(s.find("OpDecorate %SI_none InputAttachmentIndex"), std::string::npos) << s;
  // Five reads, every one an OpImageRead (no fetch, no sampling).
  size_t reads = 0;
  for (size_t at = s.find("OpImageRead"); at != std::string::npos; at = s.find("OpImageRead", at + 1)) ++reads;
  EXPECT_EQ(reads, 5u) << s;
  EXPECT_EQ(s.find("OpImageFetch"), std::string::npos) << s;
}

TEST(SubpassInput, Reflection) {
  CompileResult r = compile(kShader, CompileTarget::SpirV);
  ASSERT_TRUE(r.success) << diags(r);
  ASSERT_TRUE(r.reflection && !r.reflection->entryPoints.empty());
  bool seen = false;
  for (const ResourceBinding& x : r.reflection->entryPoints[0].resources)
    if (x.name == "SIMS_u2") {
      seen = true;
      EXPECT_EQ(x.kind, "SubpassInputMS");
      EXPECT_EQ(x.descriptorType, "input-attachment");
      EXPECT_TRUE(x.readOnly);
    }
  EXPECT_TRUE(seen);
}

TEST(SubpassInput, PixelShadersOnly) {
  // DXC: "SubpassInput(MS) only allowed in pixel shader", at the read; here the stage rule of
  // the intrinsic table (OSH0028). A compute entry point that does not reach the read compiles.
  const char* src =
      "[[vk::input_attachment_index(0)]] SubpassInput<float4> S;\n"
      "float4 f() { return S.SubpassLoad(); }\n"
      "RWStructuredBuffer<float4> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = f(); }\n"
      "[numthreads(1, 1, 1)] void other() { Out[0] = 1; }\n";
  CompileResult bad = compile(src, CompileTarget::SpirV, "cs_6_0");
  EXPECT_FALSE(bad.success);
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics[0].code, "OSH0028") << diags(bad);
  EXPECT_EQ(bad.diagnostics[0].span.line, 2u) << diags(bad);
  CompileResult ok = compile(src, CompileTarget::SpirV, "cs_6_0", "other");
  EXPECT_TRUE(ok.success) << diags(ok);
  EXPECT_EQ(spirvText(ok).find("SubpassData"), std::string::npos);
}

TEST(SubpassInput, ArgumentErrors) {
  const char* decl =
      "[[vk::input_attachment_index(0)]] SubpassInput S;\n"
      "[[vk::input_attachment_index(1)]] SubpassInputMS M;\n";
  CompileResult extra =
      compile(std::string(decl) + "float4 main() : SV_Target { return S.SubpassLoad(0); }\n", CompileTarget::SpirV);
  EXPECT_FALSE(extra.success);
  ASSERT_FALSE(extra.diagnostics.empty());
  EXPECT_EQ(extra.diagnostics[0].code, "OSH0015") << diags(extra);
  CompileResult missing =
      compile(std::string(decl) + "float4 main() : SV_Target { return M.SubpassLoad(); }\n", CompileTarget::SpirV);
  EXPECT_FALSE(missing.success);
  ASSERT_FALSE(missing.diagnostics.empty());
  EXPECT_EQ(missing.diagnostics[0].code, "OSH0015") << diags(missing);
}

TEST(SubpassInput, TextTargetsRefuse) {
  CompileResult msl = compile(kShader, CompileTarget::Msl);
  EXPECT_FALSE(msl.success);
  ASSERT_FALSE(msl.diagnostics.empty());
  EXPECT_EQ(msl.diagnostics[0].code, "OSH4190") << diags(msl);
  EXPECT_NE(msl.diagnostics[0].message.find("'SI_f4'"), std::string::npos) << diags(msl);
  CompileResult wgsl = compile(kShader, CompileTarget::Wgsl);
  EXPECT_FALSE(wgsl.success);
  ASSERT_FALSE(wgsl.diagnostics.empty());
  EXPECT_EQ(wgsl.diagnostics[0].code, "OSH5190") << diags(wgsl);
}
