// The second thread (docs/design.md, "Validation on a second core"): with
// ONESHADER_SECOND_THREAD=1 the text targets are made on a second thread while spirv-val
// runs, for every module; with 0 never. Everything the CLI writes must be byte-identical
// either way: the output files, the reflection, stdout, stderr (diagnostics in the order of
// the targets, SPIR-V's first) and the exit status.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "cli_fixture.hpp"

using namespace clitest;

namespace {

struct Outcome {
  CliRun run;
  std::string spv, metal, wgsl, reflection;
};

class SecondThread : public Cli {
 protected:
  Outcome compile(const std::string& mode, const std::string& args) {
    ::setenv("ONESHADER_SECOND_THREAD", mode.c_str(), 1);
    Outcome o;
    fs::remove_all(dir / "out");
    o.run = run(args + " -o out --reflect-json out/r.json");
    ::unsetenv("ONESHADER_SECOND_THREAD");
    o.spv = readFile(dir / "out" / "main.spv");
    o.metal = readFile(dir / "out" / "main.metal");
    o.wgsl = readFile(dir / "out" / "main.wgsl");
    o.reflection = readFile(dir / "out" / "r.json");
    return o;
  }
  void expectSame(const Outcome& a, const Outcome& b) {
    EXPECT_EQ(a.run.exitCode, b.run.exitCode);
    EXPECT_EQ(a.run.out, b.run.out);
    EXPECT_EQ(a.run.err, b.run.err);
    EXPECT_EQ(a.spv, b.spv);
    EXPECT_EQ(a.metal, b.metal);
    EXPECT_EQ(a.wgsl, b.wgsl);
    EXPECT_EQ(a.reflection, b.reflection);
  }
};

}  // namespace

TEST_F(SecondThread, CleanCompileIsByteIdentical) {
  write("a.hlsl",
        "RWStructuredBuffer<uint> Out : register(u0);\n"
        "[numthreads(64, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = WaveActiveSum(id.x) + 3u * 4u; }\n");
  Outcome off = compile("0", "-E main -T cs_6_0 a.hlsl");
  Outcome on = compile("1", "-E main -T cs_6_0 a.hlsl");
  ASSERT_EQ(off.run.exitCode, 0) << off.run.err;
  EXPECT_TRUE(off.run.err.empty()) << off.run.err;
  EXPECT_EQ(off.spv.substr(0, 4), std::string("\x03\x02\x23\x07", 4));
  EXPECT_FALSE(off.metal.empty());
  EXPECT_FALSE(off.wgsl.empty());
  expectSame(off, on);
}

TEST_F(SecondThread, TextTargetWarningsComeAfterSpirvInTargetOrder) {
  // [unroll] has no MSL or WGSL equivalent: OSH4002 from the MSL target, then OSH5004 from
  // the WGSL target (the default target order is SPIR-V, MSL, WGSL). Made on the second
  // thread, they are reported again in order on the compile's own.
  write("a.hlsl",
        "RWStructuredBuffer<uint> Out : register(u0);\n"
        "[numthreads(8, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID) {\n"
        "  [unroll] for (uint i = 0; i < 4; ++i) Out[id.x * 4 + i] = i;\n"
        "}\n");
  Outcome off = compile("0", "-E main -T cs_6_0 a.hlsl");
  Outcome on = compile("1", "-E main -T cs_6_0 a.hlsl");
  ASSERT_EQ(off.run.exitCode, 0) << off.run.err;
  size_t msl = off.run.err.find("warning OSH4002"), wgsl = off.run.err.find("warning OSH5004");
  ASSERT_NE(msl, std::string::npos) << off.run.err;
  ASSERT_NE(wgsl, std::string::npos) << off.run.err;
  EXPECT_LT(msl, wgsl);
  expectSame(off, on);
}

TEST_F(SecondThread, TextTargetErrorsFailTheCompileTheSameWay) {
  // A double: fine in SPIR-V (Float64), OSH4001 in MSL and OSH5001 in WGSL; no file is
  // written and the exit status is 1 either way.
  write("a.hlsl",
        "RWStructuredBuffer<float> Out : register(u0);\n"
        "[numthreads(1, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID) {\n"
        "  double d = 1.5;\n"
        "  Out[id.x] = float(d * 2.0);\n"
        "}\n");
  Outcome off = compile("0", "-E main -T cs_6_0 a.hlsl");
  Outcome on = compile("1", "-E main -T cs_6_0 a.hlsl");
  EXPECT_EQ(off.run.exitCode, 1);
  size_t msl = off.run.err.find("error OSH4001"), wgsl = off.run.err.find("error OSH5001");
  ASSERT_NE(msl, std::string::npos) << off.run.err;
  ASSERT_NE(wgsl, std::string::npos) << off.run.err;
  EXPECT_LT(msl, wgsl);
  EXPECT_TRUE(off.spv.empty());
  expectSame(off, on);
}

