// Reflection per target: each resource's binding in SPIR-V, WGSL (with the WebGPU
// GPUBindGroupLayoutEntry shape) and MSL, the WebGPU pipeline-layout view, the Metal
// argument table and the stage interface. Expected values are derived by hand from the
// binding rules (architecture.md "Binding model", docs/design.md): register(xN, spaceM)
// -> set M, binding N plus the -fvk-x-shift of that class; WGSL uses the same numbers;
// MSL indices are assigned per kind (buffer, texture, sampler) in (set, binding) order.
// Where a check reads the generated text too, it proves the reflection describes what the
// backend really wrote.
#include <gtest/gtest.h>

#include <cstdio>

#include <nlohmann/json.hpp>

#include "ir/builder.hpp"
#include "oneshader/oneshader.hpp"
#include "reflect/reflect.hpp"

using namespace oneshader;

namespace {

// The brief's example. Without shifts t0, b0 and s0 would all be (set 0, binding 0), which
// WGSL cannot express (one @binding per group); -fvk-b-shift 10 0 and -fvk-s-shift 20 all
// separate them, as a DXC user would.
const char* kMixed = R"(
StructuredBuffer<uint> a : register(t0);
RWStructuredBuffer<uint> b : register(u1, space2);
cbuffer C : register(b0) { uint k; uint pad0; uint pad1; uint pad2; };
Texture2D t : register(t3);
SamplerState s : register(s0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 c = t.SampleLevel(s, float2(0.5, 0.5), 0);
  b[id.x] = a[id.x] + k + uint(c.x);
}
)";

CompileOptions allTargets() {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  return o;
}

CompileResult compileMixed() {
  CompileOptions o = allTargets();
  o.bindingShifts.push_back({'b', 10, 0});
  o.bindingShifts.push_back({'s', 20, -1});
  return CompileSource(kMixed, "mixed.hlsl", o);
}

const ResourceBinding* res(const EntryPointInfo& e, const std::string& name) {
  for (const ResourceBinding& r : e.resources)
    if (r.name == name) return &r;
  return nullptr;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

TEST(ReflectTargets, SpirvBindingsAndDescriptorTypes) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  // Sorted by (set, binding, name): a (0,0), t (0,3), C (0,10), s (0,20), b (2,1).
  ASSERT_EQ(e.resources.size(), 5u);
  EXPECT_EQ(e.resources[0].name, "a");
  EXPECT_EQ(e.resources[1].name, "t");
  EXPECT_EQ(e.resources[2].name, "C");
  EXPECT_EQ(e.resources[3].name, "s");
  EXPECT_EQ(e.resources[4].name, "b");
  struct Want {
    const char* name;
    uint32_t set, binding;
    const char* vk;
  };
  const Want want[] = {
      {"a", 0, 0, "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER"},  {"b", 2, 1, "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER"},
      {"C", 0, 10, "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER"}, {"t", 0, 3, "VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE"},
      {"s", 0, 20, "VK_DESCRIPTOR_TYPE_SAMPLER"},
  };
  for (const Want& w : want) {
    const ResourceBinding* rb = res(e, w.name);
    ASSERT_NE(rb, nullptr) << w.name;
    ASSERT_TRUE(rb->spirv.has_value()) << w.name;
    EXPECT_EQ(rb->spirv->set, w.set) << w.name;
    EXPECT_EQ(rb->spirv->binding, w.binding) << w.name;
    EXPECT_EQ(rb->spirv->descriptorType, w.vk) << w.name;
    EXPECT_EQ(rb->spirv->descriptorCount, 1u) << w.name;
    EXPECT_FALSE(rb->spirv->hasCounter) << w.name;
  }
}

