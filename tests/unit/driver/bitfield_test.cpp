// HLSL 2021 bitfields (issue 9), DXC's layout: consecutive bitfields of one type share a
// storage member while their bits fit, at increasing bit offsets from 0; a field of another
// type, a non-bitfield, or a bitfield that would overflow starts a new member. The
// expectations are the CHECK lines of DXC's CodeGenSPIRV/vk.layout.struct.bitfield.hlsl
// (member types and offsets) and op.struct.access.bitfield.hlsl (OpMemberName of the
// storage member is the first field's). Run-time values: the exec case
// tests/exec/cases/lang_bitfields (all three targets).
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, const std::string& profile, std::vector<CompileTarget> targets) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.disassemble = true;
  o.targets = std::move(targets);
  return CompileSource(src, "bitfield.hlsl", o);
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

const std::string& text(const CompileResult& r, CompileTarget t) {
  static const std::string none;
  const CompiledShader* s = r.find("main", t);
  return s ? s->text : none;
}

}  // namespace

TEST(Bitfields, DxcStorageLayout) {
  CompileResult r = compile(R"(
struct S2 { uint f2 : 1; uint f1 : 1; };
struct S3 { uint f2 : 1; uint f1 : 31; };
struct S5 { uint f1 : 30; uint f2 : 3; };
struct S6 { uint f2 : 1; int f1 : 1; };
struct S7 { uint f1; uint f2 : 1; uint f3 : 1; uint f4; };
struct S10 { uint f2 : 1; int f1 : 1; uint f3 : 1; int f4 : 1; };
struct S13 { uint f1 : 1; float4 f2; };
cbuffer buff : register(b0) {
  S2 CB_s2; S3 CB_s3; S5 CB_s5; S6 CB_s6; S7 CB_s7; S10 CB_s10; S13 CB_s13;
}
uint main(out float4 pos : SV_Position) : A {  // WebGPU's vertex stage must write a position
  pos = 0;
  return CB_s2.f1 + CB_s3.f1 + CB_s5.f2 + CB_s6.f1 + CB_s7.f3 + CB_s10.f4 + CB_s13.f1;
}
)",
                            "vs_6_0", {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = text(r, CompileTarget::SpirV);
  EXPECT_TRUE(has(s, "%S2 = OpTypeStruct %uint\n")) << s;
  EXPECT_TRUE(has(s, "%S3 = OpTypeStruct %uint\n")) << s;
  EXPECT_TRUE(has(s, "%S5 = OpTypeStruct %uint %uint\n")) << s;
  EXPECT_TRUE(has(s, "%S6 = OpTypeStruct %uint %int\n")) << s;
  EXPECT_TRUE(has(s, "%S7 = OpTypeStruct %uint %uint %uint\n")) << s;
  EXPECT_TRUE(has(s, "%S10 = OpTypeStruct %uint %int %uint %int\n")) << s;
  EXPECT_TRUE(has(s, "%S13 = OpTypeStruct %uint %v4float\n")) << s;
  EXPECT_TRUE(has(s, "OpMemberDecorate %S13 1 Offset 16")) << s;
  EXPECT_TRUE(has(s, "OpMemberDecorate %S7 2 Offset 8")) << s;
  EXPECT_TRUE(has(s, "OpMemberName %S2 0 \"f2\"")) << s;
  EXPECT_FALSE(has(s, "OpMemberName %S2 1")) << s;
  EXPECT_FALSE(text(r, CompileTarget::Msl).empty());
  EXPECT_FALSE(text(r, CompileTarget::Wgsl).empty());
}

TEST(Bitfields, WhatIsNotSupportedYet) {
  // Initializer lists and conversions go field by field in DXC: not supported yet (OSH0007);
  // (S)0 is the zero value and works.
  CompileResult r = compile(R"(
struct S { uint a : 4; uint b : 4; };
RWStructuredBuffer<S> Out;
[numthreads(1, 1, 1)]
void main() {
  S z = (S)0;
  S s = {1, 2};
  S t = (S)3;
  Out[0] = z;
}
)",
                            "cs_6_0", {CompileTarget::SpirV});
  EXPECT_FALSE(r.success);
  std::string codes;
  for (const DiagnosticInfo& d : r.diagnostics)
    if (d.severity == "error")
      codes += d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ";";
  EXPECT_EQ(codes, "OSH0007 7:9;OSH0007 8:12;") << r.renderedDiagnostics();
}
