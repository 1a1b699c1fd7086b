// One test per diagnostic code: tests/diag/OSHnnnn.hlsl starts with
//   // EXPECT: OSHnnnn LINE:COL     (LINE:* checks the line only; '-' means no location)
// and optionally
//   // ARGS: -E name -T cs_6_0 --target=spirv,wgsl -fspv-target-env=vulkan1.0 -WX
// The file is compiled with CompileFile and must produce that code at that location.
// A second test checks that every row of src/diag/diagnostics.def has such a file, is
// covered by a named test elsewhere, or is explicitly pending with a reason; a third that
// docs/diagnostics.md documents every row (and nothing else).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "diag/diag.hpp"
#include "oneshader/oneshader.hpp"
#include "test_args.hpp"

namespace fs = std::filesystem;
using namespace oneshader;

namespace {

const fs::path kSource = ONESHADER_SOURCE_DIR;

// Codes that cannot be checked yet, each with the reason. Keep this short and honest.
// A pending code may already have its tests/diag file: it is compiled, and if the code
// now appears where expected the test fails, asking for the entry to be removed.
const std::map<std::string, std::string> kPending = {
    {"OSH9999", "internal errors have no source trigger by design"},
};
// Codes covered by a named test that is not a tests/diag file.
const std::map<std::string, std::string> kCoveredElsewhere = {
    {"OSH9001", "DiagCodes.MissingFileIsOSH9001 (there is no file to put it in)"},
    {"OSH9002", "Cli.UnwritableOutputIsOSH9002 (needs the CLI writing a file)"},
};

struct Expectation {
  std::string code;
  bool hasLocation = false;
  bool lineOnly = false;
  uint32_t line = 0, column = 0;
  CompileOptions options;
  bool ok = false;
  std::string error;
};

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Expectation parseExpectation(const fs::path& file) {
  Expectation e;
  std::istringstream in(readFile(file));
  std::string line;
  if (!std::getline(in, line) || line.rfind("// EXPECT: ", 0) != 0) {
    e.error = "first line is not '// EXPECT: OSHnnnn LINE:COL'";
    return e;
  }
  std::istringstream ex(line.substr(11));
  std::string where;
  ex >> e.code >> where;
  if (e.code.size() != 7 || e.code.rfind("OSH", 0) != 0) {
    e.error = "bad code '" + e.code + "'";
    return e;
  }
  if (where != "-") {
    size_t colon = where.find(':');
    if (colon == std::string::npos) {
      e.error = "bad location '" + where + "'";
      return e;
    }
    e.hasLocation = true;
    e.line = uint32_t(std::stoul(where.substr(0, colon)));
    std::string col = where.substr(colon + 1);
    if (col == "*")
      e.lineOnly = true;
    else
      e.column = uint32_t(std::stoul(col));
  }
  while (std::getline(in, line) && line.rfind("// ", 0) == 0) {
    if (line.rfind("// ARGS:", 0) == 0 && !test::parseArgs(line.substr(8), e.options, e.error)) return e;
  }
  e.ok = true;
  return e;
}

std::vector<fs::path> diagFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSource / "tests" / "diag"))
    if (entry.path().extension() == ".hlsl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string describe(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics)
    s += "  " + d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " + d.message +
         "\n";
  return s.empty() ? "  (no diagnostics)\n" : s;
}

}  // namespace

TEST(DiagCodes, EveryDiagFileProducesItsCodeAtItsLocation) {
  auto files = diagFiles();
  ASSERT_FALSE(files.empty());
  for (const auto& file : files) {
    SCOPED_TRACE(file.filename().string());
    Expectation e = parseExpectation(file);
    ASSERT_TRUE(e.ok) << e.error;
    EXPECT_EQ(file.stem().string(), e.code) << "a diag file is named after its code";
    CompileResult r = CompileFile(file.string(), e.options);
    bool pending = kPending.count(e.code) > 0;
    bool found = false;
    for (const auto& d : r.diagnostics) {
      if (d.code != e.code) continue;
      if (!e.hasLocation) {
        found = d.span.line == 0;
      } else {
        found = d.span.line == e.line && (e.lineOnly || d.span.column == e.column) &&
                fs::path(d.span.file).filename() == file.filename();
      }
      if (found) {
        EXPECT_FALSE(d.message.empty());
        EXPECT_NE(d.rendered.find(e.code), std::string::npos);
        break;
      }
    }
    if (pending) {
      EXPECT_FALSE(found) << e.code << " now works: remove it from kPending";
      continue;
    }
    EXPECT_TRUE(found) << "expected " << e.code << " at "
                       << (e.hasLocation ? std::to_string(e.line) + ":" + (e.lineOnly ? "*" : std::to_string(e.column))
                                         : std::string("no location"))
                       << ", got:\n"
                       << describe(r);
    bool isError = true;
    for (size_t i = 0; i < size_t(DiagId::Count); ++i)
      if (diagCodeString(DiagId(i)) == e.code)
        isError = diagInfo(DiagId(i)).severity == Severity::Error || diagInfo(DiagId(i)).severity == Severity::Fatal;
    // OSH9006 is the one note that only follows errors (the error limit was passed).
    if (isError || e.code == "OSH9006")
      EXPECT_FALSE(r.success);
    else
      EXPECT_TRUE(r.success) << "a warning or note does not fail the compile:\n" << describe(r);
  }
}

