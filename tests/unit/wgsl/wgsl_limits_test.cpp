// WGSL backend: WebGPU's limits on variables. Dawn (Tint) refuses an array of 65,536 or more
// elements in a const, a var<private>, a var<workgroup> or a function variable, and any
// type of more than 0xffffffff bytes; storage buffers have only the byte limit. Past a
// limit the writer reports OSH5001 at the declaration instead of writing a module Dawn
// refuses; at the limit, the module passes Dawn's check.
#include <gtest/gtest.h>

#include <string>

#include "dawn_check.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compileWgsl(const std::string& src) {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  return CompileSource(src, "limits.hlsl", o);
}

std::string rendered(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.rendered + "\n";
  return s;
}

// The global or local declares `a`, an array of float indexed by the thread id.
std::string shader(const std::string& global, const std::string& local = "") {
  return "RWStructuredBuffer<float> Out : register(u0);\n" + global +
         "\n[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n" + local +
         "\n  a[id.x] = 2.0;\n  Out[0] = a[id.x + 1];\n}\n";
}

void expectRefused(const std::string& src, uint32_t line, const std::string& words,
                   const std::string& code = "OSH5001") {
  CompileResult r = compileWgsl(src);
  EXPECT_FALSE(r.success);
  ASSERT_EQ(r.diagnostics.size(), 1u) << rendered(r);
  EXPECT_EQ(r.diagnostics[0].code, code) << rendered(r);
  EXPECT_EQ(r.diagnostics[0].span.line, line) << rendered(r);
  EXPECT_NE(r.diagnostics[0].message.find(words), std::string::npos) << rendered(r);
  EXPECT_TRUE(r.outputs.empty());
}

void expectDawnAccepts(const std::string& src) {
  CompileResult r = compileWgsl(src);
  ASSERT_TRUE(r.success) << rendered(r);
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(dawnErrors(r.outputs[0].text), "");
}

TEST(WgslLimits, PrivateArrayOf65535ElementsPassesDawn) { expectDawnAccepts(shader("static float a[65535];")); }

TEST(WgslLimits, PrivateArrayOf65536ElementsIsOSH5001) {
  expectRefused(shader("static float a[65536];"), 2, "an array of 65536 elements in 'a'");
}

TEST(WgslLimits, LocalArrayOf70000ElementsIsOSH5001) {
  // Locals carry no range of their own in the IR: the function's (line 3).
  expectRefused(shader("", "  float a[70000];"), 3, "an array of 70000 elements in the local variable 'a'");
}

TEST(WgslLimits, ArrayInsideAStructCounts) {
  expectRefused(shader("struct S { float v[100000]; };\nstatic S s;\n#define a s.v"), 3,
                "an array of 100000 elements in 's'");
}

TEST(WgslLimits, WorkgroupArrayOf65535ElementsPassesDawn) {
  // 262,140 bytes: over the device's default workgroup storage (16 KiB), which Dawn checks
  // when the pipeline is made, but a valid shader module.
  expectDawnAccepts(shader("groupshared float a[65535];"));
}

TEST(WgslLimits, WorkgroupArrayOf65536ElementsIsOSH5001) {
  expectRefused(shader("groupshared float a[65536];"), 2, "an array of 65536 elements in 'a'");
}

TEST(WgslLimits, AnArrayOf4GiBIsRefusedBeforeAnyTarget) {
  // 2^30 floats are 2^32 bytes: DXC's "array is too large" (OSH0150) in the front end, so
  // the WGSL writer's own byte limit is only a guard.
  expectRefused(
      "struct Big { float v[1073741824]; };\nRWStructuredBuffer<Big> B : register(u0);\n"
      "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { B[0].v[id.x] = 1.0; }\n",
      1, "array is too large (1073741824 elements)", "OSH0150");
}

TEST(WgslLimits, StorageBufferArraysHaveNoCountLimit) {
  expectDawnAccepts(
      "struct Big { float v[100000]; };\nRWStructuredBuffer<Big> B : register(u0);\n"
      "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { B[0].v[id.x] = 1.0; }\n");
}

}  // namespace
