// The C++ API: CompileFile / CompileSource end to end, options, diagnostics, reflection.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <thread>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

const std::string kWaves = std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl";

std::string codes(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics)
    s += d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " + d.message + "\n";
  return s;
}

size_t count(const CompileResult& r, const std::string& code) {
  return size_t(std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                              [&](const DiagnosticInfo& d) { return d.code == code; }));
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

const char* kComputeMain =
    "RWStructuredBuffer<uint> Out : register(u0);\n"
    "[shader(\"compute\")]\n"
    "[numthreads(8, 1, 1)]\n"
    "void main(uint3 id : SV_DispatchThreadID) {\n"
    "  Out[id.x] = id.x;\n"
    "}\n";

}  // namespace

// The seed's example: both entry points, their summary lines exactly as in the article.
TEST(Api, SeedWavesReflection) {
  CompileResult r = CompileFile(kWaves);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_TRUE(r.reflection.has_value());
  ASSERT_EQ(r.reflection->entryPoints.size(), 2u);
  const EntryPointInfo& cs = r.reflection->entryPoints[0];
  const EntryPointInfo& ps = r.reflection->entryPoints[1];
  EXPECT_EQ(SummaryLine(cs), "CSSum (Compute): Basic, Arithmetic = 0x5");
  EXPECT_EQ(SummaryLine(ps), "PSSlope (Pixel): Quad = 0x80");
  EXPECT_EQ(cs.workgroupSize[0], 64u);
  EXPECT_EQ(cs.workgroupSize[1], 1u);
  EXPECT_EQ(cs.workgroupSize[2], 1u);
  // The article: "The SPIR-V declares only the capabilities it uses, here GroupNonUniform
  // and GroupNonUniformArithmetic" (besides Shader).
  EXPECT_TRUE(has(cs.spirvCapabilities, "GroupNonUniform"));
  EXPECT_TRUE(has(cs.spirvCapabilities, "GroupNonUniformArithmetic"));
  EXPECT_FALSE(has(cs.spirvCapabilities, "GroupNonUniformQuad"));
  EXPECT_TRUE(has(ps.spirvCapabilities, "GroupNonUniformQuad"));
  // Resources: register tN/uN/sN in space 0 -> set 0, binding N.
  ASSERT_EQ(cs.resources.size(), 2u);
  EXPECT_EQ(cs.resources[0].name, "Values");
  EXPECT_EQ(cs.resources[0].registerClass, 't');
  EXPECT_EQ(cs.resources[0].binding, 0u);
  EXPECT_EQ(cs.resources[0].descriptorType, "storage-buffer");
  EXPECT_TRUE(cs.resources[0].readOnly);
  EXPECT_EQ(cs.resources[1].name, "Total");
  EXPECT_EQ(cs.resources[1].binding, 1u);
  EXPECT_FALSE(cs.resources[1].readOnly);
  ASSERT_EQ(ps.resources.size(), 2u);
  EXPECT_EQ(ps.resources[0].name, "Height");
  EXPECT_EQ(ps.resources[0].binding, 2u);
  EXPECT_EQ(ps.resources[0].descriptorType, "sampled-image");
  EXPECT_EQ(ps.resources[1].name, "Linear");
  EXPECT_EQ(ps.resources[1].binding, 3u);
  EXPECT_EQ(ps.resources[1].descriptorType, "sampler");

  ASSERT_EQ(r.outputs.size(), 2u);
  const CompiledShader* spv = r.find("CSSum", CompileTarget::SpirV);
  ASSERT_NE(spv, nullptr);
  ASSERT_GT(spv->spirv.size(), 5u);
  EXPECT_EQ(spv->spirv[0], 0x07230203u);  // SPIR-V magic number
  EXPECT_EQ(spv->spirv[1], 0x00010500u);  // vulkan1.2 -> SPIR-V 1.5
  auto bytes = spv->toBytes();
  ASSERT_EQ(bytes.size(), spv->spirv.size() * 4);
  EXPECT_EQ(bytes[0], 0x03);  // little-endian magic
  EXPECT_EQ(bytes[3], 0x07);
  EXPECT_EQ(r.find("CSSum", CompileTarget::Msl), nullptr);
  EXPECT_NE(r.find("PSSlope", CompileTarget::SpirV), nullptr);
}

