// DXC's command-line options, as build systems pass them (issue 9, "DXC's command line"):
// each option either takes effect (checked in the output, with the expectation taken from
// DXC's documentation, SPIR-V.rst, or worked out by hand from the rule it names), or is
// accepted with note OSH9005 saying why it changes nothing, or is error OSH0007 when its
// effect is not built yet. Never "unknown option".
#include <gtest/gtest.h>

#include <string>

#include "cli_fixture.hpp"

using namespace clitest;

namespace {

const char* kCompute =
    "RWStructuredBuffer<float> Out : register(u0);\n"
    "[numthreads(4, 1, 1)]\n"
    "void main(uint3 id : SV_DispatchThreadID) {\n"
    "  Out[id.x] = max(Out[id.x], 1.0);\n"
    "}\n";

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

class CliDxc : public Cli {
 protected:
  // Compiles `source` (as a.hlsl) with `flags` to SPIR-V text; the run result.
  CliRun spirv(const std::string& source, const std::string& flags, const std::string& profile = "cs_6_0") {
    write("a.hlsl", source);
    return run("a.hlsl -T " + profile + " -E main -spirv -Fc - " + flags);
  }
};

TEST_F(CliDxc, NoEffectOptionsGiveANoteAndCompile) {
  write("a.hlsl", kCompute);
  CliRun r = run("a.hlsl -T cs_6_0 -E main -spirv -fcgl -Qembed_debug -Gfa -nologo -Fo a.spv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("note OSH9005: option '-fcgl' has no effect"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("note OSH9005: option '-Qembed_debug' has no effect"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("note OSH9005: option '-Gfa' has no effect"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("nologo"), std::string::npos) << "-nologo is honoured silently: " << r.err;
  EXPECT_TRUE(fs::exists(dir / "a.spv"));
  // -no-warnings also quiets the notes.
  CliRun q = run("a.hlsl -T cs_6_0 -E main -spirv -fcgl -no-warnings -Fo b.spv");
  EXPECT_EQ(q.exitCode, 0) << q.err;
  EXPECT_EQ(q.err, "");
}

TEST_F(CliDxc, OptionsNotSupportedYetAreOSH0007) {
  write("a.hlsl", kCompute);
  CliRun r = run("a.hlsl -T cs_6_0 -E main -spirv -fspv-use-legacy-buffer-matrix-order -Fo a.spv");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("error OSH0007: the option '-fspv-use-legacy-buffer-matrix-order'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "a.spv"));
}

TEST_F(CliDxc, VulkanMemoryModel) {
  // DXC's decoration.coherent.hlsl and volatile.interface.raygen.vk1p1.hlsl: with
  // -fspv-use-vulkan-memory-model the module declares the Vulkan memory model (through
  // SPV_KHR_vulkan_memory_model before SPIR-V 1.5), a globallycoherent buffer loses its
  // Coherent decoration and each access to it says MakePointerVisible / Available with
  // NonPrivatePointer at the QueueFamily scope (5); other buffers' accesses stay plain.
  const char* src =
      "globallycoherent RWStructuredBuffer<uint> A : register(u0);\n"
      "RWStructuredBuffer<uint> B : register(u1);\n"
      "[numthreads(1, 1, 1)]\n"
      "void main() {\n"
      "  uint v = A[0];\n"
      "  B[0] = v;\n"
      "  A[1] = B[1];\n"
      "}\n";
  CliRun r = spirv(src, "-fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("OpCapability VulkanMemoryModel"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpExtension \"SPV_KHR_vulkan_memory_model\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpMemoryModel Logical Vulkan"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Coherent"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "MakePointerVisible|NonPrivatePointer %uint_5"), 1u) << r.out;
  EXPECT_EQ(count(r.out, "MakePointerAvailable|NonPrivatePointer %uint_5"), 1u) << r.out;
  // SPIR-V 1.5 (vulkan1.2) has the model in core; SPIRV-Tools' pass declares the
  // extension anyway (allowed), and -fspv-extension must then allow it, as in DXC.
  CliRun core = spirv(src, "-fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.2");
  ASSERT_EQ(core.exitCode, 0) << core.err;
  EXPECT_NE(core.out.find("OpMemoryModel Logical Vulkan"), std::string::npos) << core.out;
  // The option allows its extension itself, as in DXC (volatile.interface.raygen.vk1p1).
  CliRun listed =
      spirv(src, "-fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1 -fspv-extension=SPV_KHR_ray_query");
  EXPECT_EQ(listed.exitCode, 0) << listed.err;
  // Without the option: GLSL450 and the Coherent decoration.
  CliRun plain = spirv(src, "-fspv-target-env=vulkan1.1");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_NE(plain.out.find("OpMemoryModel Logical GLSL450"), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("Coherent"), std::string::npos) << plain.out;
}

TEST_F(CliDxc, GloballyCoherentIsCoherentInSpirvAndAWarningElsewhere) {
  // DXC (SPIR-V.rst, "globallycoherent"): OpDecorate Coherent on the resource variable.
  // Metal 2.4 and WGSL have no device-scope coherence for plain accesses: warning
  // OSH4002 / OSH5004 at the declaration (line 1), once, not silence.
  write("a.hlsl",
        "globallycoherent RWStructuredBuffer<uint> A : register(u0);\n"
        "[numthreads(1, 1, 1)] void main() { A[0] = A[1] + A[2]; }\n");
  CliRun r = run("a.hlsl -T cs_6_0 -E main --target spirv,msl,wgsl -Fc -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(count(r.out, "OpDecorate %A Coherent"), 1u) << r.out;
  EXPECT_EQ(count(r.err, "a.hlsl:1:1: warning OSH4002: 'globallycoherent' on 'A' has no MSL equivalent"), 1u) << r.err;
  EXPECT_EQ(count(r.err, "a.hlsl:1:1: warning OSH5004: 'globallycoherent' on 'A' has no WGSL equivalent"), 1u) << r.err;
  CliRun plain = spirv(
      "RWStructuredBuffer<uint> A : register(u0);\n"
      "[numthreads(1, 1, 1)] void main() { A[0] = 1; }\n",
      "");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(plain.out.find("Coherent"), std::string::npos) << plain.out;
}

TEST_F(CliDxc, ListOptionBeforeTheFileDoesNotSwallowIt) {
  write("a.hlsl", kCompute);
  CliRun r = run("--target spirv,msl,wgsl a.hlsl -E main -T cs_6_0");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  CliRun s = run("-fvk-t-shift 10 all a.hlsl -E main -T cs_6_0 -spirv");
  EXPECT_EQ(s.exitCode, 0) << s.err;
}

TEST_F(CliDxc, TargetEnvironments) {
  // The SPIR-V version word follows DXC's table: vulkan1.1spirv1.4 -> 1.4, universal1.5 -> 1.5.
  struct Case {
    const char* env;
    const char* version;
  } cases[] = {
      {"vulkan1.1spirv1.4", "; Version: 1.4"}, {"universal1.5", "; Version: 1.5"}, {"vulkan1.0", "; Version: 1.0"}};
  for (const Case& c : cases) {
    CliRun r = spirv(kCompute, std::string("-fspv-target-env=") + c.env);
    ASSERT_EQ(r.exitCode, 0) << c.env << ": " << r.err;
    EXPECT_NE(r.out.find(c.version), std::string::npos) << c.env << "\n" << r.out;
  }
  CliRun bad = spirv(kCompute, "-fspv-target-env=vulkan9");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("OSH9003"), std::string::npos) << bad.err;
}

TEST_F(CliDxc, ShaderModelsUpTo610) {
  write("a.hlsl", kCompute);
  EXPECT_EQ(run("a.hlsl -T cs_6_10 -E main -spirv -Fo a.spv").exitCode, 0);
  EXPECT_EQ(run("a.hlsl -T cs_6_9 -E main -spirv -Fo a.spv").exitCode, 0);
  CliRun r = run("a.hlsl -T cs_6_11 -E main -spirv -Fo a.spv");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("OSH9003"), std::string::npos) << r.err;
}

TEST_F(CliDxc, IeeeStrictAndDenormModes) {
  // DXC (SPIR-V.rst, float controls): -Gis is SignedZeroInfNanPreserve 32; -denorm preserve
  // / ftz are DenormPreserve / DenormFlushToZero 32; SPV_KHR_float_controls before SPIR-V 1.4.
  CliRun r = spirv(kCompute, "-Gis -fspv-target-env=vulkan1.1");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("OpCapability SignedZeroInfNanPreserve"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpExtension \"SPV_KHR_float_controls\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpExecutionMode %main SignedZeroInfNanPreserve 32"), std::string::npos) << r.out;
  CliRun p = spirv(kCompute, "-denorm preserve -fspv-target-env=vulkan1.2");
  ASSERT_EQ(p.exitCode, 0) << p.err;
  EXPECT_NE(p.out.find("OpExecutionMode %main DenormPreserve 32"), std::string::npos) << p.out;
  EXPECT_EQ(p.out.find("SPV_KHR_float_controls"), std::string::npos) << "core in SPIR-V 1.5";
  CliRun f = spirv(kCompute, "-denorm ftz");
  ASSERT_EQ(f.exitCode, 0) << f.err;
  EXPECT_NE(f.out.find("OpExecutionMode %main DenormFlushToZero 32"), std::string::npos) << f.out;
  CliRun any = spirv(kCompute, "-denorm any");
  ASSERT_EQ(any.exitCode, 0) << any.err;
  EXPECT_EQ(any.out.find("Denorm"), std::string::npos) << any.out;
  CliRun bad = spirv(kCompute, "-denorm bad");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("OSH9003: invalid option: unsupported value 'bad' for -denorm"), std::string::npos) << bad.err;
}

TEST_F(CliDxc, MaxUsesNMaxUnlessFiniteMathOnly) {
  // HLSL max(x, NaN) is x: DXC emits NMax; -ffinite-math-only lets it use FMax.
  CliRun r = spirv(kCompute, "");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(" NMax "), std::string::npos) << r.out;
  CliRun f = spirv(kCompute, "-ffinite-math-only");
  ASSERT_EQ(f.exitCode, 0) << f.err;
  EXPECT_NE(f.out.find(" FMax "), std::string::npos) << f.out;
  EXPECT_EQ(f.out.find(" NMax "), std::string::npos) << f.out;
}

