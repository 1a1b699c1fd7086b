// System-value semantics on every target: tests/semantics/NAME.hlsl, each one entry point;
// ray tracing the same way: tests/raytracing/NAME.hlsl; language constructs (statements,
// expressions) in tests/language/NAME.hlsl.
// Header comment lines (the attribute cases' format, tests/attributes):
//   // ARGS: -E main -T ps_6_0        options (tests/unit/driver/test_args.hpp)
//   // SPIRV: text / MSL: text / WGSL: text   must be in that target's output (SPIR-V: the
//                                            disassembly); the compile must succeed
//   // DIAG: OSH0035 4:2              a diagnostic on every target (LINE:* for any column)
//   // DIAG-SPIRV|MSL|WGSL: ...       a diagnostic on one target
// Every target needs a text or a diagnostic: a semantic is never dropped silently. The
// SPIR-V texts come from DXC's CHECK lines (its CodeGenSPIRV semantic.* tests) and
// SPIR-V.rst; the compile runs spirv-val on the module.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "test_args.hpp"

namespace fs = std::filesystem;
using namespace oneshader;

namespace {

struct Diag {
  std::string code;
  uint32_t line = 0, column = 0;
  bool anyLine = false, anyColumn = false;
};

struct Expect {
  std::vector<std::string> texts;
  std::vector<Diag> diags;
};

bool parseDiag(const std::string& s, Diag& d) {
  std::istringstream in(s);
  std::string where;
  in >> d.code >> where;
  size_t colon = where.find(':');
  if (d.code.size() != 7 || colon == std::string::npos) return false;
  if (where.substr(0, colon) == "*")
    d.anyLine = true;
  else
    d.line = uint32_t(std::stoul(where.substr(0, colon)));
  std::string col = where.substr(colon + 1);
  if (col == "*")
    d.anyColumn = true;
  else
    d.column = uint32_t(std::stoul(col));
  return true;
}

// Every case in tests/DIR.
void runCases(const char* dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "tests" / dir))
    if (e.path().extension() == ".hlsl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  for (const fs::path& f : files) {
    SCOPED_TRACE(f.filename().string());
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
    CompileOptions options;
    std::string error;
    Expect ex[3];  // SpirV, Msl, Wgsl (CompileTarget order)
    static const std::pair<const char*, int> kTargets[] = {{"SPIRV", 0}, {"MSL", 1}, {"WGSL", 2}};
    std::istringstream lines(src);
    for (std::string line; std::getline(lines, line) && line.rfind("//", 0) == 0;) {
      size_t colon = line.find(':');
      if (line.rfind("// ", 0) != 0 || colon == std::string::npos) continue;
      std::string key = line.substr(3, colon - 3), value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
      if (key == "ARGS") {
        ASSERT_TRUE(test::parseArgs(value, options, error)) << error;
        continue;
      }
      if (key == "DIAG") {
        Diag d;
        ASSERT_TRUE(parseDiag(value, d)) << line;
        for (Expect& e : ex) e.diags.push_back(d);
        continue;
      }
      bool known = key == "NOTE";
      for (auto [name, idx] : kTargets) {
        if (key == name) ex[idx].texts.push_back(value), known = true;
        if (key == std::string("DIAG-") + name) {
          Diag d;
          ASSERT_TRUE(parseDiag(value, d)) << line;
          ex[idx].diags.push_back(d);
          known = true;
        }
      }
      ASSERT_TRUE(known) << "unknown header key '" << key << "'";
    }
    for (int t = 0; t < 3; ++t) {
      const char* tn = t == 0 ? "SPIR-V" : t == 1 ? "MSL" : "WGSL";
      SCOPED_TRACE(tn);
      ASSERT_TRUE(!ex[t].texts.empty() || !ex[t].diags.empty()) << "no expectation for " << tn;
      CompileOptions o = options;
      o.targets = {CompileTarget(t)};
      o.disassemble = true;
      CompileResult r = CompileSource(src, f.filename().string(), o);
      std::string diags, text;
      for (const auto& d : r.diagnostics)
        diags += "  " + d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " +
                 d.message + "\n";
      for (const auto& s : r.outputs) text += s.text;
      for (const Diag& d : ex[t].diags) {
        bool found = false;
        for (const auto& got : r.diagnostics)
          found |= got.code == d.code && (d.anyLine || got.span.line == d.line) &&
                   (d.anyColumn || got.span.column == d.column);
        EXPECT_TRUE(found) << "expected " << d.code << " at " << (d.anyLine ? std::string("*") : std::to_string(d.line))
                           << ":" << (d.anyColumn ? std::string("*") : std::to_string(d.column)) << ", got:\n"
                           << diags;
      }
      if (!ex[t].diags.empty()) {
        EXPECT_FALSE(r.success) << "expected a refusal";
        continue;
      }
      EXPECT_TRUE(r.success) << diags;
      for (const auto& s : ex[t].texts)
        EXPECT_NE(text.find(s), std::string::npos) << "output lacks '" << s << "':\n" << text;
    }
  }
}

}  // namespace

TEST(SemanticCases, EveryTargetMapsOrRefuses) { runCases("semantics"); }
TEST(RayTracingCases, EveryTargetMapsOrRefuses) { runCases("raytracing"); }
TEST(LanguageCases, EveryTargetMapsOrRefuses) { runCases("language"); }