TEST(ReflectTargets, WgslBindingsAndLayoutShapes) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  using K = WebGpuLayoutShape::Kind;
  const ResourceBinding* a = res(e, "a");
  ASSERT_TRUE(a && a->wgsl);
  EXPECT_EQ(a->wgsl->group, 0u);
  EXPECT_EQ(a->wgsl->binding, 0u);
  EXPECT_EQ(a->wgsl->layout.kind, K::Buffer);
  EXPECT_EQ(a->wgsl->layout.bufferType, "read-only-storage");  // StructuredBuffer: var<storage, read>
  const ResourceBinding* b = res(e, "b");
  ASSERT_TRUE(b && b->wgsl);
  EXPECT_EQ(b->wgsl->group, 2u);
  EXPECT_EQ(b->wgsl->binding, 1u);
  EXPECT_EQ(b->wgsl->layout.bufferType, "storage");  // RWStructuredBuffer: read_write
  const ResourceBinding* c = res(e, "C");
  ASSERT_TRUE(c && c->wgsl);
  EXPECT_EQ(c->wgsl->group, 0u);
  EXPECT_EQ(c->wgsl->binding, 10u);
  EXPECT_EQ(c->wgsl->layout.bufferType, "uniform");
  const ResourceBinding* t = res(e, "t");
  ASSERT_TRUE(t && t->wgsl);
  EXPECT_EQ(t->wgsl->binding, 3u);
  EXPECT_EQ(t->wgsl->layout.kind, K::Texture);
  EXPECT_EQ(t->wgsl->layout.sampleType, "float");  // Texture2D<float4>
  EXPECT_EQ(t->wgsl->layout.viewDimension, "2d");
  EXPECT_FALSE(t->wgsl->layout.multisampled);
  const ResourceBinding* s = res(e, "s");
  ASSERT_TRUE(s && s->wgsl);
  EXPECT_EQ(s->wgsl->binding, 20u);
  EXPECT_EQ(s->wgsl->layout.kind, K::Sampler);
  EXPECT_EQ(s->wgsl->layout.samplerType, "filtering");

  // The text says the same.
  const CompiledShader* w = r.find("main", CompileTarget::Wgsl);
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(contains(w->text, "@group(0) @binding(0) var<storage, read> a")) << w->text;
  EXPECT_TRUE(contains(w->text, "@group(2) @binding(1) var<storage, read_write> b")) << w->text;
  EXPECT_TRUE(contains(w->text, "@group(0) @binding(10) var<uniform> C")) << w->text;
  EXPECT_TRUE(contains(w->text, "@group(0) @binding(3) var t: texture_2d<f32>")) << w->text;
  EXPECT_TRUE(contains(w->text, "@group(0) @binding(20) var s: sampler")) << w->text;
}

TEST(ReflectTargets, WebGpuPipelineLayoutView) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  ASSERT_TRUE(e.webgpu.has_value());
  EXPECT_TRUE(e.webgpu->requiredFeatures.empty());  // no wave ops, no half
  // Groups 0..2; group 1 is unused but present (empty) so indices stay group numbers.
  ASSERT_EQ(e.webgpu->bindGroupLayouts.size(), 3u);
  const auto& g0 = e.webgpu->bindGroupLayouts[0];
  ASSERT_EQ(g0.size(), 4u);
  EXPECT_EQ(g0[0].binding, 0u);
  EXPECT_EQ(g0[0].resource, "a");
  EXPECT_EQ(g0[1].binding, 3u);
  EXPECT_EQ(g0[1].resource, "t");
  EXPECT_EQ(g0[2].binding, 10u);
  EXPECT_EQ(g0[2].resource, "C");
  EXPECT_EQ(g0[3].binding, 20u);
  EXPECT_EQ(g0[3].resource, "s");
  for (const auto& en : g0) EXPECT_EQ(en.visibility, 4u);  // GPUShaderStage.COMPUTE
  EXPECT_TRUE(e.webgpu->bindGroupLayouts[1].empty());
  ASSERT_EQ(e.webgpu->bindGroupLayouts[2].size(), 1u);
  EXPECT_EQ(e.webgpu->bindGroupLayouts[2][0].binding, 1u);
  EXPECT_EQ(e.webgpu->bindGroupLayouts[2][0].layout.bufferType, "storage");

  // JSON: entries a JS host passes to createBindGroupLayout as they are.
  auto j = nlohmann::json::parse(r.reflection->toJson());
  const auto& wg = j["entryPoints"][0]["webgpu"];
  ASSERT_EQ(wg["bindGroupLayouts"].size(), 3u);
  EXPECT_EQ(wg["bindGroupLayouts"][1]["entries"], nlohmann::json::array());
  const auto& e0 = wg["bindGroupLayouts"][0]["entries"];
  EXPECT_EQ(e0[0]["binding"], 0);
  EXPECT_EQ(e0[0]["visibility"], 4);
  EXPECT_EQ(e0[0]["buffer"]["type"], "read-only-storage");
  EXPECT_EQ(e0[1]["texture"]["sampleType"], "float");
  EXPECT_EQ(e0[1]["texture"]["viewDimension"], "2d");
  EXPECT_EQ(e0[1]["texture"]["multisampled"], false);
  EXPECT_EQ(e0[2]["buffer"]["type"], "uniform");
  EXPECT_EQ(e0[3]["sampler"]["type"], "filtering");
  EXPECT_FALSE(e0[3].contains("buffer"));
  EXPECT_EQ(wg["bindGroupLayouts"][2]["entries"][0]["buffer"]["type"], "storage");
}

