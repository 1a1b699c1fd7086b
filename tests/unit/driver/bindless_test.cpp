// Bindless resources, as DXC maps them to SPIR-V (docs/SPIR-V.rst): runtime-sized arrays of
// resources (OpTypeRuntimeArray + RuntimeDescriptorArray), SM 6.6 descriptor heaps (one
// runtime array per resource type read from a heap, all of one heap on one binding; the
// counters on their own), the counter of an element of an array of buffers, the
// -fspv-flatten-resource-arrays binding rule, and rasterizer ordered views (fragment shader
// interlock; MSL raster order groups). Expectations come from DXC's manual (the heap binding
// examples of "ResourceDescriptorHeaps & SamplerDescriptorHeaps", the flattening example of
// -fspv-flatten-resource-arrays, "Rasterizer Ordered Views") and the SPIR-V specification;
// every module passes spirv-val in-process (CompileOptions::validate).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

size_t occurrences(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

CompileOptions options(const char* profile, std::vector<CompileTarget> targets = {CompileTarget::SpirV}) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.targets = std::move(targets);
  o.disassemble = true;
  return o;
}

// The SPIR-V disassembly, or "" with a test failure.
std::string spirv(const std::string& src, const CompileOptions& o) {
  CompileResult r = CompileSource(src, "test.hlsl", o);
  if (!r.success) {
    ADD_FAILURE() << r.renderedDiagnostics();
    return "";
  }
  const CompiledShader* s = r.find("main", CompileTarget::SpirV);
  return s ? s->text : "";
}

// "OSHnnnn@line:column" of each error.
std::vector<std::string> errors(const CompileResult& r) {
  std::vector<std::string> out;
  for (const DiagnosticInfo& d : r.diagnostics)
    if (d.severity == "error")
      out.push_back(d.code + "@" + std::to_string(d.span.line) + ":" + std::to_string(d.span.column));
  return out;
}

