// DXC's flat conversions (issue 9): explicit casts between an aggregate and any type with at
// least as many scalar leaves, implicit conversions between aggregates of the same leaves,
// ConstantBuffer<S> / TextureBuffer<S> read as an S, struct arguments of vector
// constructors. The SPIR-V expectations follow the CHECK lines of DXC's
// CodeGenSPIRV/cast.flat-conversion.vector.hlsl and spirv.legal.cbuffer.hlsl: the leaves
// extracted in order and composed into the target. Run-time values: the exec case
// tests/exec/cases/lang_flat_conversion (all three targets).
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, std::vector<CompileTarget> targets = {CompileTarget::SpirV}) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  o.disassemble = true;
  o.targets = std::move(targets);
  return CompileSource(src, "flat.hlsl", o);
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

std::string errors(const CompileResult& r) {
  std::string s;
  for (const DiagnosticInfo& d : r.diagnostics)
    if (d.severity == "error")
      s += d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ";";
  return s;
}

const std::string& text(const CompileResult& r, CompileTarget t) {
  static const std::string none;
  const CompiledShader* s = r.find("main", t);
  return s ? s->text : none;
}

}  // namespace

TEST(FlatConversion, VectorArrayToScalarArrayAndVectorToStruct) {
  CompileResult r = compile(R"(
struct S1 { float2 data[2]; };
StructuredBuffer<S1> MySB;
struct S3 { float3 vec; };
StructuredBuffer<float4> input2;
float4 main() : SV_Target {
  float data[4] = (float[4])MySB[0].data;
  S3 d3 = (S3)input2[0];
  return data[3] + d3.vec.z;
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = text(r, CompileTarget::SpirV);
  // float2[2] -> float[4]: four leaves into one array; float4 -> S3: the first three.
  EXPECT_TRUE(has(s, "OpCompositeConstruct %_arr_float_uint_4")) << s;
  EXPECT_TRUE(has(s, "OpCompositeConstruct %v3float")) << s;
  EXPECT_TRUE(has(s, "OpCompositeConstruct %S3")) << s;
  EXPECT_FALSE(text(r, CompileTarget::Msl).empty());
  EXPECT_FALSE(text(r, CompileTarget::Wgsl).empty());
}

TEST(FlatConversion, ConstantBufferReadAsItsStruct) {
  CompileResult r = compile(R"(
struct S { float4 f; };
ConstantBuffer<S> myCBuffer;
TextureBuffer<S> myTBuffer;
float4 doStuff(S buffer) { return buffer.f; }
float4 main() : SV_Target {
  S buffer1 = myCBuffer;
  S buffer2;
  buffer2 = myTBuffer;
  return buffer1.f + buffer2.f + doStuff(myCBuffer);
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = text(r, CompileTarget::SpirV);
  // The block loaded whole, then rebuilt as the function-memory S (no layout decorations).
  EXPECT_TRUE(has(s, "OpLoad %type_ConstantBuffer_S %myCBuffer")) << s;
  EXPECT_TRUE(has(s, "OpLoad %type_TextureBuffer_S %myTBuffer")) << s;
}

TEST(FlatConversion, WhatDxcRefuses) {
  // Implicitly, two structs convert only with the same leaf types; explicitly, the source
  // needs at least as many leaves as the target; a struct holding a resource has no leaves.
  CompileResult r = compile(R"(
struct A { float2 v; };
struct B { int2 v; };
struct C { float3 v; };
struct R { Texture2D t; };
float4 main(float2 f : F) : SV_Target {
  B b = (B)f;
  A a = b;
  C c = (C)f;
  R r;
  float4 x = (float4)r;
  return 0;
}
)");
  EXPECT_FALSE(r.success);
  EXPECT_EQ(errors(r), "OSH0004 8:9;OSH0004 9:12;OSH0004 11:22;") << r.renderedDiagnostics();
}