TEST(ReflectTargets, MetalArgumentTable) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  // Buffers in (set, binding) order: a (0,0) -> 0, C (0,10) -> 1, b (2,1) -> 2;
  // textures: t -> 0; samplers: s -> 0.
  ASSERT_TRUE(e.metal.has_value());
  const auto& m = *e.metal;
  ASSERT_EQ(m.size(), 5u);
  auto arg = [&](size_t i, const char* kind, uint32_t index, const char* name) {
    EXPECT_EQ(m[i].kind, kind) << i;
    EXPECT_EQ(m[i].index, index) << i;
    EXPECT_EQ(m[i].resource, name) << i;
  };
  arg(0, "buffer", 0, "a");
  arg(1, "buffer", 1, "C");
  arg(2, "buffer", 2, "b");
  arg(3, "texture", 0, "t");
  arg(4, "sampler", 0, "s");
  const ResourceBinding* b = res(e, "b");
  ASSERT_TRUE(b && b->msl);
  EXPECT_EQ(b->msl->kind, "buffer");
  EXPECT_EQ(b->msl->index, 2u);
  EXPECT_EQ(b->mslIndex, 2);
  const ResourceBinding* s = res(e, "s");
  ASSERT_TRUE(s && s->msl);
  EXPECT_EQ(s->msl->kind, "sampler");
  EXPECT_EQ(s->mslIndex, 0);
  const CompiledShader* msl = r.find("main", CompileTarget::Msl);
  ASSERT_NE(msl, nullptr);
  EXPECT_TRUE(contains(msl->text, "[[buffer(2)]]")) << msl->text;
  EXPECT_TRUE(contains(msl->text, "[[texture(0)]]")) << msl->text;
  EXPECT_TRUE(contains(msl->text, "[[sampler(0)]]")) << msl->text;
}

// Only the targets compiled are reported.
TEST(ReflectTargets, OnlyCompiledTargets) {
  CompileOptions o = allTargets();
  o.targets = {CompileTarget::SpirV};
  o.bindingShifts.push_back({'b', 10, 0});
  o.bindingShifts.push_back({'s', 20, -1});
  CompileResult r = CompileSource(kMixed, "mixed.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  EXPECT_FALSE(e.webgpu.has_value());
  EXPECT_FALSE(e.metal.has_value());
  for (const ResourceBinding& rb : e.resources) {
    EXPECT_TRUE(rb.spirv.has_value()) << rb.name;
    EXPECT_FALSE(rb.wgsl.has_value()) << rb.name;
    EXPECT_FALSE(rb.msl.has_value()) << rb.name;
    EXPECT_EQ(rb.mslIndex, -1) << rb.name;
  }
  auto j = nlohmann::json::parse(r.reflection->toJson());
  EXPECT_FALSE(j["entryPoints"][0].contains("webgpu"));
  EXPECT_FALSE(j["entryPoints"][0].contains("metal"));
  EXPECT_TRUE(j["entryPoints"][0]["resources"][0].contains("spirv"));
  EXPECT_FALSE(j["entryPoints"][0]["resources"][0].contains("wgsl"));
}

// A counter buffer (DXC's counter.var.NAME) is its own descriptor; the buffer's SPIR-V
// record names it. u0 has binding 0 in set 0; the counter gets the lowest free binding of
// that set: 1 (DXC's rule, lower_counters_test).
TEST(ReflectTargets, CounterBuffer) {
  CompileOptions o = allTargets();
  o.targets = {CompileTarget::SpirV};
  CompileResult r = CompileSource(R"(
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)]
void main() { uint i = buf.IncrementCounter(); buf[i] = i; }
)",
                                  "counter.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  const ResourceBinding* b = res(e, "buf");
  ASSERT_TRUE(b && b->spirv);
  ASSERT_TRUE(b->spirv->hasCounter);
  EXPECT_EQ(b->spirv->counterName, "counter.var.buf");
  EXPECT_EQ(b->spirv->counterSet, 0u);
  EXPECT_EQ(b->spirv->counterBinding, 1u);
  const ResourceBinding* c = res(e, "counter.var.buf");
  ASSERT_TRUE(c && c->spirv);
  EXPECT_EQ(c->spirv->descriptorType, "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER");
  EXPECT_EQ(c->spirv->binding, 1u);
  auto j = nlohmann::json::parse(r.reflection->toJson());
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["spirv"]["counter"]["binding"], 1);
}