TEST(Api, ReflectionJsonParses) {
  CompileResult r = CompileFile(kWaves);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  auto j = nlohmann::json::parse(r.reflection->toJson());
  ASSERT_EQ(j["entryPoints"].size(), 2u);
  EXPECT_EQ(j["entryPoints"][0]["name"], "CSSum");
  EXPECT_EQ(j["entryPoints"][0]["subgroupOperations"], 5);
  EXPECT_EQ(j["entryPoints"][1]["stage"], "Pixel");
  EXPECT_EQ(j["entryPoints"][1]["subgroupOperations"], 0x80);
}

TEST(Api, EntryPointAndProfile) {
  CompileOptions o;
  o.entryPoint = "CSSum";
  CompileResult r = CompileFile(kWaves, o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(r.outputs[0].entryPoint, "CSSum");

  // A function without [shader]: -E + -T give it its stage.
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "[numthreads(4, 2, 1)]\n"
      "void Plain(uint3 id : SV_DispatchThreadID) { Out[id.x] = 1; }\n";
  CompileOptions p;
  p.entryPoint = "Plain";
  p.profile = "cs_6_0";
  CompileResult q = CompileSource(src, "plain.hlsl", p);
  ASSERT_TRUE(q.success) << q.renderedDiagnostics();
  ASSERT_EQ(q.reflection->entryPoints.size(), 1u);
  EXPECT_EQ(q.reflection->entryPoints[0].stage, ShaderStage::Compute);
  EXPECT_EQ(q.reflection->entryPoints[0].workgroupSize[0], 4u);
  EXPECT_EQ(q.reflection->entryPoints[0].workgroupSize[1], 2u);

  // -T without -E: DXC's default entry point `main`, when the file has one.
  const char* withMain =
      "[shader(\"compute\")] [numthreads(1, 1, 1)] void other() {}\n"
      "float4 main() : SV_Target { return 1; }\n";
  CompileOptions m;
  m.profile = "ps_6_0";
  CompileResult mr = CompileSource(withMain, "main.hlsl", m);
  ASSERT_TRUE(mr.success) << mr.renderedDiagnostics();
  ASSERT_EQ(mr.reflection->entryPoints.size(), 1u);
  EXPECT_EQ(mr.reflection->entryPoints[0].name, "main");
  EXPECT_EQ(mr.reflection->entryPoints[0].stage, ShaderStage::Pixel);
}

TEST(Api, MissingFile) {
  CompileResult r = CompileFile("/nonexistent/dir/nope.hlsl");
  EXPECT_FALSE(r.success);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "OSH9001");
  EXPECT_EQ(r.diagnostics[0].severity, "error");
  EXPECT_EQ(r.diagnostics[0].message, "cannot open file '/nonexistent/dir/nope.hlsl'");
  EXPECT_EQ(r.diagnostics[0].rendered, "error OSH9001: cannot open file '/nonexistent/dir/nope.hlsl'\n");
  EXPECT_TRUE(r.outputs.empty());
  EXPECT_FALSE(r.reflection.has_value());
}

TEST(Api, MultipleErrorsInOneRunAndRenderedForm) {
  const char* src =
      "[shader(\"compute\")]\n"
      "[numthreads(1, 1, 1)]\n"
      "void main() {\n"
      "  uint a = first;\n"
      "  uint b = second;\n"
      "}\n";
  CompileResult r = CompileSource(src, "two.hlsl");
  EXPECT_FALSE(r.success);
  ASSERT_EQ(count(r, "OSH0001"), 2u) << codes(r);
  const DiagnosticInfo* d1 = nullptr;
  const DiagnosticInfo* d2 = nullptr;
  for (const auto& d : r.diagnostics) {
    if (d.code != "OSH0001") continue;
    (d1 ? d2 : d1) = &d;
  }
  EXPECT_EQ(d1->span.file, "two.hlsl");
  EXPECT_EQ(d1->span.line, 4u);
  EXPECT_EQ(d1->span.column, 12u);
  EXPECT_EQ(d1->span.endLine, 4u);
  EXPECT_EQ(d1->span.endColumn, 17u);  // exclusive end: "first" is columns 12..16
  EXPECT_EQ(d1->message, "use of undeclared identifier 'first'");
  EXPECT_EQ(d2->span.line, 5u);
  // file:line:col: error CODE: message / the source line / caret + range
  EXPECT_EQ(d1->rendered,
            "two.hlsl:4:12: error OSH0001: use of undeclared identifier 'first'\n"
            "    uint a = first;\n"
            "             ^~~~~\n");
  EXPECT_NE(r.renderedDiagnostics().find("second"), std::string::npos);
  EXPECT_TRUE(r.outputs.empty());
}