TEST_F(CliDxc, EntryPointName) {
  CliRun r = spirv(kCompute, "-fspv-entrypoint-name=renamed");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("OpEntryPoint GLCompute %main \"renamed\""), std::string::npos) << r.out;
}

TEST_F(CliDxc, ExtensionAllowList) {
  // A 16-bit storage buffer needs SPV_KHR_16bit_storage on vulkan1.0; the list must allow it.
  const char* src =
      "RWStructuredBuffer<half> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = (half)1.0; }\n";
  CliRun denied =
      spirv(src, "-enable-16bit-types -fspv-target-env=vulkan1.0 -fspv-extension=SPV_KHR_storage_buffer_storage_class");
  EXPECT_EQ(denied.exitCode, 1);
  EXPECT_NE(denied.err.find("error OSH3005: SPIR-V extension 'SPV_KHR_16bit_storage' is required but not permitted"),
            std::string::npos)
      << denied.err;
  CliRun khr = spirv(src, "-enable-16bit-types -fspv-target-env=vulkan1.0 -fspv-extension=KHR");
  EXPECT_EQ(khr.exitCode, 0) << khr.err;
  CliRun unknown = spirv(src, "-fspv-extension=NOT_AN_EXTENSION");
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_NE(unknown.err.find("OSH9003"), std::string::npos) << unknown.err;
}

