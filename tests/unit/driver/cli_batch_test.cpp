// The CLI's batch mode (several inputs, -j, --manifest) and depfiles (-MD/-MF/-MT):
// byte-identical outputs whatever -j is, one failure not stopping the rest, permutations,
// Make-syntax depfiles naming exactly the files read, hermetic outputs.
#include <gtest/gtest.h>

#include <map>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;
using namespace clitest;

namespace {

class CliBatch : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    write("inc.hlsli", "#ifndef V\n#define V 1\n#endif\nstatic const uint K = 3;\n");
    write("a.hlsl",
          "#include \"inc.hlsli\"\n"
          "RWStructuredBuffer<uint> Out : register(u0);\n"
          "[shader(\"compute\")] [numthreads(8, 1, 1)]\n"
          "void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * K + V; }\n");
    write("b.hlsl",
          "RWStructuredBuffer<uint> Out : register(u0);\n"
          "[shader(\"compute\")] [numthreads(4, 1, 1)]\n"
          "void first(uint3 id : SV_DispatchThreadID) { Out[id.x] = 1; }\n"
          "[shader(\"compute\")] [numthreads(4, 1, 1)]\n"
          "void second(uint3 id : SV_DispatchThreadID) { Out[id.x] = 2; }\n");
    write("bad.hlsl", "[shader(\"compute\")] [numthreads(1, 1, 1)]\nvoid main() { undeclared = 1; }\n");
  }
  // Every file under `sub` with its bytes.
  std::map<std::string, std::string> contents(const std::string& sub) {
    std::map<std::string, std::string> m;
    for (const auto& e : fs::recursive_directory_iterator(dir / sub))
      if (e.is_regular_file()) m[fs::relative(e.path(), dir / sub).string()] = readFile(e.path());
    return m;
  }
};

}  // namespace