// A construct not supported yet (OSH0007) belongs to the entry points that reach it: an
// entry point of the same file that does not use it compiles (issue 10).
TEST(Api, UnsupportedConstructBlocksOnlyTheEntryPointsThatReachIt) {
  const char* src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "uint helper() {\n"
      "  RayQuery<0, RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS> q; q.Abort();\n"
      "  return 1;\n"
      "}\n"
      "[numthreads(1, 1, 1)]\n"
      "void CSMain(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x; }\n"
      "[numthreads(1, 1, 1)]\n"
      "void Other(uint3 id : SV_DispatchThreadID) { Out[id.x] = helper(); }\n";
  CompileOptions o;
  o.entryPoint = "CSMain";
  o.profile = "cs_6_0";
  for (auto t : {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl}) {
    o.targets = {t};
    CompileResult r = CompileSource(src, "mixed.hlsl", o);
    EXPECT_TRUE(r.success) << codes(r);
    EXPECT_EQ(r.outputs.size(), 1u);
  }
  o.targets = {CompileTarget::SpirV};
  o.entryPoint = "Other";
  CompileResult r = CompileSource(src, "mixed.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_EQ(count(r, "OSH0007"), 1u) << codes(r);
  for (const auto& d : r.diagnostics)
    if (d.code == "OSH0007") EXPECT_EQ(d.span.line, 3u);
  // Both as [shader] entry points of one compile: the error once, at its use.
  std::string both = std::string(src);
  both.replace(both.find("[numthreads(1, 1, 1)]\nvoid CSMain"), 0, "[shader(\"compute\")]\n");
  both.replace(both.find("[numthreads(1, 1, 1)]\nvoid Other"), 0, "[shader(\"compute\")]\n");
  CompileResult r2 = CompileSource(both, "mixed.hlsl");
  EXPECT_FALSE(r2.success);
  EXPECT_EQ(count(r2, "OSH0007"), 1u) << codes(r2);
}

TEST(Api, DiagnosticsJson) {
  CompileResult r = CompileSource("[shader(\"compute\")]\n[numthreads(1,1,1)]\nvoid main() { x = 1; }\n", "j.hlsl");
  ASSERT_FALSE(r.success);
  auto j = nlohmann::json::parse(r.diagnosticsJson());
  ASSERT_TRUE(j.is_array());
  ASSERT_GE(j.size(), 1u);
  EXPECT_EQ(j[0]["code"], "OSH0001");
  EXPECT_EQ(j[0]["severity"], "error");
  EXPECT_EQ(j[0]["span"]["file"], "j.hlsl");
  EXPECT_EQ(j[0]["span"]["line"], 3);
  EXPECT_EQ(j[0]["span"]["column"], 15);
}

TEST(Api, PredefinedProfileMacros) {
  // DXC's values: compute stage 5, pixel 0.
  const std::string src = std::string(
                              "#if __SHADER_TARGET_STAGE != __SHADER_STAGE_COMPUTE || __SHADER_STAGE_COMPUTE != 5\n"
                              "#error wrong stage\n"
                              "#endif\n"
                              "#if __SHADER_TARGET_MAJOR != 6 || __SHADER_TARGET_MINOR != 2\n"
                              "#error wrong model\n"
                              "#endif\n"
                              "#if __HLSL_VERSION != 2021\n"
                              "#error wrong version\n"
                              "#endif\n") +
                          kComputeMain;
  CompileOptions o;
  o.profile = "cs_6_2";
  CompileResult r = CompileSource(src, "macros.hlsl", o);
  EXPECT_EQ(count(r, "OSH1002"), 0u) << codes(r);
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();

  o.profile = "ps_6_0";
  CompileResult p = CompileSource(src, "macros.hlsl", o);
  EXPECT_EQ(count(p, "OSH1002"), 2u) << codes(p);  // wrong stage and wrong model
  EXPECT_FALSE(p.success);

  // -HV sets __HLSL_VERSION; a version DXC does not have is OSH9003.
  o.profile = "cs_6_2";
  o.hlslVersion = 2018;
  CompileResult v = CompileSource(src, "macros.hlsl", o);
  EXPECT_EQ(count(v, "OSH1002"), 1u) << codes(v);  // wrong version
  o.hlslVersion = 2019;
  CompileResult bad = CompileSource(src, "macros.hlsl", o);
  EXPECT_EQ(count(bad, "OSH9003"), 1u) << codes(bad);
  EXPECT_FALSE(bad.success);
  o.hlslVersion = 2021;

  // Without -T the target macros are not defined.
  CompileResult n =
      CompileSource(std::string("#ifdef __SHADER_TARGET_STAGE\n#error defined\n#endif\n") + kComputeMain, "n.hlsl");
  EXPECT_TRUE(n.success) << n.renderedDiagnostics();
}

TEST(Api, DefinesAndUndefines) {
  const std::string src = std::string(
                              "#ifndef FOO\n#error no foo\n#endif\n"
                              "#if BAR != 3\n#error bar\n#endif\n"
                              "#ifdef GONE\n#error gone\n#endif\n") +
                          kComputeMain;
  CompileOptions o;
  o.defines = {{"FOO", std::nullopt}, {"BAR", std::string("3")}, {"GONE", std::nullopt}};
  o.undefines = {"GONE"};
  CompileResult r = CompileSource(src, "defs.hlsl", o);
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();
  o.defines.pop_back();
  o.defines[1].value = "4";
  CompileResult q = CompileSource(src, "defs.hlsl", o);
  EXPECT_EQ(count(q, "OSH1002"), 1u) << codes(q);
}

TEST(Api, IncludeDirs) {
  std::string dir = std::string(ONESHADER_SOURCE_DIR) + "/examples";
  CompileOptions o;
  o.includeDirs = {dir};
  o.entryPoint = "CSSum";
  CompileResult r = CompileSource("#include <Waves.hlsl>\n", "inc.hlsl", o);
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();
  CompileResult q = CompileSource("#include <Waves.hlsl>\n", "inc.hlsl");
  EXPECT_EQ(count(q, "OSH1001"), 1u) << codes(q);
}

TEST(Api, WarningsAsErrorsAndNoWarnings) {
  const std::string src = std::string("#warning heads up\n") + kComputeMain;
  CompileResult w = CompileSource(src, "w.hlsl");
  EXPECT_TRUE(w.success);
  ASSERT_EQ(count(w, "OSH1017"), 1u);
  EXPECT_EQ(w.diagnostics[0].severity, "warning");
  CompileOptions o;
  o.warningsAsErrors = true;
  CompileResult e = CompileSource(src, "w.hlsl", o);
  EXPECT_FALSE(e.success);
  ASSERT_EQ(count(e, "OSH1017"), 1u);
  EXPECT_EQ(e.diagnostics[0].severity, "error");
  CompileOptions n;
  n.disableWarnings = true;
  CompileResult s = CompileSource(src, "w.hlsl", n);
  EXPECT_TRUE(s.success);
  EXPECT_TRUE(s.diagnostics.empty()) << codes(s);
}

TEST(Api, EveryTargetGivesOneOutputPerEntryPoint) {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  CompileResult r = CompileSource(kComputeMain, "t.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_EQ(r.outputs.size(), 3u);
  ASSERT_NE(r.find("main", CompileTarget::SpirV), nullptr);
  EXPECT_FALSE(r.find("main", CompileTarget::SpirV)->spirv.empty());
  ASSERT_NE(r.find("main", CompileTarget::Msl), nullptr);
  EXPECT_NE(r.find("main", CompileTarget::Msl)->text.find("kernel"), std::string::npos);
  ASSERT_NE(r.find("main", CompileTarget::Wgsl), nullptr);
  EXPECT_NE(r.find("main", CompileTarget::Wgsl)->text.find("@compute"), std::string::npos);
}

TEST(Api, InvalidProfileAndOptLevel) {
  CompileOptions o;
  o.profile = "zz_6_0";
  CompileResult r = CompileSource(kComputeMain, "p.hlsl", o);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(count(r, "OSH9003"), 1u) << codes(r);
  CompileOptions q;
  q.optimizationLevel = 7;
  EXPECT_EQ(count(CompileSource(kComputeMain, "p.hlsl", q), "OSH9003"), 1u);
}

TEST(Api, ProfileParsing) {
  ProfileInfo p;
  ASSERT_TRUE(ParseProfile("cs_6_0", p));
  EXPECT_EQ(p.stage, ShaderStage::Compute);
  EXPECT_EQ(p.major, 6u);
  EXPECT_EQ(p.minor, 0u);
  ASSERT_TRUE(ParseProfile("ps_6_5", p));
  EXPECT_EQ(p.stage, ShaderStage::Pixel);
  EXPECT_EQ(p.minor, 5u);
  ASSERT_TRUE(ParseProfile("lib_6_3", p));
  EXPECT_FALSE(p.stage.has_value());
  EXPECT_FALSE(ParseProfile("cs_5_0", p));
  EXPECT_FALSE(ParseProfile("cs_6", p));
  EXPECT_FALSE(ParseProfile("xx_6_0", p));
  EXPECT_FALSE(ParseProfile("cs_6_x", p));
  EXPECT_FALSE(ParseProfile("", p));
}

// OSH0350: WaveMatch with WGSL (or MSL) among the targets, at the call, with the suggestion.
TEST(Api, PartitionedWaveOpsAreNotPortable) {
  const char* src =
      "RWStructuredBuffer<uint4> Out : register(u0);\n"
      "uint4 helper(uint v) { return WaveMatch(v); }\n"
      "[shader(\"compute\")]\n"
      "[numthreads(32, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  Out[id.x] = helper(id.x) + WaveMultiPrefixSum(id.x, uint4(1, 0, 0, 0));\n"
      "}\n";
  CompileOptions o;
  o.targets = {CompileTarget::SpirV, CompileTarget::Wgsl};
  CompileResult r = CompileSource(src, "match.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_EQ(count(r, "OSH0350"), 2u) << codes(r);
  std::vector<const DiagnosticInfo*> ds;
  for (const auto& d : r.diagnostics)
    if (d.code == "OSH0350") ds.push_back(&d);
  std::sort(ds.begin(), ds.end(), [](auto* a, auto* b) { return a->span.line < b->span.line; });
  EXPECT_EQ(ds[0]->span.line, 2u);
  EXPECT_EQ(ds[0]->span.column, 31u);
  EXPECT_EQ(ds[0]->message, "'WaveMatch' needs partitioned subgroup operations, which WGSL does not have");
  ASSERT_EQ(ds[0]->suggestions.size(), 1u);
  EXPECT_EQ(ds[0]->suggestions[0], "build the groups with WaveActiveBallot and WaveReadLaneFirst in a loop");
  EXPECT_NE(ds[0]->rendered.find("suggestion: build the groups"), std::string::npos);
  EXPECT_EQ(ds[1]->span.line, 6u);
  EXPECT_EQ(ds[1]->span.column, 30u);
  EXPECT_NE(ds[1]->message.find("'WaveMultiPrefixSum'"), std::string::npos);

  // SPIR-V alone: no portability error.
  CompileResult s = CompileSource(src, "match.hlsl");
  EXPECT_EQ(count(s, "OSH0350"), 0u) << codes(s);
}

// `export` asks for SPIR-V linkage: Vulkan forbids the Linkage capability (spirv-val says
// "Capability Linkage is not allowed by Vulkan 1.2 specification" of DXC's module), and
// linkage is not emitted for the universal environment yet. Either way a coded error at the
// function's name; MSL and WGSL alone have nothing to refuse.
TEST(Api, ExportIsRefusedForSpirvNeverDropped) {
  const char* src =
      "RWStructuredBuffer<int> Out : register(u0);\n"
      "export int external_function() { return 1; }\n"
      "[shader(\"compute\")]\n"
      "[numthreads(1, 1, 1)]\n"
      "void main() { Out[0] = external_function(); }\n";
  CompileOptions o;
  CompileResult v = CompileSource(src, "export.hlsl", o);
  EXPECT_FALSE(v.success);
  ASSERT_EQ(count(v, "OSH3004"), 1u) << codes(v);
  EXPECT_EQ(v.diagnostics[0].span.line, 2u);
  EXPECT_EQ(v.diagnostics[0].span.column, 12u);
  EXPECT_NE(v.diagnostics[0].message.find("'export' on 'external_function'"), std::string::npos);
  EXPECT_TRUE(v.outputs.empty());

  o.spirvEnv = SpirvTargetEnv::Universal1_5;
  CompileResult u = CompileSource(src, "export.hlsl", o);
  EXPECT_FALSE(u.success);
  EXPECT_EQ(count(u, "OSH0007"), 1u) << codes(u);

  o.targets = {CompileTarget::Msl, CompileTarget::Wgsl};
  CompileResult m = CompileSource(src, "export.hlsl", o);
  EXPECT_TRUE(m.success) << codes(m);
}

// Front-end errors stop the pipeline before code generation: no outputs, no reflection.
TEST(Api, StopsBeforeCodegenOnFrontEndErrors) {
  std::string src = std::string(kComputeMain) + "float broken( { }\n";
  CompileResult r = CompileSource(src, "broken.hlsl");
  EXPECT_FALSE(r.success);
  EXPECT_TRUE(r.outputs.empty());
  EXPECT_FALSE(r.reflection.has_value());
  for (const auto& d : r.diagnostics) EXPECT_EQ(d.code[3], '2') << codes(r);  // parse errors only
}

TEST(Api, TimingsCoverThePipeline) {
  CompileResult r = CompileFile(kWaves);
  ASSERT_TRUE(r.success);
  std::vector<std::string> phases;
  for (const auto& t : r.timings) phases.push_back(t.phase);
  EXPECT_TRUE(has(phases, "preprocess+parse"));
  EXPECT_TRUE(has(phases, "sema"));
  EXPECT_TRUE(has(phases, "lower"));
  EXPECT_TRUE(has(phases, "spirv:CSSum"));
  EXPECT_TRUE(has(phases, "spirv:PSSlope"));
}

TEST(Api, DisassemblyOnRequest) {
  CompileOptions o;
  o.entryPoint = "CSSum";
  o.disassemble = true;
  CompileResult r = CompileFile(kWaves, o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& text = r.outputs.at(0).text;
  EXPECT_NE(text.find("OpEntryPoint GLCompute"), std::string::npos);
  EXPECT_NE(text.find("OpGroupNonUniformIAdd"), std::string::npos);
  EXPECT_NE(text.find("Reduce"), std::string::npos);
  EXPECT_EQ(DisassembleSpirv(r.outputs[0].spirv), text);
}

TEST(Api, DeterministicAndThreadSafe) {
  CompileResult ref = CompileFile(kWaves);
  ASSERT_TRUE(ref.success);
  constexpr int kThreads = 6;
  std::vector<CompileResult> results(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&results, i] {
      CompileOptions o;
      if (i % 2) o.optimizationLevel = 0;
      results[i] = CompileFile(kWaves, o);
    });
  for (auto& t : threads) t.join();
  for (const auto& r : results) {
    ASSERT_TRUE(r.success);
    ASSERT_EQ(r.outputs.size(), ref.outputs.size());
    for (size_t k = 0; k < r.outputs.size(); ++k) EXPECT_EQ(r.outputs[k].spirv, ref.outputs[k].spirv);
    EXPECT_EQ(r.reflection->toJson(), ref.reflection->toJson());
  }
}

// Found by fuzzing: a message quoting bytes that are not UTF-8 made diagnosticsJson()
// throw (nlohmann's type_error 316); they become U+FFFD (EF BF BD).
TEST(Api, DiagnosticsJsonOfNonUtf8Source) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  CompileResult r = CompileSource("[numthreads(1,1,1)] void main() { \xff\x98\x98\x98 }\n", "bad.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, "OSH1101");
  std::string json;
  EXPECT_NO_THROW(json = r.diagnosticsJson());
  EXPECT_NE(json.find("\xef\xbf\xbd"), std::string::npos) << json;
}

// Past the error limit the API lists the first N errors and then note OSH9006 (which once
// had no code at all).
TEST(Api, ErrorLimitNoteHasItsCode) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  o.errorLimit = 2;
  CompileResult r = CompileSource(
      "RWStructuredBuffer<float> B;\n[numthreads(1,1,1)] void main() { B[0] = a + b + c; }\n", "limit.hlsl", o);
  EXPECT_FALSE(r.success);
  ASSERT_EQ(r.diagnostics.size(), 3u) << r.renderedDiagnostics();
  EXPECT_EQ(r.diagnostics[0].code, "OSH0001");
  EXPECT_EQ(r.diagnostics[1].code, "OSH0001");
  EXPECT_EQ(r.diagnostics[2].code, "OSH9006");
  EXPECT_EQ(r.diagnostics[2].severity, "note");
  EXPECT_EQ(r.diagnostics[2].message, "too many errors emitted (3 in all), stopping now");
}