// Texture shapes: integer, array and cube textures, comparison samplers and
// storage textures, as WebGPU names them (GPUTextureSampleType, GPUTextureViewDimension).
TEST(ReflectTargets, TextureAndSamplerShapes) {
  CompileOptions o = allTargets();
  o.targets = {CompileTarget::Wgsl};
  CompileResult r = CompileSource(R"(
Texture2D<uint4> tu : register(t0);
Texture2D<int> ti : register(t1);
Texture2DArray<float4> tarr : register(t3);
TextureCube<float4> tcube : register(t4);
[[vk::image_format("r32f")]] RWTexture2D<float> img : register(u5);
SamplerState s : register(s6);
RWStructuredBuffer<float4> o : register(u7);
[numthreads(1, 1, 1)]
void main() {
  float4 v = float4(tu.Load(int3(0, 0, 0))) + float(ti.Load(int3(0, 0, 0)));
  v += tarr.SampleLevel(s, float3(0, 0, 0), 0);
  v += tcube.SampleLevel(s, float3(1, 0, 0), 0);
  img[uint2(0, 0)] = v.x;
  o[0] = v;
}
)",
                                  "shapes.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  auto shape = [&](const char* n) {
    const ResourceBinding* rb = res(e, n);
    EXPECT_TRUE(rb && rb->wgsl) << n;
    return rb && rb->wgsl ? rb->wgsl->layout : WebGpuLayoutShape{};
  };
  EXPECT_EQ(shape("tu").sampleType, "uint");
  EXPECT_EQ(shape("ti").sampleType, "sint");
  EXPECT_EQ(shape("tarr").viewDimension, "2d-array");
  EXPECT_EQ(shape("tcube").viewDimension, "cube");
  WebGpuLayoutShape img = shape("img");
  EXPECT_EQ(img.kind, WebGpuLayoutShape::Kind::StorageTexture);
  EXPECT_EQ(img.format, "r32float");
  EXPECT_EQ(img.access, "read-write");
  EXPECT_EQ(img.viewDimension, "2d");
  const CompiledShader* w = r.find("main", CompileTarget::Wgsl);
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(contains(w->text, "texture_storage_2d<r32float, read_write>")) << w->text;
}

TEST(ReflectTargets, ComparisonSampler) {
  CompileOptions o = allTargets();
  o.targets = {CompileTarget::Wgsl};
  o.profile = "ps_6_0";
  CompileResult r = CompileSource(R"(
Texture2D<float> depth : register(t0);
SamplerComparisonState cmp : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return depth.SampleCmp(cmp, uv, 0.25); }
)",
                                  "cmp.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  const ResourceBinding* c = res(e, "cmp");
  ASSERT_TRUE(c && c->wgsl);
  EXPECT_EQ(c->wgsl->layout.samplerType, "comparison");
  EXPECT_EQ(c->wgsl->binding, 1u);
  const ResourceBinding* d = res(e, "depth");
  ASSERT_TRUE(d && d->wgsl);
  ASSERT_TRUE(e.webgpu.has_value());
  ASSERT_EQ(e.webgpu->bindGroupLayouts.size(), 1u);
  EXPECT_EQ(e.webgpu->bindGroupLayouts[0][0].visibility, 2u);  // GPUShaderStage.FRAGMENT
  // Compared against, the texture is a WGSL texture_depth_2d: sample type "depth".
  const CompiledShader* w = r.find("main", CompileTarget::Wgsl);
  ASSERT_NE(w, nullptr);
  if (contains(w->text, "texture_depth_2d"))
    EXPECT_EQ(d->wgsl->layout.sampleType, "depth");
  else
    EXPECT_EQ(d->wgsl->layout.sampleType, "float");
}

// Compute inputs: the built-in per target.
TEST(ReflectTargets, ComputeInputs) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  ASSERT_EQ(e.inputs.size(), 1u);
  EXPECT_EQ(e.inputs[0].name, "in.var.SV_DispatchThreadID");  // the SPIR-V variable's name (DXC's)
  EXPECT_EQ(e.inputs[0].semantic, "SV_DispatchThreadID");
  EXPECT_EQ(e.inputs[0].type, "uint3");
  EXPECT_TRUE(e.inputs[0].builtin);
  EXPECT_EQ(e.inputs[0].spirv, "GlobalInvocationId");
  EXPECT_EQ(e.inputs[0].wgsl, "global_invocation_id");
  EXPECT_EQ(e.inputs[0].msl, "thread_position_in_grid");
  EXPECT_TRUE(e.outputs.empty());
  EXPECT_TRUE(contains(r.find("main", CompileTarget::Wgsl)->text, "@builtin(global_invocation_id)"));
  EXPECT_TRUE(contains(r.find("main", CompileTarget::Msl)->text, "[[thread_position_in_grid]]"));
}

