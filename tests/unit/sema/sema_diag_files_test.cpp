// Cross-check with tests/diag/OSH0nnn.hlsl (the driver's per-code examples): for every
// Sema code (0001-0039), running Sema on the file reports that code at the EXPECT location.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sema_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(SemaDiagFiles, EachSemaCodeAtItsExpectedLocation) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ONESHADER_SOURCE_DIR) / "tests" / "diag";
  if (!fs::exists(dir)) GTEST_SKIP() << "tests/diag not present";
  std::vector<fs::path> files;
  for (auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (n.size() == 12 && n.substr(0, 4) == "OSH0" && n.substr(8) == "hlsl" && n < "OSH0040") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  int checked = 0;
  for (const auto& p : files) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::string code = p.filename().string().substr(0, 7);
    // // EXPECT: OSH0001 5:12   (or '-' for no location)   // ARGS: -E name -T cs_6_0
    std::string expectLoc;
    sema::SemaOptions o;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.rfind("// EXPECT: ", 0) == 0) {
        std::istringstream ls(line.substr(11));
        std::string c2;
        ls >> c2 >> expectLoc;
      } else if (line.rfind("// ARGS: ", 0) == 0) {
        std::istringstream ls(line.substr(9));
        std::string a;
        while (ls >> a) {
          if (a == "-E")
            ls >> o.entryPoint;
          else if (a == "-T")
            ls >> o.profile;
          else if (a == "-enable-16bit-types")
            o.enable16BitTypes = true;
        }
      }
    }
    auto c = check(text, o);
    bool found = false;
    for (const auto& d : c->diags.diagnostics()) {
      if (diagCodeString(d.id) != code) continue;
      PresumedLoc pl = c->sm.presumedLoc(d.range.begin);
      std::string loc = pl.valid() ? std::to_string(pl.line) + ":" + std::to_string(pl.column) : "-";
      if (loc == expectLoc) found = true;
    }
    EXPECT_TRUE(found) << p.filename() << ": expected " << code << " at " << expectLoc << ", got:\n" << c->allDiags();
    ++checked;
  }
  EXPECT_GT(checked, 0);
}