// name -> "set:binding" of every OpVariable with a DescriptorSet decoration (names repeat for
// the arrays of one heap: "set:binding" is listed once per variable, comma-separated).
std::map<std::string, std::string> bindings(const std::string& dis) {
  std::map<std::string, std::string> set, binding, out;
  size_t p = 0;
  while ((p = dis.find("OpDecorate %", p)) != std::string::npos) {
    size_t e = dis.find('\n', p);
    std::string line = dis.substr(p + 12, e - p - 12);
    p = e;
    size_t sp = line.find(' ');
    std::string id = line.substr(0, sp), rest = line.substr(sp + 1);
    if (rest.rfind("DescriptorSet ", 0) == 0) set[id] = rest.substr(14);
    if (rest.rfind("Binding ", 0) == 0) binding[id] = rest.substr(8);
  }
  for (const auto& [id, s] : set) {
    std::string name = id;
    // %ResourceDescriptorHeap_0 -> ResourceDescriptorHeap (the disassembler's unique names).
    if (size_t u = name.find_last_of('_'); u != std::string::npos && name.find("DescriptorHeap") != std::string::npos &&
                                           name.find_first_not_of("0123456789", u + 1) == std::string::npos)
      name = name.substr(0, u);
    std::string& v = out[name];
    v += (v.empty() ? "" : ",") + s + ":" + binding[id];
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------- runtime-sized arrays

TEST(Bindless, RuntimeSizedArraysOfResources) {
  const char* src = R"(
struct S { float4 a; };
Texture2D<float4> Tex[];
SamplerState Smp[];
ConstantBuffer<S> Cbs[];
RWStructuredBuffer<float4> Out[] : register(u0, space1);
float4 main(float2 uv : UV, uint i : IDX) : SV_Target {
  Out[NonUniformResourceIndex(i)][0] = Cbs[i].a;
  return Tex[i].Sample(Smp[0], uv);
}
)";
  std::string dis = spirv(src, options("ps_6_0"));
  ASSERT_FALSE(dis.empty());
  // One OpTypeRuntimeArray per resource type; RuntimeDescriptorArray is SPIR-V 1.5 core
  // (Vulkan 1.2, the default): no extension.
  EXPECT_EQ(occurrences(dis, "OpTypeRuntimeArray"), 5u) << dis;  // 4 arrays + the buffer's own data
  EXPECT_NE(dis.find("OpCapability RuntimeDescriptorArray"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("SPV_EXT_descriptor_indexing"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpCapability StorageBufferArrayNonUniformIndexing"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpCapability UniformBufferArrayDynamicIndexing"), std::string::npos) << dis;
  // One binding each, in declaration order (implicit: 0, 1, 2 in set 0).
  auto b = bindings(dis);
  EXPECT_EQ(b["Tex"], "0:0");
  EXPECT_EQ(b["Smp"], "0:1");
  EXPECT_EQ(b["Cbs"], "0:2");
  EXPECT_EQ(b["Out"], "1:0");
  // Vulkan 1.1 (SPIR-V 1.3): SPV_EXT_descriptor_indexing.
  CompileOptions o11 = options("ps_6_0");
  o11.spirvEnv = SpirvTargetEnv::Vulkan1_1;
  std::string dis11 = spirv(src, o11);
  EXPECT_NE(dis11.find("OpExtension \"SPV_EXT_descriptor_indexing\""), std::string::npos) << dis11;

  // Reflection: descriptor count 0 (unbounded).
  CompileResult r = CompileSource(src, "test.hlsl", options("ps_6_0"));
  ASSERT_TRUE(r.success && r.reflection && r.reflection->entryPoints.size() == 1);
  for (const ResourceBinding& rb : r.reflection->entryPoints[0].resources) {
    ASSERT_TRUE(rb.spirv) << rb.name;
    EXPECT_EQ(rb.spirv->descriptorCount, 0u) << rb.name;
  }
}

TEST(Bindless, RuntimeSizedArraysHaveNoMslOrWgslForm) {
  const char* src = R"(
Texture2D<float4> Tex[];
float4 main(uint i : IDX) : SV_Target { return Tex[i].Load(int3(0, 0, 0)); }
)";
  CompileResult m = CompileSource(src, "test.hlsl", options("ps_6_0", {CompileTarget::Msl}));
  EXPECT_EQ(errors(m), (std::vector<std::string>{"OSH4001@2:1"})) << m.renderedDiagnostics();
  CompileResult w = CompileSource(src, "test.hlsl", options("ps_6_0", {CompileTarget::Wgsl}));
  EXPECT_EQ(errors(w), (std::vector<std::string>{"OSH5001@2:1"})) << w.renderedDiagnostics();
}

// ---------------------------------------------------------------- counters of array elements

TEST(Bindless, CounterOfAnElementOfAnArrayOfBuffers) {
  // DXC (type.rwstructured-buffer.array.counter): an array of N buffers has an array of N
  // counters, on the next binding, indexed like the buffer.
  std::string dis = spirv(R"(
RWStructuredBuffer<uint> Bufs[5] : register(u0, space2);
RWStructuredBuffer<uint> Unb[] : register(u0, space3);
float4 main(uint i : IDX) : SV_Target {
  Bufs[i].IncrementCounter();
  Unb[2].DecrementCounter();
  return Bufs[i][0] + Unb[2][1];
}
)",
                          options("ps_6_0"));
  ASSERT_FALSE(dis.empty());
  EXPECT_NE(dis.find("OpTypeArray %type_ACSBuffer_counter %uint_5"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpTypeRuntimeArray %type_ACSBuffer_counter"), std::string::npos) << dis;
  auto b = bindings(dis);
  EXPECT_EQ(b["Bufs"], "2:0");
  EXPECT_EQ(b["counter_var_Bufs"], "2:1");
  EXPECT_EQ(b["Unb"], "3:0");
  EXPECT_EQ(b["counter_var_Unb"], "3:1");
  // The counter element, then its int, then the atomic: +1 on Bufs[i], -1 on Unb[2].
  EXPECT_NE(dis.find("OpAccessChain %_ptr_StorageBuffer_type_ACSBuffer_counter %counter_var_Bufs"), std::string::npos)
      << dis;
  EXPECT_NE(dis.find("OpAccessChain %_ptr_StorageBuffer_type_ACSBuffer_counter %counter_var_Unb %uint_2"),
            std::string::npos)
      << dis;
  EXPECT_EQ(occurrences(dis, "OpAtomicIAdd"), 1u) << dis;
  EXPECT_EQ(occurrences(dis, "OpAtomicISub"), 1u) << dis;
}

// ---------------------------------------------------------------- descriptor heaps

TEST(Bindless, HeapTakesTheFirstFreeBindingOfSet0) {
  // SPIR-V.rst: "Texture2D tex = ResourceDescriptorHeap[10]; // set 0, binding 0" and, with
  // [[vk::binding(0, 0)]] Texture2D Texture, the heap at binding 1.
  std::string alone = spirv(R"(
float4 main() : SV_Target {
  Texture2D tex = ResourceDescriptorHeap[10];
  return tex.Load(int3(0, 0, 0));
}
)",
                            options("ps_6_6"));
  EXPECT_EQ(bindings(alone)["ResourceDescriptorHeap"], "0:0") << alone;
  EXPECT_NE(alone.find("OpAccessChain %_ptr_UniformConstant_"), std::string::npos) << alone;
  EXPECT_NE(alone.find("%ResourceDescriptorHeap %uint_10"), std::string::npos) << alone;
  std::string after = spirv(R"(
[[vk::binding(0, 0)]] Texture2D Texture;
float4 main() : SV_Target {
  Texture2D tex = ResourceDescriptorHeap[0];
  return tex.Load(int3(0, 0, 0)) + Texture.Load(int3(0, 0, 0));
}
)",
                            options("ps_6_6"));
  auto b = bindings(after);
  EXPECT_EQ(b["Texture"], "0:0");
  EXPECT_EQ(b["ResourceDescriptorHeap"], "0:1");
}

