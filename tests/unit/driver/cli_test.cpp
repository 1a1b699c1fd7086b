// The CLI binary: exit codes, files written (and not written), DXC-style flags, output.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;
using namespace clitest;

namespace {

bool spirvValAvailable() { return std::system("command -v spirv-val >/dev/null 2>&1") == 0; }

const char* kTwoErrors =
    "[shader(\"compute\")]\n"
    "[numthreads(1, 1, 1)]\n"
    "void main() {\n"
    "  uint a = first;\n"
    "  uint b = second;\n"
    "}\n";

}  // namespace

TEST_F(Cli, Version) {
  CliRun r = run("--version");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out.rfind("oneshader ", 0), 0u) << r.out;
}

TEST_F(Cli, SeedExampleWritesEveryEntryPoint) {
  CliRun r = run(quote(kWaves) + " -o out");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("CSSum (Compute): Basic, Arithmetic = 0x5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PSSlope (Pixel): Quad = 0x80\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wrote out/CSSum.spv"), std::string::npos) << r.out;
  EXPECT_EQ(files(dir / "out"), (std::set<std::string>{"CSSum.spv", "CSSum.metal", "CSSum.wgsl", "PSSlope.spv",
                                                       "PSSlope.metal", "PSSlope.wgsl"}));
  std::string spv = readFile(dir / "out" / "CSSum.spv");
  ASSERT_GE(spv.size(), 20u);
  EXPECT_EQ(spv.substr(0, 4), std::string("\x03\x02\x23\x07", 4));  // magic, little-endian
  EXPECT_EQ(spv.size() % 4, 0u);
  if (spirvValAvailable()) {
    for (const char* f : {"CSSum.spv", "PSSlope.spv"}) {
      std::string cmd = "spirv-val --target-env vulkan1.2 " + quote((dir / "out" / f).string());
      EXPECT_EQ(std::system(cmd.c_str()), 0) << f;
    }
  }
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST_F(Cli, DefaultOutputDirIsCurrentDir) {
  CliRun r = run(quote(kWaves));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "CSSum.spv"));
  EXPECT_TRUE(fs::exists(dir / "PSSlope.spv"));
}