// WaveGetLaneIndex / WaveGetLaneCount are inputs of every target (SPIR-V BuiltIn variables,
// WGSL @builtin parameters, MSL attributes).
TEST(ReflectTargets, WaveBuiltinsAreInputs) {
  CompileOptions o = allTargets();
  CompileResult r = CompileSource(R"(
RWStructuredBuffer<uint> o : register(u0);
[numthreads(32, 1, 1)]
void main() { o[WaveGetLaneIndex()] = WaveGetLaneCount(); }
)",
                                  "lanes.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  ASSERT_EQ(e.inputs.size(), 2u);
  EXPECT_EQ(e.inputs[0].name, "WaveGetLaneCount");
  EXPECT_EQ(e.inputs[0].spirv, "SubgroupSize");
  EXPECT_EQ(e.inputs[0].wgsl, "subgroup_size");
  EXPECT_EQ(e.inputs[0].msl, "threads_per_simdgroup");
  EXPECT_EQ(e.inputs[0].type, "uint");
  EXPECT_EQ(e.inputs[1].name, "WaveGetLaneIndex");
  EXPECT_EQ(e.inputs[1].spirv, "SubgroupLocalInvocationId");
  EXPECT_EQ(e.inputs[1].wgsl, "subgroup_invocation_id");
  EXPECT_EQ(e.inputs[1].msl, "thread_index_in_simdgroup");
  ASSERT_TRUE(e.webgpu.has_value());
  EXPECT_EQ(e.webgpu->requiredFeatures, std::vector<std::string>{"subgroups"});
}

// Graphics interface: locations in declaration order per stage interface (built-ins
// take none), SV_Target0 is location 0; MSL vertex inputs are attributes, fragment
// outputs colours, the values between the stages user(locnN).
TEST(ReflectTargets, GraphicsInterface) {
  const char* src = R"(
struct VSIn { float3 pos : POSITION; float2 uv : TEXCOORD0; uint vid : SV_VertexID; };
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; nointerpolation uint id : TEXCOORD1; };
VSOut VSMain(VSIn i) {
  VSOut o;
  o.pos = float4(i.pos, 1);
  o.uv = i.uv;
  o.id = i.vid;
  return o;
}
float4 PSMain(VSOut i) : SV_Target0 { return float4(i.uv, float(i.id), i.pos.z); }
)";
  CompileOptions o = allTargets();
  o.entryPoint = "VSMain";
  o.profile = "vs_6_0";
  CompileResult vs = CompileSource(src, "gfx.hlsl", o);
  ASSERT_TRUE(vs.success) << vs.renderedDiagnostics();
  const EntryPointInfo& v = vs.reflection->entryPoints.at(0);
  ASSERT_EQ(v.inputs.size(), 3u);
  EXPECT_EQ(v.inputs[0].name, "in.var.POSITION");
  EXPECT_EQ(v.inputs[0].semantic, "POSITION");
  EXPECT_EQ(v.inputs[0].type, "float3");
  EXPECT_FALSE(v.inputs[0].builtin);
  EXPECT_EQ(v.inputs[0].location, 0u);
  EXPECT_EQ(v.inputs[0].msl, "attribute(0)");
  EXPECT_EQ(v.inputs[1].semantic, "TEXCOORD0");
  EXPECT_EQ(v.inputs[1].location, 1u);
  EXPECT_EQ(v.inputs[1].msl, "attribute(1)");
  EXPECT_TRUE(v.inputs[2].builtin);
  EXPECT_EQ(v.inputs[2].semantic, "SV_VertexID");
  EXPECT_EQ(v.inputs[2].spirv, "VertexIndex");
  EXPECT_EQ(v.inputs[2].wgsl, "vertex_index");
  EXPECT_EQ(v.inputs[2].msl, "vertex_id");
  ASSERT_EQ(v.outputs.size(), 3u);
  EXPECT_TRUE(v.outputs[0].builtin);
  EXPECT_EQ(v.outputs[0].spirv, "Position");
  EXPECT_EQ(v.outputs[0].wgsl, "position");
  EXPECT_EQ(v.outputs[0].msl, "position");
  EXPECT_EQ(v.outputs[1].location, 0u);
  EXPECT_EQ(v.outputs[1].msl, "user(locn0)");
  EXPECT_EQ(v.outputs[2].location, 1u);
  EXPECT_EQ(v.outputs[2].interpolation, "flat");
  EXPECT_EQ(v.outputs[2].type, "uint");
  EXPECT_TRUE(contains(vs.find("VSMain", CompileTarget::Msl)->text, "[[attribute(1)]]"));
  EXPECT_TRUE(contains(vs.find("VSMain", CompileTarget::Wgsl)->text, "@location(1)"));

  o.entryPoint = "PSMain";
  o.profile = "ps_6_0";
  CompileResult ps = CompileSource(src, "gfx.hlsl", o);
  ASSERT_TRUE(ps.success) << ps.renderedDiagnostics();
  const EntryPointInfo& p = ps.reflection->entryPoints.at(0);
  ASSERT_EQ(p.inputs.size(), 3u);
  EXPECT_EQ(p.inputs[0].spirv, "FragCoord");  // SV_Position read by a pixel shader
  EXPECT_EQ(p.inputs[0].wgsl, "position");
  EXPECT_EQ(p.inputs[1].location, 0u);
  EXPECT_EQ(p.inputs[1].msl, "user(locn0)");
  EXPECT_EQ(p.inputs[2].interpolation, "flat");
  ASSERT_EQ(p.outputs.size(), 1u);
  EXPECT_EQ(p.outputs[0].semantic, "SV_Target0");
  EXPECT_FALSE(p.outputs[0].builtin);
  EXPECT_EQ(p.outputs[0].location, 0u);
  EXPECT_EQ(p.outputs[0].msl, "color(0)");
  EXPECT_EQ(p.outputs[0].type, "float4");
  EXPECT_TRUE(contains(ps.find("PSMain", CompileTarget::Msl)->text, "[[color(0)]]"));
  auto j = nlohmann::json::parse(ps.reflection->toJson());
  EXPECT_EQ(j["entryPoints"][0]["outputs"][0]["location"], 0);
  EXPECT_EQ(j["entryPoints"][0]["inputs"][0]["builtin"]["spirv"], "FragCoord");
}