TEST_F(CliDxc, OconfigRunsTheGivenPassesWithDxcRules) {
  CliRun r = spirv(kCompute, "-Oconfig=--eliminate-dead-code-aggressive");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  CliRun withO = spirv(kCompute, "-O3 -Oconfig=--loop-unroll");
  EXPECT_EQ(withO.exitCode, 1);
  EXPECT_NE(withO.err.find("-Oconfig should not be used together with -O"), std::string::npos) << withO.err;
  CliRun twice = spirv(kCompute, "-Oconfig=-O -Oconfig=-Os");
  EXPECT_EQ(twice.exitCode, 1);
  EXPECT_NE(twice.err.find("-Oconfig should not be specified more than once"), std::string::npos) << twice.err;
  CliRun unknown = spirv(kCompute, "-Oconfig=--test-unknown-flag");
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_NE(unknown.err.find("OSH3003"), std::string::npos) << unknown.err;
}

TEST_F(CliDxc, MaxId) {
  CliRun r = spirv(kCompute, "-fspv-max-id 5");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("error OSH3006"), std::string::npos) << r.err;
  EXPECT_EQ(spirv(kCompute, "-fspv-max-id 100000").exitCode, 0);
}

TEST_F(CliDxc, WarningGroupsAndErrorLimit) {
  const char* src =
      "RWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { float2 v = float4(1, 2, 3, 4); Out[0] = v.x; }\n";
  CliRun warn = spirv(src, "");
  ASSERT_EQ(warn.exitCode, 0) << warn.err;
  EXPECT_NE(warn.err.find("warning OSH0008"), std::string::npos) << warn.err;
  // clang's group name, as DXC reports the warning under it.
  CliRun off = spirv(src, "-Wno-conversion");
  ASSERT_EQ(off.exitCode, 0) << off.err;
  EXPECT_EQ(off.err.find("OSH0008"), std::string::npos) << off.err;
  CliRun code = spirv(src, "-Wno-OSH0008");
  EXPECT_EQ(code.err.find("OSH0008"), std::string::npos) << code.err;
  CliRun unknown = spirv(src, "-Wno-made-up-group");
  EXPECT_NE(unknown.err.find("note OSH9005: option '-Wno-made-up-group' has no effect"), std::string::npos)
      << unknown.err;
  const char* three = "[numthreads(1, 1, 1)] void main() { uint a = x; uint b = y; uint c = z; }\n";
  CliRun limited = spirv(three, "-ferror-limit=1");
  EXPECT_EQ(limited.exitCode, 1);
  EXPECT_EQ(count(limited.err, "error OSH0001"), 1u) << limited.err;
}