TEST_F(SecondThread, SeedExampleEveryEntryPointIsByteIdentical) {
  // Two entry points (CSSum, PSSlope): one module each, each with its own second thread.
  auto compileWaves = [&](const char* mode) {
    ::setenv("ONESHADER_SECOND_THREAD", mode, 1);
    fs::remove_all(dir / "out");
    CliRun r = run(quote(kWaves) + " -o out --reflect-json out/r.json");
    ::unsetenv("ONESHADER_SECOND_THREAD");
    std::string all = std::to_string(r.exitCode) + r.out + r.err;
    for (const char* f :
         {"CSSum.spv", "CSSum.metal", "CSSum.wgsl", "PSSlope.spv", "PSSlope.metal", "PSSlope.wgsl", "r.json"})
      all += std::string("\n== ") + f + "\n" + readFile(dir / "out" / f);
    return all;
  };
  std::string off = compileWaves("0"), on = compileWaves("1");
  EXPECT_NE(off.find("== CSSum.spv\n\x03\x02\x23\x07"), std::string::npos);
  EXPECT_EQ(off, on);
}

// Without validation (-Vd), or without a SPIR-V target, there is nothing to overlap with
// the text targets: the last text target is made on the second thread while the compile's
// own makes the others. The same outputs and the same diagnostics in the same order.
TEST_F(SecondThread, WithoutValidationTheLastTextTargetIsByteIdentical) {
  write("a.hlsl",
        "RWStructuredBuffer<uint> Out : register(u0);\n"
        "[numthreads(8, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID) {\n"
        "  [unroll] for (uint i = 0; i < 4; ++i) Out[id.x * 4 + i] = WavePrefixSum(i);\n"
        "}\n");
  for (const char* args : {"-E main -T cs_6_0 -Vd a.hlsl", "-E main -T cs_6_0 --target msl,wgsl a.hlsl",
                           "-E main -T cs_6_0 --target wgsl,spirv,msl -Vd a.hlsl"}) {
    SCOPED_TRACE(args);
    Outcome off = compile("0", args);
    Outcome on = compile("1", args);
    ASSERT_EQ(off.run.exitCode, 0) << off.run.err;
    size_t msl = off.run.err.find("warning OSH4002"), wgsl = off.run.err.find("warning OSH5004");
    ASSERT_NE(msl, std::string::npos) << off.run.err;
    ASSERT_NE(wgsl, std::string::npos) << off.run.err;
    EXPECT_EQ(msl < wgsl, std::string(args).find("wgsl,spirv") == std::string::npos);
    EXPECT_FALSE(off.metal.empty());
    EXPECT_FALSE(off.wgsl.empty());
    expectSame(off, on);
  }
}

TEST_F(SecondThread, WithoutValidationTextErrorsFailTheSameWay) {
  // OSH4001 (MSL) before OSH5001 (WGSL) in target order, nothing written, exit status 1.
  write("a.hlsl",
        "RWStructuredBuffer<float> Out : register(u0);\n"
        "[numthreads(1, 1, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID) {\n"
        "  double d = 1.5;\n"
        "  Out[id.x] = float(d * 2.0);\n"
        "}\n");
  Outcome off = compile("0", "-E main -T cs_6_0 -Vd a.hlsl");
  Outcome on = compile("1", "-E main -T cs_6_0 -Vd a.hlsl");
  EXPECT_EQ(off.run.exitCode, 1);
  size_t msl = off.run.err.find("error OSH4001"), wgsl = off.run.err.find("error OSH5001");
  ASSERT_NE(msl, std::string::npos) << off.run.err;
  ASSERT_NE(wgsl, std::string::npos) << off.run.err;
  EXPECT_LT(msl, wgsl);
  EXPECT_TRUE(off.metal.empty());
  EXPECT_TRUE(off.wgsl.empty());
  expectSame(off, on);
}