TEST_F(CliBatch, OneFailureDoesNotStopTheRestAndOutputsAreNamedPerFile) {
  CliRun r = run("a.hlsl bad.hlsl b.hlsl -o out -j 2 --progress=off");
  EXPECT_EQ(r.exitCode, 1) << r.err;
  // The failing file wrote nothing; the others wrote STEM.ENTRY.EXT for all three targets.
  EXPECT_EQ(files(dir / "out"),
            (std::set<std::string>{"a.main.spv", "a.main.metal", "a.main.wgsl", "b.first.spv", "b.first.metal",
                                   "b.first.wgsl", "b.second.spv", "b.second.metal", "b.second.wgsl"}));
  EXPECT_NE(r.err.find("bad.hlsl:2:15: error OSH0001: use of undeclared identifier 'undeclared'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("oneshader: 3 compiles, 2 succeeded, 1 failed; 9 files written;"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("  failed: bad.hlsl\n"), std::string::npos) << r.err;
  // Text is printed in input order whatever finished first.
  size_t a = r.out.find("wrote out/a.main.spv"), b = r.out.find("wrote out/b.first.spv");
  ASSERT_NE(a, std::string::npos) << r.out;
  ASSERT_NE(b, std::string::npos) << r.out;
  EXPECT_LT(a, b);
}

TEST_F(CliBatch, OutputsAreByteIdenticalWhateverJobsIs) {
  // 3 files x 4 define sets x all targets, on 1, 2 and 7 threads; stdout too.
  write("m.json",
        "{\"jobs\": [{\"file\": \"a.hlsl\", \"defines\": [[\"V=1\"], [\"V=2\"], [\"V=3\"], []], \"out\": "
        "\"{dir}/a{perm}\"},"
        " {\"file\": \"b.hlsl\", \"defines\": [[\"X\"], [\"Y=2\"], [\"Z\"], []], \"out\": \"{dir}/b{perm}\"}]}");
  std::string outs[3];
  std::map<std::string, std::string> trees[3];
  const char* jobs[3] = {"1", "2", "7"};
  for (int i = 0; i < 3; ++i) {
    CliRun r = run(std::string("--manifest m.json -o j") + jobs[i] + " -j " + jobs[i] + " --progress=off");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    trees[i] = contents(std::string("j") + jobs[i]);
    outs[i] = r.out;
    for (size_t p; (p = outs[i].find(std::string("j") + jobs[i] + "/")) != std::string::npos;)
      outs[i].replace(p, 3, "J/");
  }
  EXPECT_EQ(trees[0].size(), 4u * 3u + 4u * 6u);  // a: one entry, b: two, three targets each
  EXPECT_EQ(trees[0], trees[1]);
  EXPECT_EQ(trees[0], trees[2]);
  EXPECT_EQ(outs[0], outs[1]);
  EXPECT_EQ(outs[0], outs[2]);
  // The define sets really are different programs (V feeds the stored value).
  EXPECT_NE(trees[0]["a0.main.spv"], trees[0]["a1.main.spv"]);
  EXPECT_EQ(trees[0]["a0.main.spv"], trees[0]["a3.main.spv"]);  // V=1 is inc.hlsli's default
}

TEST_F(CliBatch, ManifestPermutationsEntriesTargetsAndRepeats) {
  write("m.json",
        "{\"args\": [\"-fspv-target-env=vulkan1.1\"],"
        " \"jobs\": [{\"file\": \"b.hlsl\", \"entries\": [\"second\"], \"targets\": [\"spirv\", \"wgsl\"]},"
        "            {\"file\": \"a.hlsl\", \"defines\": [[\"V=5\"], [\"V=5\"]], \"targets\": [\"msl\"], \"out\": "
        "\"p/{stem}-{perm}\"}]}");
  CliRun r = run("--manifest m.json -o out --progress=off");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(files(dir / "out"), (std::set<std::string>{"b.second.spv", "b.second.wgsl"}));
  EXPECT_EQ(files(dir / "p"), (std::set<std::string>{"a-0.main.metal", "a-1.main.metal"}));
  EXPECT_EQ(readFile(dir / "p" / "a-0.main.metal"), readFile(dir / "p" / "a-1.main.metal"));
  EXPECT_NE(r.err.find("oneshader: 3 compiles, 3 succeeded, 0 failed; 4 files written;"), std::string::npos) << r.err;
  // The manifest's args apply: vulkan1.1 is SPIR-V 1.3 (version word 0x00010300).
  std::string spv = readFile(dir / "out" / "b.second.spv");
  ASSERT_GE(spv.size(), 8u);
  EXPECT_EQ(uint8_t(spv[6]), 1u);
  EXPECT_EQ(uint8_t(spv[5]), 3u);
}

TEST_F(CliBatch, TwoJobsWritingTheSameFilesIsAnError) {
  write("m.json",
        "{\"jobs\": [{\"file\": \"a.hlsl\", \"defines\": [[\"V=1\"]]}, {\"file\": \"a.hlsl\", \"defines\": "
        "[[\"V=2\"]]}]}");
  CliRun r = run("--manifest m.json -o out --progress=off");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(
      r.err.find("error OSH9003: invalid option: batch: 'a.hlsl -DV=1' and 'a.hlsl -DV=2' would both write out/a.*"),
      std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
  CliRun bad = run("--manifest nope.json --progress=off");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("OSH9003"), std::string::npos) << bad.err;
  CliRun fo = run("a.hlsl b.hlsl -Fo x.spv");
  EXPECT_EQ(fo.exitCode, 1);
  EXPECT_NE(fo.err.find("cannot be used in batch mode"), std::string::npos) << fo.err;
}

TEST_F(CliBatch, DepfileNamesTheOutputsAndEveryFileRead) {
  // GCC's and DXC's spellings: -MD beside the -Fo file, -MF to a path, -MT for the target.
  fs::create_directories(dir / "o");
  CliRun r = run("a.hlsl -E main -T cs_6_0 -Fo o/a.spv -MD");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(readFile(dir / "o" / "a.d"), "o/a.spv: \\\n  a.hlsl \\\n  inc.hlsli\n");
  CliRun f = run("a.hlsl -o out -MF deps/a.dep -MT 'my target$'");
  ASSERT_NE(f.exitCode, 0);  // deps/ does not exist: nothing is written at all
  EXPECT_FALSE(fs::exists(dir / "out" / "main.spv"));
  fs::create_directories(dir / "deps");
  fs::create_directories(dir / "sub dir");
  write("sub dir/x.hlsli", "static const uint K = 4;\n#define V 0\n");
  write("c.hlsl",
        "#include \"x.hlsli\"\nRWStructuredBuffer<uint> Out : register(u0);\n"
        "[shader(\"compute\")] [numthreads(8, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { Out[id.x] = K + V; "
        "}\n");
  CliRun g = run("c.hlsl -o out -I 'sub dir' -MF deps/c.dep -MT 'my target$'");
  ASSERT_EQ(g.exitCode, 0) << g.err;
  // Make escaping: a space as '\ ', '$' as '$$'.
  EXPECT_EQ(readFile(dir / "deps" / "c.dep"), "my\\ target$$: \\\n  c.hlsl \\\n  sub\\ dir/x.hlsli\n");
  // Without -MT the targets are every file written, in order; batch mode: OUTDIR/STEM.d.
  CliRun b = run("a.hlsl b.hlsl -o bo -MMD --progress=off");
  ASSERT_EQ(b.exitCode, 0) << b.err;
  EXPECT_EQ(readFile(dir / "bo" / "a.d"),
            "bo/a.main.spv bo/a.main.metal bo/a.main.wgsl: \\\n  a.hlsl \\\n  inc.hlsli\n");
  EXPECT_EQ(readFile(dir / "bo" / "b.d").rfind("bo/b.first.spv bo/b.first.metal bo/b.first.wgsl bo/b.second.spv", 0),
            0u);
}

TEST_F(CliBatch, OutputsAreHermetic) {
  // The same sources compiled from two different folders, one by an absolute path: the
  // outputs carry no path and no time, so they are byte-identical.
  fs::create_directories(dir / "x" / "deep");
  fs::copy_file(dir / "a.hlsl", dir / "x" / "deep" / "a.hlsl");
  fs::copy_file(dir / "inc.hlsli", dir / "x" / "deep" / "inc.hlsli");
  CliRun r1 = run("a.hlsl -o one --reflect-json one.json");
  ASSERT_EQ(r1.exitCode, 0) << r1.err;
  CliRun r2 = run(quote((dir / "x" / "deep" / "a.hlsl").string()) + " -o two --reflect-json two.json");
  ASSERT_EQ(r2.exitCode, 0) << r2.err;
  for (const char* f : {"main.spv", "main.metal", "main.wgsl"})
    EXPECT_EQ(readFile(dir / "one" / f), readFile(dir / "two" / f)) << f;
  EXPECT_EQ(readFile(dir / "one.json"), readFile(dir / "two.json"));
  EXPECT_EQ(readFile(dir / "one.json").find(dir.string()), std::string::npos);
}
