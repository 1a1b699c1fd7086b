// Structured-buffer counters: AppendStructuredBuffer.Append, ConsumeStructuredBuffer.Consume,
// RWStructuredBuffer.IncrementCounter/DecrementCounter. Expectations follow DXC's SPIR-V
// shape (SPIR-V.rst "Counter buffers"; DXC's vk.binding.precedence.hlsl and
// method.append-structured-buffer tests): a separate `counter.var.NAME` StorageBuffer of
// struct { int }, bound at [[vk::counter_binding(b)]] in the buffer's set or at the lowest
// free binding of that set; OpAtomicIAdd / OpAtomicISub by 1 on it.
#include <gtest/gtest.h>

#include <algorithm>

#include "lower/bindings.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;
using namespace oneshader::lower;

namespace {

CompileResult compileCs(const std::string& src) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  o.disassemble = true;
  return CompileSource(src, "counters.hlsl", o);
}

const ResourceBinding* findRes(const CompileResult& r, const std::string& name) {
  if (!r.reflection || r.reflection->entryPoints.empty()) return nullptr;
  for (const ResourceBinding& b : r.reflection->entryPoints[0].resources)
    if (b.name == name) return &b;
  return nullptr;
}

std::string disasm(const CompileResult& r) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == CompileTarget::SpirV) return DisassembleSpirv(s.spirv);
  return "";
}

size_t occurrences(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

BindingRequest none(std::string name) {
  BindingRequest r;
  r.name = std::move(name);
  return r;
}
BindingRequest counterOf(int32_t i) {
  BindingRequest r;
  r.name = "counter";
  r.counterOf = i;
  return r;
}

}  // namespace

// The binding rule on its own (bindings.hpp rule 4), cases from vk.binding.precedence.hlsl.
TEST(LowerCounters, CounterBindingRule) {
  DiagEngine diags;
  // [[vk::binding(2), vk::counter_binding(5)]] A; counter explicit at (0, 5).
  BindingRequest a = none("A");
  a.written.hasVkBinding = true;
  a.written.vkBinding = 2;
  a.written.hasVkCounterBinding = true;
  a.written.vkCounterBinding = 5;
  // [[vk::binding(4, 3)]] C : register(u3, space9); counter implicit: lowest free of set 3 = 0.
  BindingRequest c = none("C");
  c.written.hasVkBinding = true;
  c.written.vkBinding = 4;
  c.written.vkSet = 3;
  c.written.hasRegister = true;
  c.written.regClass = 'u';
  c.written.index = 3;
  c.written.space = 9;
  // D, no binding at all, then its counter, then E: implicit in declaration order in set 0,
  // skipping the explicit 2 and 5: D = 0, counter = 1, E = 3.
  std::vector<BindingRequest> rq{a, counterOf(0), c, counterOf(2), none("D"), counterOf(4), none("E")};
  auto rs = assignBindings(rq, {}, diags);
  EXPECT_FALSE(diags.hasErrors());
  std::vector<std::pair<uint32_t, uint32_t>> got;
  for (auto& r : rs) got.push_back({r.binding.group, r.binding.binding});
  EXPECT_EQ(got, (std::vector<std::pair<uint32_t, uint32_t>>{{0, 2}, {0, 5}, {3, 4}, {3, 0}, {0, 0}, {0, 1}, {0, 3}}));
  EXPECT_FALSE(rs[1].implicit);
  EXPECT_TRUE(rs[3].implicit);
}