TEST_F(CliDxc, DiagnosticsFile) {
  write("a.hlsl", "[numthreads(1, 1, 1)] void main() { uint a = x; }\n");
  CliRun r = run("a.hlsl -T cs_6_0 -E main -spirv -Fo a.spv -Fe errors.txt");
  EXPECT_EQ(r.exitCode, 1);
  std::string f = readFile(dir / "errors.txt");
  EXPECT_NE(f.find("a.hlsl:1:46: error OSH0001: use of undeclared identifier 'x'"), std::string::npos) << f;
  EXPECT_EQ(f, r.err);
}

TEST_F(CliDxc, HeaderOutput) {
  write("a.hlsl", kCompute);
  CliRun r = run("a.hlsl -T cs_6_0 -E main -spirv -Fh a.h -Vn kShader -Fo a.spv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string h = readFile(dir / "a.h");
  std::string spv = readFile(dir / "a.spv");
  EXPECT_NE(h.find("const unsigned char kShader[] = {\n  0x03, 0x02, 0x23, 0x07,"), std::string::npos) << h;
  EXPECT_EQ(count(h, "0x"), spv.size());
  CliRun def = run("a.hlsl -T cs_6_0 -E main -spirv -Fh b.h");
  ASSERT_EQ(def.exitCode, 0) << def.err;
  EXPECT_NE(readFile(dir / "b.h").find("const unsigned char g_main[]"), std::string::npos);
}

TEST_F(CliDxc, PreprocessOnly) {
  write("inc.hlsli", "#define SCALE 2\n");
  write("a.hlsl",
        "#include \"inc.hlsli\"\n"
        "#define TWICE(x) ((x) * SCALE)\n"
        "#pragma pack_matrix(row_major)\n"
        "float f(float v) { return TWICE(v); }\n");
  CliRun r = run("a.hlsl -P -Fi out.hlsl");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string out = readFile(dir / "out.hlsl");
  // Worked out by hand: the directives are gone, the macro expanded on line 4, the pragma kept.
  EXPECT_NE(out.find("#pragma pack_matrix(row_major)\n"), std::string::npos) << out;
  EXPECT_NE(out.find("float f(float v) { return ((v) * 2); }\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("#define"), std::string::npos) << out;
  EXPECT_EQ(out.find("#include"), std::string::npos) << out;
  // The default output name: the input's with .i.
  CliRun d = run("a.hlsl -P");
  ASSERT_EQ(d.exitCode, 0) << d.err;
  EXPECT_EQ(readFile(dir / "a.i"), out);
  // A preprocessing error writes nothing.
  write("bad.hlsl", "#if\n#endif\n");
  CliRun bad = run("bad.hlsl -P -Fi bad.i");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_FALSE(fs::exists(dir / "bad.i"));
}

TEST_F(CliDxc, DebugInformation) {
  write("a.hlsl", kCompute);
  CliRun r = run("a.hlsl -T cs_6_0 -E main -spirv -Zi -Fc - -Fo a.spv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("OpString \"a.hlsl\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpSource HLSL 600 %"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("RWStructuredBuffer<float> Out : register(u0);"), std::string::npos) << "source text embedded";
  // max() is on line 4, column 15 (hand count).
  EXPECT_NE(r.out.find("OpLine %"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 4 15\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpModuleProcessed \"oneshader-version: "), std::string::npos) << r.out;
  // -fspv-debug=file: the file only.
  CliRun f = run("a.hlsl -T cs_6_0 -E main -spirv -fspv-debug=file -Fc - -Fo b.spv");
  ASSERT_EQ(f.exitCode, 0) << f.err;
  EXPECT_NE(f.out.find("OpString \"a.hlsl\""), std::string::npos) << f.out;
  EXPECT_EQ(f.out.find("OpLine"), std::string::npos) << f.out;
  EXPECT_EQ(f.out.find("register(u0)"), std::string::npos) << f.out;
  EXPECT_EQ(f.out.find("OpModuleProcessed"), std::string::npos) << f.out;
  // -fspv-debug=vulkan-with-source: NonSemantic.Shader.DebugInfo.100 with the file's text,
  // which overrules -Zi's categories (no OpSource, no OpLine); tests/debug_info has the shapes.
  CliRun v = run("a.hlsl -T cs_6_0 -E main -spirv -Zi -fspv-debug=vulkan-with-source -Fc - -Fo c.spv");
  ASSERT_EQ(v.exitCode, 0) << v.err;
  EXPECT_NE(v.out.find("OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\""), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("DebugSource %"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("RWStructuredBuffer<float> Out : register(u0);"), std::string::npos) << "source text embedded";
  EXPECT_EQ(v.out.find("OpSource"), std::string::npos) << v.out;
  EXPECT_EQ(v.out.find("OpLine"), std::string::npos) << v.out;
  // -fspv-debug=rich-with-source: the same as OpenCL.DebugInfo.100 (literal numbers, OpLine);
  // tests/debug_info/rich.hlsl has the shapes.
  CliRun rich = run("a.hlsl -T cs_6_0 -E main -spirv -Zi -fspv-debug=rich-with-source -Fc - -Fo d.spv");
  ASSERT_EQ(rich.exitCode, 0) << rich.err;
  EXPECT_NE(rich.out.find("OpExtInstImport \"OpenCL.DebugInfo.100\""), std::string::npos) << rich.out;
  EXPECT_NE(rich.out.find("DebugCompilationUnit 1 4 %"), std::string::npos) << rich.out;
  EXPECT_NE(rich.out.find("RWStructuredBuffer<float> Out : register(u0);"), std::string::npos)
      << "source text embedded";
  EXPECT_EQ(rich.out.find("OpSource"), std::string::npos) << rich.out;
  EXPECT_EQ(rich.out.find("NonSemantic"), std::string::npos) << rich.out;
  // With vulkan too, vulkan wins (DXC's rule); either -with-source form asks for the text.
  CliRun both = run("a.hlsl -T cs_6_0 -E main -spirv -fspv-debug=rich-with-source -fspv-debug=vulkan -Fc - -Fo e.spv");
  ASSERT_EQ(both.exitCode, 0) << both.err;
  EXPECT_NE(both.out.find("OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\""), std::string::npos) << both.out;
  EXPECT_EQ(both.out.find("OpenCL.DebugInfo.100"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("RWStructuredBuffer<float> Out : register(u0);"), std::string::npos)
      << "source text embedded";
}

TEST_F(CliDxc, UnknownImageFormat) {
  const char* src =
      "RWTexture2D<float4> Img;\n"
      "[[vk::image_format(\"rgba8\")]] RWTexture2D<float4> Img8;\n"
      "[numthreads(1, 1, 1)] void main() { Img[uint2(0, 0)] = Img8[uint2(0, 0)]; }\n";
  CliRun def = spirv(src, "");
  ASSERT_EQ(def.exitCode, 0) << def.err;
  EXPECT_NE(def.out.find("2D 0 0 0 2 Rgba32f"), std::string::npos) << def.out;
  CliRun unk = spirv(src, "-fspv-use-unknown-image-format");
  ASSERT_EQ(unk.exitCode, 0) << unk.err;
  EXPECT_NE(unk.out.find("2D 0 0 0 2 Unknown"), std::string::npos) << unk.out;
  EXPECT_NE(unk.out.find("2D 0 0 0 2 Rgba8"), std::string::npos) << "an explicit format stays\n" << unk.out;
  EXPECT_NE(unk.out.find("OpCapability StorageImageWriteWithoutFormat"), std::string::npos) << unk.out;
}

TEST_F(CliDxc, GlLayoutIsStrictStd140) {
  // std140 by hand: a float3 at 0 (size 12, align 16), then a float2: relaxed rules put it at
  // 16 too (it would straddle at 12), strict rules at 16; a float after a float at 0 then
  // float2 at 4 (relaxed, align 4) vs 8 (strict, align 8).
  const char* src =
      "cbuffer C { float a; float2 b; float c; };\n"
      "RWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = a + b.y + c; }\n";
  CliRun relaxed = spirv(src, "");
  ASSERT_EQ(relaxed.exitCode, 0) << relaxed.err;
  EXPECT_NE(relaxed.out.find("OpMemberDecorate %type_C 1 Offset 4"), std::string::npos) << relaxed.out;
  EXPECT_NE(relaxed.out.find("OpMemberDecorate %type_C 2 Offset 12"), std::string::npos) << relaxed.out;
  CliRun gl = spirv(src, "-fvk-use-gl-layout");
  ASSERT_EQ(gl.exitCode, 0) << gl.err;
  EXPECT_NE(gl.out.find("OpMemberDecorate %type_C 1 Offset 8"), std::string::npos) << gl.out;
  EXPECT_NE(gl.out.find("OpMemberDecorate %type_C 2 Offset 16"), std::string::npos) << gl.out;
  EXPECT_EQ(spirv(src, "-fvk-use-gl-layout -fvk-use-dx-layout").exitCode, 1);
}

TEST_F(CliDxc, SpvReflectDecorations) {
  // DXC's SPIR-V.rst ("HLSL Semantic", "HLSL User Types", "Counter buffers"): semantics as
  // written, type names in lower case with the template arguments as written, and the
  // counter buffer linked to its buffer; without -fspv-reflect none of them.
  const char* src =
      "Texture2DMSArray<float4, 64> arr;\n"
      "Texture2D bare;\n"
      "AppendStructuredBuffer<float> app;\n"
      "cbuffer Frame { float k; };\n"
      "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target {\n"
      "  app.Append(k);\n"
      "  return arr.Load(int3(0, 0, 0), 0) + bare.Load(int3(0, 0, 0)) + uv.x + p;\n"
      "}\n";
  CliRun r = spirv(src, "-fspv-reflect", "ps_6_0");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char* want : {"OpExtension \"SPV_GOOGLE_hlsl_functionality1\"", "OpExtension \"SPV_GOOGLE_user_type\"",
                           "OpDecorateString %arr UserTypeGOOGLE \"texture2dmsarray:<float4,64>\"",
                           "OpDecorateString %bare UserTypeGOOGLE \"texture2d\"",
                           "OpDecorateString %app UserTypeGOOGLE \"appendstructuredbuffer:<float>\"",
                           "OpDecorateString %Frame UserTypeGOOGLE \"cbuffer\"",
                           "OpDecorateId %app CounterBuffer %counter_var_app", "UserSemantic \"SV_Position\"",
                           "OpDecorateString %in_var_TEXCOORD UserSemantic \"TEXCOORD\"", "UserSemantic \"SV_Target\""})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  CliRun plain = spirv(src, "", "ps_6_0");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(plain.out.find("GOOGLE"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("UserSemantic"), std::string::npos) << plain.out;
}

TEST_F(CliDxc, DxilOnlyOptionsAreRefusedForSpirv) {
  // DXC: "-Fd is not supported with -spirv" (and -Fre, -Gec, -Qstrip_reflect).
  write("a.hlsl", kCompute);
  for (const char* opt : {"-Fd x.pdb", "-Fre x.refl", "-Gec", "-Qstrip_reflect"}) {
    CliRun r = run(std::string("a.hlsl -T cs_6_0 -E main -spirv -Fo a.spv ") + opt);
    EXPECT_EQ(r.exitCode, 1) << opt;
    EXPECT_NE(r.err.find("error OSH9003: invalid option: -"), std::string::npos) << opt << r.err;
    EXPECT_NE(r.err.find("is not supported with -spirv"), std::string::npos) << opt << r.err;
  }
  CliRun msl = run("a.hlsl -T cs_6_0 -E main --target msl -Fo a.metal -Gec");
  EXPECT_EQ(msl.exitCode, 0) << msl.err;
  EXPECT_NE(msl.err.find("note OSH9005: option '-Gec' has no effect"), std::string::npos) << msl.err;
}

TEST_F(CliDxc, EmptyStructInCbufferStartsARegister) {
  // std140 by hand: a float3 at 0 (ends at 12); an empty struct is still a struct, aligned
  // to 16: offset 16, size 0; the float2 after it at 16; the float4 at 32. Scalar rules:
  // 12, 12 (size 0), 20 (float2 ends at 20, float4 element-aligned at 20).
  const char* src =
      "struct E {};\n"
      "cbuffer C { float3 a; E b; float2 c; float4 d; };\n"
      "float4 main() : SV_Target { return d + c.x + a.x; }\n";
  CliRun relaxed = spirv(src, "", "ps_6_0");
  ASSERT_EQ(relaxed.exitCode, 0) << relaxed.err;
  for (const char* want : {"%type_C 1 Offset 16", "%type_C 2 Offset 16", "%type_C 3 Offset 32"})
    EXPECT_NE(relaxed.out.find(std::string("OpMemberDecorate ") + want), std::string::npos) << want << relaxed.out;
  CliRun scalar = spirv(src, "-fvk-use-scalar-layout", "ps_6_0");
  ASSERT_EQ(scalar.exitCode, 0) << scalar.err;
  for (const char* want : {"%type_C 1 Offset 12", "%type_C 2 Offset 12", "%type_C 3 Offset 20"})
    EXPECT_NE(scalar.out.find(std::string("OpMemberDecorate ") + want), std::string::npos) << want << scalar.out;
}

TEST_F(CliDxc, DxLayoutIsValidatedWithScalarBlockRules) {
  // FXC packing by hand: each element of `float2 arr[2]` starts a register (stride 16) but
  // the array ends after its last element's 8 bytes (16 + 8 = 24), so `x` is at 24.
  // Relaxed std140 (the default) rounds the array up to 32; 24 is valid only under the
  // scalar block rules, with which DXC validates -fvk-use-dx-layout modules.
  const char* src =
      "cbuffer C { float2 arr[2]; float x; };\n"
      "RWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = arr[1].y + x; }\n";
  CliRun dx = spirv(src, "-fvk-use-dx-layout");
  ASSERT_EQ(dx.exitCode, 0) << dx.err;
  EXPECT_NE(dx.out.find("ArrayStride 16"), std::string::npos) << dx.out;
  EXPECT_NE(dx.out.find("OpMemberDecorate %type_C 1 Offset 24"), std::string::npos) << dx.out;
  CliRun relaxed = spirv(src, "");
  ASSERT_EQ(relaxed.exitCode, 0) << relaxed.err;
  EXPECT_NE(relaxed.out.find("OpMemberDecorate %type_C 1 Offset 32"), std::string::npos) << relaxed.out;
}

TEST_F(CliDxc, DxLayoutColumnMajor1xNInCbuffer) {
  // FXC puts each component of a column_major float1x2 in its own register: DXC declares an
  // array of 2 floats with stride 16 (size 16 + 4 = 20), so with `a` at 0 the matrix is at
  // 16 and `b` at 16 + 20 = 36. A float1x3 array element: 16 * 2 + 4 = 36 bytes, stride 48.
  const char* src =
      "cbuffer C { float a; float1x2 m; float b; float1x3 n[2]; float e; };\n"
      "RWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = a + m._m01 + b + n[1]._m02 + e; }\n";
  CliRun dx = spirv(src, "-fvk-use-dx-layout");
  ASSERT_EQ(dx.exitCode, 0) << dx.err;
  // n: register 48 (after b at 36), 2 * 48 = 96 bytes less the last element's padding: e at
  // 48 + 48 + 36 = 132.
  for (const char* want : {"%type_C 1 Offset 16", "%type_C 2 Offset 36", "%type_C 3 Offset 48", "%type_C 4 Offset 132"})
    EXPECT_NE(dx.out.find(std::string("OpMemberDecorate ") + want), std::string::npos) << want << dx.out;
  EXPECT_NE(dx.out.find("ArrayStride 48"), std::string::npos) << dx.out;
  // row_major float1x2 is one register's float2, no array.
  CliRun rowMajor = spirv(
      "cbuffer C { float a; row_major float1x2 m; float b; };\nRWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = a + m._m01 + b; }\n",
      "-fvk-use-dx-layout");
  ASSERT_EQ(rowMajor.exitCode, 0) << rowMajor.err;
  EXPECT_EQ(rowMajor.out.find("ArrayStride 16"), std::string::npos) << rowMajor.out;
  // The default layout has no such rule: float2 at 16 (8-aligned), b at 24.
  EXPECT_EQ(spirv(src, "").exitCode, 0);
}

TEST_F(CliDxc, RowMajorByDefaultWithZpr) {
  // HLSL row_major is SPIR-V ColMajor (DXC's convention: HLSL rows are SPIR-V columns).
  const char* src =
      "cbuffer C { float2x3 m; };\n"
      "RWStructuredBuffer<float> Out;\n"
      "[numthreads(1, 1, 1)] void main() { Out[0] = m._m12; }\n";
  CliRun def = spirv(src, "");
  ASSERT_EQ(def.exitCode, 0) << def.err;
  EXPECT_NE(def.out.find("OpMemberDecorate %type_C 0 RowMajor"), std::string::npos) << def.out;
  CliRun zpr = spirv(src, "-Zpr");
  ASSERT_EQ(zpr.exitCode, 0) << zpr.err;
  EXPECT_NE(zpr.out.find("OpMemberDecorate %type_C 0 ColMajor"), std::string::npos) << zpr.out;
  CliRun zpc = spirv(src, "-Zpc");
  EXPECT_NE(zpc.out.find("OpMemberDecorate %type_C 0 RowMajor"), std::string::npos) << zpc.out;
}

TEST_F(CliDxc, BindRegisterAndGlobals) {
  // DXC's SPIR-V.rst example: t5 -> (set 2, binding 1), s3 in space1 -> (set 4, binding 3).
  const char* src =
      "Texture2D MyTexture : register(t5);\n"
      "SamplerState MySampler : register(s3, space1);\n"
      "float4 g;\n"
      "float4 main() : SV_Target { return MyTexture.Sample(MySampler, float2(0.1, 0.2)) + g; }\n";
  write("a.hlsl", src);
  CliRun r =
      run("a.hlsl -T ps_6_0 -E main -spirv -Fc - -fvk-bind-register t5 0 1 2 -vkbr s3 1 3 4 -fvk-bind-globals 7 8");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("OpDecorate %MyTexture DescriptorSet 2\n               OpDecorate %MyTexture Binding 1"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("OpDecorate %MySampler DescriptorSet 4\n               OpDecorate %MySampler Binding 3"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("OpDecorate %_Globals DescriptorSet 8\n               OpDecorate %_Globals Binding 7"),
            std::string::npos)
      << r.out;
  CliRun noGlobals = run("a.hlsl -T ps_6_0 -E main -spirv -Fo a.spv -fvk-bind-register t5 0 1 2 -vkbr s3 1 3 4");
  EXPECT_EQ(noGlobals.exitCode, 1);
  EXPECT_NE(noGlobals.err.find("error OSH0092"), std::string::npos) << noGlobals.err;
  CliRun missing = run("a.hlsl -T ps_6_0 -E main -spirv -Fo a.spv -fvk-bind-register t5 0 1 2 -fvk-bind-globals 7 8");
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(
      missing.err.find(
          "a.hlsl:2:14: error OSH0090: missing -fvk-bind-register for resource 'MySampler' (register(s3, space1))"),
      std::string::npos)
      << missing.err;
  write("b.hlsl", "Texture2D T;\nfloat4 main() : SV_Target { return T.Load(int3(0, 0, 0)); }\n");
  CliRun noReg = run("b.hlsl -T ps_6_0 -E main -spirv -Fo b.spv -fvk-bind-register t0 0 1 1");
  EXPECT_EQ(noReg.exitCode, 1);
  EXPECT_NE(noReg.err.find("b.hlsl:1:11: error OSH0091"), std::string::npos) << noReg.err;
  CliRun badSpace = run("b.hlsl -T ps_6_0 -E main -spirv -Fo b.spv -fvk-bind-register s10 5t 10 1");
  EXPECT_EQ(badSpace.exitCode, 1);
  EXPECT_NE(badSpace.err.find("OSH9003"), std::string::npos) << badSpace.err;
}

TEST_F(CliDxc, AutoBindingSpace) {
  // SPIR-V.rst: -auto-binding-space N is the set of whatever names no space: implicit
  // bindings, register() without a space, [[vk::binding(b)]] without a set.
  const char* src =
      "[[vk::binding(5, 6)]] SamplerState s1 : register(s1, space2);\n"
      "[[vk::binding(8)]] SamplerState s2 : register(s4);\n"
      "SamplerState s3 : register(s1, space9);\n"
      "SamplerState s4 : register(s3);\n"
      "Texture2D t;\n"
      "float4 main() : SV_Target {\n"
      "  float2 uv = float2(0, 0);\n"
      "  return t.Sample(s1, uv) + t.Sample(s2, uv) + t.Sample(s3, uv) + t.Sample(s4, uv);\n"
      "}\n";
  write("a.hlsl", src);
  CliRun r = run("a.hlsl -T ps_6_0 -E main -spirv -Fc - -auto-binding-space 77");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char* want :
       {"%s1 DescriptorSet 6", "%s1 Binding 5", "%s2 DescriptorSet 77", "%s2 Binding 8", "%s3 DescriptorSet 9",
        "%s3 Binding 1", "%s4 DescriptorSet 77", "%s4 Binding 3", "%t DescriptorSet 77", "%t Binding 0"})
    EXPECT_NE(r.out.find(std::string("OpDecorate ") + want + "\n"), std::string::npos) << want << "\n" << r.out;
}

TEST_F(CliDxc, AutoShiftBindings) {
  // SPIR-V.rst: with -fvk-auto-shift-bindings a resource without register() starts from
  // its class's shift: a texture from the t shift (200), a cbuffer from the b shift (100).
  const char* src =
      "Texture2D t0 : register(t0);\n"
      "Texture2D tImplicit;\n"
      "cbuffer C { float4 v; };\n"
      "SamplerState s;\n"
      "float4 main() : SV_Target { return t0.Sample(s, v.xy) + tImplicit.Sample(s, v.xy); }\n";
  write("a.hlsl", src);
  CliRun r =
      run("a.hlsl -T ps_6_0 -E main -spirv -Fc - -fvk-t-shift 200 0 -fvk-b-shift 100 0 -fvk-s-shift 500 0 "
          "-fvk-auto-shift-bindings");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char* want : {"%t0 Binding 200", "%tImplicit Binding 201", "%C Binding 100", "%s Binding 500"})
    EXPECT_NE(r.out.find(std::string("OpDecorate ") + want + "\n"), std::string::npos) << want << "\n" << r.out;
}