TEST_F(Cli, ErrorsWriteNothingAndExitNonZero) {
  fs::path src = write("bad.hlsl", kTwoErrors);
  fs::create_directories(dir / "out");
  std::ofstream(dir / "out" / "keep.txt") << "x";
  CliRun r = run("bad.hlsl -o out");
  EXPECT_NE(r.exitCode, 0);
  EXPECT_EQ(files(dir / "out"), std::set<std::string>{"keep.txt"}) << "no output, no temporary left";
  // Both errors, in the clang-like form with the source line and a caret.
  EXPECT_NE(r.err.find("bad.hlsl:4:12: error OSH0001: use of undeclared identifier 'first'\n"
                       "    uint a = first;\n"
                       "             ^~~~~\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("bad.hlsl:5:12: error OSH0001: use of undeclared identifier 'second'"), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(Cli, MissingInputIsOSH9001) {
  CliRun r = run("nope.hlsl");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("error OSH9001: cannot open file 'nope.hlsl'"), std::string::npos) << r.err;
  EXPECT_EQ(files(dir), std::set<std::string>{});
}

TEST_F(Cli, FoWritesExactlyOneFile) {
  CliRun r = run(quote(kWaves) + " -T cs_6_0 -E CSSum -Fo cssum.spv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(files(dir), std::set<std::string>{"cssum.spv"});
  EXPECT_NE(r.out.find("CSSum (Compute): Basic, Arithmetic = 0x5"), std::string::npos);
  EXPECT_EQ(r.out.find("PSSlope"), std::string::npos);
}

TEST_F(Cli, FoWithSeveralEntryPointsIsAnError) {
  CliRun r = run(quote(kWaves) + " -Fo x.spv");
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("OSH9003"), std::string::npos) << r.err;
  EXPECT_EQ(files(dir), std::set<std::string>{});
}

// One entry point fails in the back end (a wave operation under Vulkan 1.0), the other
// would succeed: nothing is written.
TEST_F(Cli, MultiEntryWritesNothingIfAnyEntryFails) {
  write("mixed.hlsl",
        "RWStructuredBuffer<float> Out : register(u0);\n"
        "[shader(\"compute\")]\n"
        "[numthreads(1, 1, 1)]\n"
        "void Plain() { Out[0] = 1; }\n"
        "[shader(\"compute\")]\n"
        "[numthreads(1, 1, 1)]\n"
        "void Wavy() { Out[0] = WaveActiveSum(1.0f); }\n");
  CliRun ok = run("mixed.hlsl -o ok -fspv-target-env=vulkan1.1");
  ASSERT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_EQ(files(dir / "ok"),
            (std::set<std::string>{"Plain.spv", "Plain.metal", "Plain.wgsl", "Wavy.spv", "Wavy.metal", "Wavy.wgsl"}));
  CliRun bad = run("mixed.hlsl -o bad -fspv-target-env=vulkan1.0");
  EXPECT_NE(bad.exitCode, 0);
  EXPECT_NE(bad.err.find("OSH3002"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(dir / "bad" / "Plain.spv"));
  EXPECT_FALSE(fs::exists(dir / "bad" / "Wavy.spv"));
}

// Every DXC-style single-dash spelling in one command line.
TEST_F(Cli, DxcStyleFlags) {
  fs::create_directories(dir / "inc");
  CliRun r = run(quote(kWaves) +
                 " -T cs_6_0 -E CSSum -Fo x.spv -Vd -spirv -fspv-target-env=vulkan1.1 -O3 -Fc x.spvasm"
                 " -enable-16bit-types -HV 2021 -fvk-use-dx-layout -fvk-t-shift 10 0 -fvk-u-shift 20 all"
                 " -WX -DFOO=1 -D BAR -UBAZ -I inc --reflect-json r.json --time");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(files(dir), (std::set<std::string>{"inc", "x.spv", "x.spvasm", "r.json"}));
  std::string text = readFile(dir / "x.spvasm");
  EXPECT_NE(text.find("OpEntryPoint GLCompute"), std::string::npos) << text.substr(0, 400);
  std::string spv = readFile(dir / "x.spv");
  ASSERT_GE(spv.size(), 8u);
  EXPECT_EQ(uint8_t(spv[5]), 3u);  // version word 0x00010300: vulkan1.1 -> SPIR-V 1.3
  EXPECT_EQ(uint8_t(spv[6]), 1u);
  auto j = nlohmann::json::parse(readFile(dir / "r.json"));
  auto& res = j["entryPoints"][0]["resources"];
  ASSERT_EQ(res.size(), 2u);
  EXPECT_EQ(res[0]["name"], "Values");
  EXPECT_EQ(res[0]["binding"], 10);  // t0 + 10
  EXPECT_EQ(res[1]["name"], "Total");
  EXPECT_EQ(res[1]["binding"], 21);  // u1 + 20
  EXPECT_NE(r.err.find("time: sema"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("time: total"), std::string::npos) << r.err;
}

TEST_F(Cli, DisassembleWritesSpvasmBesideSpv) {
  CliRun r = run(quote(kWaves) + " -o out --disassemble");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(files(dir / "out"),
            (std::set<std::string>{"CSSum.spv", "CSSum.spvasm", "CSSum.metal", "CSSum.wgsl", "PSSlope.spv",
                                   "PSSlope.spvasm", "PSSlope.metal", "PSSlope.wgsl"}));
  EXPECT_NE(readFile(dir / "out" / "PSSlope.spvasm").find("OpGroupNonUniformQuadSwap"), std::string::npos);
}

TEST_F(Cli, JsonDiagnostics) {
  write("bad.hlsl", kTwoErrors);
  CliRun r = run("bad.hlsl --diagnostics-format=json");
  EXPECT_NE(r.exitCode, 0);
  auto j = nlohmann::json::parse(r.err);
  ASSERT_EQ(j.size(), 2u) << r.err;
  EXPECT_EQ(j[0]["code"], "OSH0001");
  EXPECT_EQ(j[0]["span"]["line"], 4);
  EXPECT_EQ(j[1]["span"]["line"], 5);
}

TEST_F(Cli, TargetListWritesEveryTarget) {
  CliRun r = run(quote(kWaves) + " --target spirv,msl,wgsl -o out");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  for (const char* f : {"CSSum.spv", "CSSum.metal", "CSSum.wgsl", "PSSlope.spv", "PSSlope.metal", "PSSlope.wgsl"})
    EXPECT_TRUE(fs::exists(dir / "out" / f)) << f;
  CliRun u = run(quote(kWaves) + " --target vulkan");
  EXPECT_NE(u.exitCode, 0);
  EXPECT_NE(u.err.find("OSH9003"), std::string::npos) << u.err;
}

TEST_F(Cli, WgslNagaDialectLeavesOutTheEnableLine) {
  CliRun std_ = run(quote(kWaves) + " -E CSSum --target wgsl -o std");
  ASSERT_EQ(std_.exitCode, 0) << std_.err;
  CliRun naga = run(quote(kWaves) + " -E CSSum --target wgsl --wgsl-naga -o naga");
  ASSERT_EQ(naga.exitCode, 0) << naga.err;
  auto read = [](const fs::path& p) {
    std::ifstream in(p);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  std::string a = read(dir / "std" / "CSSum.wgsl"), b = read(dir / "naga" / "CSSum.wgsl");
  EXPECT_EQ(a.rfind("enable subgroups;\n", 0), 0u) << a;
  EXPECT_EQ(b.find("enable subgroups;"), std::string::npos) << b;
  EXPECT_NE(b.find("diagnostic(off, subgroup_uniformity);"), std::string::npos) << b;
  EXPECT_NE(b.find("subgroupAdd"), std::string::npos) << b;
}

TEST_F(Cli, BadOptionsAreCodedErrors) {
  for (const char* args :
       {"--no-such-flag", "-fspv-target-env=vulkan9.9", "-O7", "-T zz_6_0", "-HV 2019", "-HV 202y"}) {
    CliRun r = run(quote(kWaves) + " " + args);
    EXPECT_EQ(r.exitCode, 1) << args;
    EXPECT_NE(r.err.find("OSH9003"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(files(dir), std::set<std::string>{}) << args;
  }
}

TEST_F(Cli, UnwritableOutputIsOSH9002) {
  CliRun r = run(quote(kWaves) + " -E CSSum -Fo no/such/dir/x.spv");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("error OSH9002: cannot write file 'no/such/dir/x.spv'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(Cli, WarningsAsErrors) {
  write("w.hlsl",
        "#warning heads up\n"
        "RWStructuredBuffer<uint> Out : register(u0);\n"
        "[shader(\"compute\")]\n"
        "[numthreads(1, 1, 1)]\n"
        "void main() { Out[0] = 1; }\n");
  CliRun w = run("w.hlsl");
  EXPECT_EQ(w.exitCode, 0) << w.err;
  EXPECT_NE(w.err.find("w.hlsl:1:1: warning OSH1017: #warning heads up"), std::string::npos) << w.err;
  fs::remove(dir / "main.spv");
  CliRun e = run("w.hlsl -WX");
  EXPECT_EQ(e.exitCode, 1);
  EXPECT_NE(e.err.find("error OSH1017"), std::string::npos) << e.err;
  EXPECT_FALSE(fs::exists(dir / "main.spv"));
  CliRun n = run("w.hlsl -no-warnings");
  EXPECT_EQ(n.exitCode, 0);
  EXPECT_TRUE(n.err.empty()) << n.err;
}

TEST_F(Cli, DisassemblyAndReflectionToStdout) {
  write("cs.hlsl",
        "RWStructuredBuffer<uint> Out : register(u3, space1);\n"
        "[shader(\"compute\")]\n"
        "[numthreads(8, 4, 1)]\n"
        "void Fill(uint3 id : SV_DispatchThreadID) { Out[id.x] = WaveGetLaneIndex(); }\n");
  CliRun r = run("cs.hlsl -Fc - --reflect-json -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Fill (Compute): Basic = 0x1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpEntryPoint GLCompute"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OpExecutionMode %Fill LocalSize 8 4 1"), std::string::npos) << r.out;
  size_t brace = r.out.find("{\n  \"entryPoints\"");
  ASSERT_NE(brace, std::string::npos) << r.out;
  auto j = nlohmann::json::parse(r.out.substr(brace));
  EXPECT_EQ(j["entryPoints"][0]["workgroupSize"], nlohmann::json::array({8, 4, 1}));
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["set"], 1);
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["binding"], 3);
  EXPECT_EQ(j["entryPoints"][0]["resources"][0]["register"], "u3");
  EXPECT_EQ(files(dir), (std::set<std::string>{"cs.hlsl", "Fill.spv"}));
}