// Reflection names each built-in as the back ends write it (one table, ir/builtins.def):
// SV_PrimitiveID in a pixel shader is WGSL's primitive_index (the "primitive-index"
// extension) and Metal's primitive_id; SV_ClipDistance on a vertex output is WGSL's
// clip_distances and Metal's clip_distance (a C array member). Names from the WGSL, MSL and
// SPIR-V specifications.
TEST(ReflectTargets, BuiltinSpellingsMatchTheCode) {
  const char* src = R"(
struct VSOut { float4 pos : SV_Position; float clip[2] : SV_ClipDistance; };
VSOut VSMain(uint vid : SV_VertexID) {
  VSOut o;
  o.pos = float4(float(vid), 0, 0, 1);
  o.clip[0] = 1; o.clip[1] = -1;
  return o;
}
float4 PSMain(float4 pos : SV_Position, uint prim : SV_PrimitiveID) : SV_Target0 { return float4(pos.xy, float(prim), 1); }
)";
  CompileOptions o = allTargets();
  o.entryPoint = "PSMain";
  o.profile = "ps_6_0";
  CompileResult ps = CompileSource(src, "builtins.hlsl", o);
  ASSERT_TRUE(ps.success) << ps.renderedDiagnostics();
  const EntryPointInfo& p = ps.reflection->entryPoints.at(0);
  ASSERT_EQ(p.inputs.size(), 2u);
  EXPECT_EQ(p.inputs[1].semantic, "SV_PrimitiveID");
  EXPECT_EQ(p.inputs[1].spirv, "PrimitiveId");
  EXPECT_EQ(p.inputs[1].wgsl, "primitive_index");
  EXPECT_EQ(p.inputs[1].msl, "primitive_id");
  EXPECT_TRUE(contains(ps.find("PSMain", CompileTarget::Wgsl)->text, "@builtin(primitive_index)"));
  EXPECT_TRUE(contains(ps.find("PSMain", CompileTarget::Msl)->text, "[[primitive_id]]"));

  o.entryPoint = "VSMain";
  o.profile = "vs_6_0";
  CompileResult vs = CompileSource(src, "builtins.hlsl", o);
  ASSERT_TRUE(vs.success) << vs.renderedDiagnostics();
  const EntryPointInfo& v = vs.reflection->entryPoints.at(0);
  ASSERT_EQ(v.outputs.size(), 2u);
  EXPECT_EQ(v.outputs[1].semantic, "SV_ClipDistance");
  EXPECT_EQ(v.outputs[1].spirv, "ClipDistance");
  EXPECT_EQ(v.outputs[1].wgsl, "clip_distances");
  EXPECT_EQ(v.outputs[1].msl, "clip_distance");
  EXPECT_TRUE(contains(vs.find("VSMain", CompileTarget::Wgsl)->text, "@builtin(clip_distances)"));
  EXPECT_TRUE(contains(vs.find("VSMain", CompileTarget::Msl)->text, "[[clip_distance]]"));
}