TEST(DiagCodes, MissingFileIsOSH9001) {
  CompileResult r = CompileFile((kSource / "tests" / "diag" / "no_such_file.hlsl").string());
  EXPECT_FALSE(r.success);
  ASSERT_EQ(r.diagnostics.size(), 1u) << describe(r);
  EXPECT_EQ(r.diagnostics[0].code, "OSH9001");
  EXPECT_NE(r.diagnostics[0].message.find("no_such_file.hlsl"), std::string::npos);
}

TEST(DiagCodes, EveryTableRowIsCovered) {
  std::set<std::string> files;
  for (const auto& f : diagFiles()) files.insert(f.stem().string());
  for (size_t i = 0; i < size_t(DiagId::Count); ++i) {
    std::string code = diagCodeString(DiagId(i));
    size_t covered = files.count(code) + kCoveredElsewhere.count(code);
    EXPECT_TRUE(covered == 1 || (covered == 0 && kPending.count(code)) || (files.count(code) && kPending.count(code)))
        << code << " (" << diagInfo(DiagId(i)).name << ") needs tests/diag/" << code
        << ".hlsl, or an entry in kCoveredElsewhere, or an entry in kPending";
  }
  // Pending entries must name real codes (a stale entry is an error too).
  for (const auto& [code, why] : kPending) {
    bool exists = false;
    for (size_t i = 0; i < size_t(DiagId::Count); ++i) exists |= diagCodeString(DiagId(i)) == code;
    EXPECT_TRUE(exists) << code << " is pending but not in the table";
  }
}

// docs/diagnostics.md has one "### OSHnnnn: Name" heading per row, followed by the
// severity and the message template exactly as in the table, and no other code headings.
TEST(DiagCodes, DocsListEveryRow) {
  std::string doc = readFile(kSource / "docs" / "diagnostics.md");
  ASSERT_FALSE(doc.empty()) << "docs/diagnostics.md is missing";
  std::set<std::string> documented;
  std::istringstream in(doc);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("### OSH", 0) == 0) documented.insert(line.substr(4, 7));
  std::set<std::string> table;
  for (size_t i = 0; i < size_t(DiagId::Count); ++i) {
    const DiagInfo& info = diagInfo(DiagId(i));
    std::string code = diagCodeString(DiagId(i));
    table.insert(code);
    std::string heading = "### " + code + ": " + info.name + "\n";
    size_t at = doc.find(heading);
    ASSERT_NE(at, std::string::npos) << "docs/diagnostics.md lacks '" << heading << "'";
    size_t next = doc.find("\n### ", at + heading.size());
    std::string section = doc.substr(at, next == std::string::npos ? std::string::npos : next - at);
    const char* sev = info.severity == Severity::Warning ? "warning"
                      : info.severity == Severity::Note  ? "note"
                      : info.severity == Severity::Fatal ? "fatal"
                                                         : "error";
    EXPECT_NE(section.find(std::string("Severity: ") + sev), std::string::npos) << code;
    EXPECT_NE(section.find(std::string("`") + info.message + "`"), std::string::npos)
        << code << ": the message template must appear verbatim in backticks";
  }
  for (const auto& code : documented) EXPECT_TRUE(table.count(code)) << code << " is documented but not in the table";
}

// Codes are stable and never reused: two rows with one code (two engineers picking the
// same free number) fail here, whatever order the rows are in.
TEST(DiagCodes, EveryCodeIsUnique) {
  std::map<std::string, std::string> seen;
  for (size_t i = 0; i < size_t(DiagId::Count); ++i) {
    std::string code = diagCodeString(DiagId(i));
    auto [it, fresh] = seen.emplace(code, diagInfo(DiagId(i)).name);
    EXPECT_TRUE(fresh) << code << " is used by both " << it->second << " and " << diagInfo(DiagId(i)).name;
  }
}