TEST(Bindless, HeapCountersOnTheirOwnBinding) {
  // SPIR-V.rst: buffer at (0, 0): heap 1, counters 2; buffer at (1, 0): heap 0, counters 2.
  const char* fmt = R"(
[[vk::binding(%d, 0)]] RWStructuredBuffer<int> buffer;
[numthreads(1, 1, 1)] void main() {
  RWStructuredBuffer<int> tmp = ResourceDescriptorHeap[3];
  tmp.IncrementCounter();
  buffer[0] = tmp[0];
}
)";
  for (int at : {0, 1}) {
    char src[512];
    std::snprintf(src, sizeof src, fmt, at);
    std::string dis = spirv(src, options("cs_6_6"));
    ASSERT_FALSE(dis.empty());
    auto b = bindings(dis);
    EXPECT_EQ(b["buffer"], "0:" + std::to_string(at));
    EXPECT_EQ(b["ResourceDescriptorHeap"], at == 0 ? "0:1" : "0:0") << dis;
    EXPECT_EQ(b["counter_var_ResourceDescriptorHeap"], "0:2") << dis;
    // The counter has the buffer's heap index.
    EXPECT_NE(dis.find("%counter_var_ResourceDescriptorHeap %uint_3"), std::string::npos) << dis;
    EXPECT_EQ(b.count("counter_var_buffer"), 0u);  // unused counter: none (DXC)
  }
}

TEST(Bindless, OneArrayPerTypeAllOnTheHeapBinding) {
  // Two resource types from the resource heap: two runtime arrays on one binding; samplers
  // from the sampler heap on the next free one; the heap named decides (a texture read from
  // SamplerDescriptorHeap is on the sampler heap's binding, as DXC does).
  std::string dis = spirv(R"(
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  Texture2D t = ResourceDescriptorHeap[id.x];
  Buffer<float4> b = ResourceDescriptorHeap[NonUniformResourceIndex(id.y)];
  SamplerState s = SamplerDescriptorHeap[1];
  Texture2D t2 = SamplerDescriptorHeap[2];
  Out[0] = t.SampleLevel(s, float2(0, 0), 0) + b[0] + t2.Load(int3(0, 0, 0));
}
)",
                          options("cs_6_6"));
  ASSERT_FALSE(dis.empty());
  auto b = bindings(dis);
  EXPECT_EQ(b["Out"], "0:0");
  EXPECT_EQ(b["ResourceDescriptorHeap"], "0:1,0:1") << dis;
  EXPECT_EQ(b["SamplerDescriptorHeap"], "0:2,0:2") << dis;
  // Runtime arrays of the image, the texel buffer and the sampler (t and t2 have one type:
  // one OpTypeRuntimeArray) and Out's data.
  EXPECT_EQ(occurrences(dis, "OpTypeRuntimeArray"), 4u) << dis;
  // NonUniformResourceIndex on a heap index: NonUniform decorations and the capability.
  EXPECT_NE(dis.find("OpCapability UniformTexelBufferArrayNonUniformIndexing"), std::string::npos) << dis;
  EXPECT_NE(dis.find(" NonUniform\n"), std::string::npos) << dis;
}