TEST(LowerCounters, AppendUsesAtomicAddAndStoresAtOldValue) {
  const char* src =
      "AppendStructuredBuffer<uint> Out;\n"
      "[numthreads(4,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out.Append(id.x * 2); }\n";
  CompileResult r = compileCs(src);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_NE(d.find("OpName %counter_var_Out \"counter.var.Out\""), std::string::npos) << d;
  EXPECT_EQ(occurrences(d, "OpAtomicIAdd %int"), 1u) << d;
  EXPECT_EQ(occurrences(d, "OpAtomicISub"), 0u) << d;
  EXPECT_NE(d.find("OpMemberDecorate %type_ACSBuffer_counter 0 Offset 0"), std::string::npos) << d;
  // Out at binding 0 (first implicit), its counter right after.
  const ResourceBinding* out = findRes(r, "Out");
  const ResourceBinding* cnt = findRes(r, "counter.var.Out");
  ASSERT_TRUE(out && cnt) << r.reflection->toJson();
  EXPECT_EQ(out->binding, 0u);
  EXPECT_EQ(cnt->binding, 1u);
  EXPECT_EQ(cnt->set, 0u);
  EXPECT_EQ(out->kind, "AppendStructuredBuffer");
  EXPECT_EQ(cnt->descriptorType, "storage-buffer");
  EXPECT_FALSE(cnt->readOnly);
}

TEST(LowerCounters, ConsumeSubtractsAndLoadsBelowOldValue) {
  const char* src =
      "ConsumeStructuredBuffer<float4> In : register(u2);\n"
      "RWStructuredBuffer<float4> Out : register(u0);\n"
      "[numthreads(4,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = In.Consume(); }\n";
  CompileResult r = compileCs(src);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_EQ(occurrences(d, "OpAtomicISub %int"), 1u) << d;
  // old - 1 before indexing.
  EXPECT_GE(occurrences(d, "OpISub %int"), 1u) << d;
  // In is explicit at u2; its counter takes the lowest free binding of set 0 = 1.
  const ResourceBinding* cnt = findRes(r, "counter.var.In");
  ASSERT_TRUE(cnt) << r.reflection->toJson();
  EXPECT_EQ(cnt->binding, 1u);
  // Out (RWStructuredBuffer without counter methods) has no counter.
  EXPECT_EQ(findRes(r, "counter.var.Out"), nullptr);
}

TEST(LowerCounters, IncrementAndDecrementCounter) {
  const char* src =
      "[[vk::binding(3, 1), vk::counter_binding(7)]] RWStructuredBuffer<uint> A;\n"
      "RWStructuredBuffer<uint> B;\n"
      "RWStructuredBuffer<uint> C;\n"
      "[numthreads(4,1,1)] void main(uint3 id : SV_DispatchThreadID) {\n"
      "  uint i = A.IncrementCounter();\n"
      "  A[i] = id.x;\n"
      "  uint j = B.DecrementCounter();\n"
      "  B[j] = 2;\n"
      "  C[j] = 1;\n"
      "}\n";
  CompileResult r = compileCs(src);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_EQ(occurrences(d, "OpAtomicIAdd %int"), 1u) << d;
  EXPECT_EQ(occurrences(d, "OpAtomicISub %int"), 1u) << d;
  const ResourceBinding* ca = findRes(r, "counter.var.A");
  const ResourceBinding* cb = findRes(r, "counter.var.B");
  const ResourceBinding* b = findRes(r, "B");
  const ResourceBinding* c = findRes(r, "C");
  ASSERT_TRUE(ca && cb && b && c) << r.reflection->toJson();
  EXPECT_EQ(ca->set, 1u);
  EXPECT_EQ(ca->binding, 7u);
  // B = 0, counter.var.B = 1, C = 2 (C uses no counter methods: none).
  EXPECT_EQ(b->binding, 0u);
  EXPECT_EQ(cb->binding, 1u);
  EXPECT_EQ(c->binding, 2u);
  EXPECT_EQ(findRes(r, "counter.var.C"), nullptr);
  EXPECT_EQ(cb->kind, "CounterBuffer");
}

TEST(LowerCounters, WrongMethodIsCodedError) {
  CompileResult r = compileCs(
      "AppendStructuredBuffer<uint> Out;\n"
      "[numthreads(1,1,1)] void main() { Out.IncrementCounter(); }\n");
  EXPECT_FALSE(r.success);
  EXPECT_FALSE(r.diagnostics.empty());
}