// The seed's summary line is not changed by the added detail.
TEST(ReflectTargets, SummaryLineUnchanged) {
  CompileOptions o = allTargets();
  o.entryPoint = "CSSum";
  CompileResult r = CompileSource(R"(
StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID) {
  uint s = WaveActiveSum(Values[id.x]);
  if (WaveIsFirstLane()) Total.InterlockedAdd(0, s);
}
)",
                                  "cssum.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  EXPECT_EQ(SummaryLine(r.reflection->entryPoints.at(0)), "CSSum (Compute): Basic, Arithmetic = 0x5");
}

// Shapes the front end cannot produce yet (Texture2DMS.Load is OSH0007), from IR globals
// built by hand: a multisampled float texture is never "float" (filterable) in WebGPU,
// a depth image is "depth", a cube array is "cube-array".
TEST(ReflectTargets, LayoutShapesFromIr) {
  ir::Module m;
  auto global = [&](ir::ImageInfo im) {
    ir::GlobalVariable g;
    g.space = ir::AddressSpace::Handle;
    g.type = m.types.image(im);
    return g;
  };
  ir::ImageInfo ms;
  ms.multisampled = true;
  WebGpuLayoutShape l = reflect::webgpuLayoutShape(m, global(ms), "texture");
  EXPECT_EQ(l.kind, WebGpuLayoutShape::Kind::Texture);
  EXPECT_EQ(l.sampleType, "unfilterable-float");
  EXPECT_TRUE(l.multisampled);
  ir::ImageInfo depth;
  depth.cls = ir::ImageClass::Depth;
  EXPECT_EQ(reflect::webgpuLayoutShape(m, global(depth), "texture").sampleType, "depth");
  ir::ImageInfo cubeArray;
  cubeArray.dim = ir::ImageDim::Cube;
  cubeArray.arrayed = true;
  EXPECT_EQ(reflect::webgpuLayoutShape(m, global(cubeArray), "texture").viewDimension, "cube-array");
  ir::ImageInfo storage;
  storage.cls = ir::ImageClass::Storage;
  storage.format = 33;  // spv::ImageFormatR32ui
  WebGpuLayoutShape st = reflect::webgpuLayoutShape(m, global(storage), "storage-texture");
  EXPECT_EQ(st.kind, WebGpuLayoutShape::Kind::StorageTexture);
  EXPECT_EQ(st.format, "r32uint");
  ir::GlobalVariable cmp;
  cmp.space = ir::AddressSpace::Handle;
  cmp.type = m.types.sampler(true);
  EXPECT_EQ(reflect::webgpuLayoutShape(m, cmp, "sampler").samplerType, "comparison");
  // Arrays of textures are described by their element.
  ir::GlobalVariable arr;
  arr.space = ir::AddressSpace::Handle;
  arr.type = m.types.array(m.types.image(ir::ImageInfo{}), 4);
  EXPECT_EQ(reflect::webgpuLayoutShape(m, arr, "texture").viewDimension, "2d");
  EXPECT_EQ(reflect::vkDescriptorTypeOf(ir::ResourceKind::RWBuffer),
            std::string("VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER"));
  EXPECT_EQ(reflect::vkDescriptorTypeOf(ir::ResourceKind::Buffer),
            std::string("VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER"));
  EXPECT_EQ(reflect::vkDescriptorTypeOf(ir::ResourceKind::CounterBuffer),
            std::string("VK_DESCRIPTOR_TYPE_STORAGE_BUFFER"));
}