TEST(Bindless, HeapBindingOptions) {
  CompileOptions o = options("cs_6_6");
  o.resourceHeapBinding = std::make_pair(6u, 7u);
  o.counterHeapBinding = std::make_pair(8u, 9u);
  std::string dis = spirv(R"(
[numthreads(1, 1, 1)] void main() {
  RWStructuredBuffer<uint> b = ResourceDescriptorHeap[1];
  b[0] = b.IncrementCounter();
}
)",
                          o);
  auto b = bindings(dis);
  EXPECT_EQ(b["ResourceDescriptorHeap"], "7:6") << dis;
  EXPECT_EQ(b["counter_var_ResourceDescriptorHeap"], "9:8") << dis;
}

TEST(Bindless, HeapErrors) {
  // -fvk-bind-register without -fvk-bind-resource-heap (DXC: required).
  CompileOptions o = options("ps_6_6");
  o.registerBindings.push_back({'s', 1, 0, 0, 0});
  const char* src = R"(
SamplerState Smp : register(s1);
float4 main() : SV_Target {
  Texture2D t = ResourceDescriptorHeap[2];
  return t.Sample(Smp, float2(0.5, 0.5));
}
)";
  CompileResult r = CompileSource(src, "test.hlsl", o);
  EXPECT_EQ(errors(r), (std::vector<std::string>{"OSH0110@4:17"})) << r.renderedDiagnostics();
  // A heap entry converts to resources only; a heap is not a value.
  CompileResult bad = CompileSource(R"(
float4 main() : SV_Target { float4 v = ResourceDescriptorHeap[0]; return v; }
)",
                                    "test.hlsl", options("ps_6_6"));
  EXPECT_EQ(errors(bad), (std::vector<std::string>{"OSH0004@2:40"})) << bad.renderedDiagnostics();
  // MSL and WGSL: no heaps.
  CompileResult m = CompileSource(src, "test.hlsl", options("ps_6_6", {CompileTarget::Msl}));
  EXPECT_EQ(errors(m), (std::vector<std::string>{"OSH4001@4:17"})) << m.renderedDiagnostics();
  CompileResult w = CompileSource(src, "test.hlsl", options("ps_6_6", {CompileTarget::Wgsl}));
  EXPECT_EQ(errors(w), (std::vector<std::string>{"OSH5001@4:17"})) << w.renderedDiagnostics();
}

TEST(Bindless, HeapEntryReturnedFromAFunction) {
  // DXC's sm6_6.descriptorheap.return.counter shape.
  std::string dis = spirv(R"(
RWStructuredBuffer<uint> get() { return ResourceDescriptorHeap[0]; }
[numthreads(1, 1, 1)] void main() {
  RWStructuredBuffer<uint> b = get();
  b[0] = b.IncrementCounter();
}
)",
                          options("cs_6_6"));
  auto b = bindings(dis);
  EXPECT_EQ(b["ResourceDescriptorHeap"], "0:0") << dis;
  EXPECT_EQ(b["counter_var_ResourceDescriptorHeap"], "0:1") << dis;
}

// ---------------------------------------------------------------- -fspv-flatten-resource-arrays

TEST(Bindless, FlattenedArraysTakeOneBindingPerElement) {
  // SPIR-V.rst / DXC's vk.binding.cl.flatten-arrays example: MyTextures[5] at t0 takes 0..4,
  // AnotherTexture t5, NextTexture the next free (6), MySamplers[2] 7..8.
  CompileOptions o = options("ps_6_0");
  o.flattenResourceArrays = true;
  std::string dis = spirv(R"(
Texture2D    MyTextures[5] : register(t0);
Texture2D    NextTexture;
Texture2D    AnotherTexture : register(t5);
SamplerState MySamplers[2];
float4 main(float2 uv : UV) : SV_Target0 {
  return MyTextures[0].Sample(MySamplers[0], uv) + MyTextures[4].Sample(MySamplers[1], uv) +
         AnotherTexture.Sample(MySamplers[1], uv) + NextTexture.Sample(MySamplers[0], uv);
}
)",
                          o);
  ASSERT_FALSE(dis.empty());
  auto b = bindings(dis);
  EXPECT_EQ(b["MyTextures_0_"], "0:0") << dis;
  EXPECT_EQ(b["MyTextures_4_"], "0:4") << dis;
  EXPECT_EQ(b.count("MyTextures_1_"), 0u);  // unused elements are not in the module
  EXPECT_EQ(b["AnotherTexture"], "0:5");
  EXPECT_EQ(b["NextTexture"], "0:6");
  EXPECT_EQ(b["MySamplers_0_"], "0:7");
  EXPECT_EQ(b["MySamplers_1_"], "0:8");
  EXPECT_EQ(dis.find("OpTypeArray"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpName %MyTextures_0_ \"MyTextures[0]\""), std::string::npos) << dis;

  // A run-time index: not supported yet (DXC's optimizer rewrites it into a switch).
  CompileResult r = CompileSource(R"(
Texture2D Tex[2];
float4 main(uint i : IDX) : SV_Target { return Tex[i].Load(int3(0, 0, 0)); }
)",
                                  "test.hlsl", o);
  EXPECT_EQ(errors(r), (std::vector<std::string>{"OSH0007@3:52"})) << r.renderedDiagnostics();
}

// ---------------------------------------------------------------- rasterizer ordered views

TEST(Bindless, RasterizerOrderedViewsUseTheFragmentShaderInterlock) {
  const char* src = R"(
RasterizerOrderedTexture2D<float4> Accum : register(u1);
RasterizerOrderedBuffer<uint> Count : register(u2);
RasterizerOrderedByteAddressBuffer Raw : register(u3);
RasterizerOrderedStructuredBuffer<float> Sb : register(u4);
float4 main(float4 pos : SV_Position %s) : SV_Target {
  uint2 p = uint2(pos.xy);
  if (pos.x < 0) return float4(0, 0, 0, 0);
  Accum[p] = Accum[p] + float4(1, 1, 1, 1);
  Count[p.x] = Count[p.x] + 1;
  Raw.Store(0, Raw.Load(4));
  Sb[0] = 1.0;
  return Accum[p];
}
)";
  char buf[1024];
  std::snprintf(buf, sizeof buf, src, "");
  std::string dis = spirv(buf, options("ps_6_0"));
  ASSERT_FALSE(dis.empty());
  // SPIR-V.rst "Rasterizer Ordered Views": the RW* types, SPV_EXT_fragment_shader_interlock,
  // PixelInterlockOrderedEXT by default; the whole body (the HLSL function, early return
  // included, called from the entry point's wrapper) between begin and end.
  EXPECT_NE(dis.find("OpCapability FragmentShaderPixelInterlockEXT"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpExtension \"SPV_EXT_fragment_shader_interlock\""), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpExecutionMode %main PixelInterlockOrderedEXT"), std::string::npos) << dis;
  EXPECT_EQ(occurrences(dis, "OpBeginInvocationInterlockEXT"), 1u) << dis;
  EXPECT_EQ(occurrences(dis, "OpEndInvocationInterlockEXT"), 1u) << dis;
  size_t entry = dis.find("%main = OpFunction");
  size_t call = dis.find("OpFunctionCall %v4float %src_main");
  ASSERT_NE(entry, std::string::npos) << dis;
  EXPECT_LT(entry, dis.find("OpBeginInvocationInterlockEXT")) << dis;
  EXPECT_LT(dis.find("OpBeginInvocationInterlockEXT"), call) << dis;
  EXPECT_LT(call, dis.find("OpEndInvocationInterlockEXT")) << dis;
  // SV_SampleIndex among the inputs: per-sample ordering.
  std::snprintf(buf, sizeof buf, src, ", uint s : SV_SampleIndex");
  std::string sample = spirv(buf, options("ps_6_0"));
  EXPECT_NE(sample.find("OpExecutionMode %main SampleInterlockOrderedEXT"), std::string::npos) << sample;
  EXPECT_NE(sample.find("OpCapability FragmentShaderSampleInterlockEXT"), std::string::npos) << sample;

  // MSL: raster order group 0 on each view (MSL 2.4 5.2.3).
  std::snprintf(buf, sizeof buf, src, "");
  CompileResult m = CompileSource(buf, "test.hlsl", options("ps_6_0", {CompileTarget::Msl}));
  ASSERT_TRUE(m.success) << m.renderedDiagnostics();
  EXPECT_EQ(occurrences(m.outputs[0].text, ", raster_order_group(0)]]"), 4u) << m.outputs[0].text;
  // WGSL: none.
  CompileResult w = CompileSource(buf, "test.hlsl", options("ps_6_0", {CompileTarget::Wgsl}));
  EXPECT_EQ(errors(w)[0], "OSH5001@2:1") << w.renderedDiagnostics();
}

TEST(Bindless, RasterizerOrderedViewOutsideAPixelShaderHasNoInterlock) {
  std::string dis = spirv(R"(
RasterizerOrderedBuffer<uint> Count;
[numthreads(1, 1, 1)] void main() { Count[0] = 1; }
)",
                          options("cs_6_0"));
  ASSERT_FALSE(dis.empty());
  EXPECT_EQ(dis.find("Interlock"), std::string::npos) << dis;
}