// The CLI's summary line stays exactly the seed's; --reflect adds indented lines under it.
TEST(ReflectTargets, CliReflectFlag) {
  std::string dir = ::testing::TempDir() + "reflect_cli";
  std::string cmd = std::string("mkdir -p ") + dir + " && cd " + dir + " && " + ONESHADER_CLI_PATH + " " +
                    ONESHADER_SOURCE_DIR + "/examples/Waves.hlsl -E CSSum -T cs_6_0 --reflect -o . 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << out;
  EXPECT_EQ(out.rfind("CSSum (Compute): Basic, Arithmetic = 0x5\n", 0), 0u) << out;
  EXPECT_TRUE(contains(out,
                       "\n  resource Values (StructuredBuffer, register(t0, space0)): spirv set=0 binding=0 "
                       "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; wgsl @group(0) @binding(0) buffer read-only-storage; "
                       "msl [[buffer(0)]]\n"))
      << out;
  EXPECT_TRUE(contains(out, "  webgpu requiredFeatures: subgroups\n")) << out;
}

// The documented key order (docs/api.md): the new keys come after "resources", in this order.
TEST(ReflectTargets, JsonKeyOrder) {
  CompileResult r = compileMixed();
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string text = r.reflection->toJson();
  size_t res = text.find("\"resources\""), in = text.find("\"inputs\""), out = text.find("\"outputs\"");
  size_t wg = text.find("\"webgpu\""), metal = text.find("\"metal\"");
  ASSERT_NE(metal, std::string::npos);
  EXPECT_LT(res, in);
  EXPECT_LT(in, out);
  EXPECT_LT(out, wg);
  EXPECT_LT(wg, metal);
  // Within a resource: the seed's keys, then spirv, wgsl, msl.
  size_t ro = text.find("\"readOnly\""), sp = text.find("\"spirv\": {\n            \"set\""), w = text.find("\"wgsl\""),
         m = text.find("\"msl\"");
  EXPECT_LT(ro, sp);
  EXPECT_LT(sp, w);
  EXPECT_LT(w, m);
  EXPECT_EQ(text, r.reflection->toJson());
}

// Arrays of textures and samplers in the Metal argument table: an array of N takes N
// consecutive indices of its kind (docs/msl.md), so by hand: textures a -> 0,
// ts[4] -> 1..4 (count 4), b -> 5; samplers ss[2] -> 0..1 (count 2), s -> 2. SPIR-V gives
// each array one binding with a descriptor count of N.
TEST(ReflectTargets, MetalArgumentCountsOfArrays) {
  const char* src = R"(
Texture2D<float4> a : register(t0);
Texture2D<float4> ts[4] : register(t1);
Texture2D<float4> b : register(t5);
SamplerState ss[2] : register(s0, space1);
SamplerState s : register(s2, space1);
RWStructuredBuffer<float4> Out : register(u0, space2);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = float2(0.5, 0.5);
  Out[id.x] = a.SampleLevel(s, uv, 0) + ts[id.x & 3].SampleLevel(ss[id.x & 1], uv, 0) + b.SampleLevel(ss[0], uv, 0);
}
)";
  CompileOptions o = allTargets();
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl};
  CompileResult r = CompileSource(src, "arrays.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const EntryPointInfo& e = r.reflection->entryPoints.at(0);
  ASSERT_TRUE(e.metal.has_value());
  const auto& m = *e.metal;
  auto find = [&](const char* name) -> const MetalArgument* {
    for (const MetalArgument& x : m)
      if (x.resource == name) return &x;
    return nullptr;
  };
  struct Want {
    const char* name;
    const char* kind;
    uint32_t index, count;
  };
  for (const Want& w : {Want{"a", "texture", 0, 1}, Want{"ts", "texture", 1, 4}, Want{"b", "texture", 5, 1},
                        Want{"ss", "sampler", 0, 2}, Want{"s", "sampler", 2, 1}}) {
    const MetalArgument* x = find(w.name);
    ASSERT_NE(x, nullptr) << w.name;
    EXPECT_EQ(x->kind, w.kind) << w.name;
    EXPECT_EQ(x->index, w.index) << w.name;
    EXPECT_EQ(x->count, w.count) << w.name;
    const ResourceBinding* rb = res(e, w.name);
    ASSERT_TRUE(rb && rb->msl) << w.name;
    EXPECT_EQ(rb->msl->count, w.count) << w.name;
  }
  const CompiledShader* msl = r.find("main", CompileTarget::Msl);
  ASSERT_NE(msl, nullptr);
  EXPECT_TRUE(contains(msl->text, "array<texture2d<float>, 4> ts [[texture(1)]]")) << msl->text;
  EXPECT_TRUE(contains(msl->text, "[[texture(5)]]")) << msl->text;
  EXPECT_TRUE(contains(msl->text, "array<sampler, 2> ss [[sampler(0)]]")) << msl->text;
  std::string j = r.reflection->toJson();
  EXPECT_TRUE(contains(j, "\"count\": 4") || contains(j, "\"count\":4")) << j;
}
