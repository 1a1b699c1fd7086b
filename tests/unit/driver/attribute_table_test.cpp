// The attribute table (src/sema/attributes.def) against tests/attributes/: no HLSL or vk::
// attribute is accepted without an effect or a diagnostic, on any target.
//
// Each case file tests/attributes/NAME.hlsl starts with comment lines:
//   // ATTR: [[vk::push_constant]]    the table row (attrDisplayName), exactly one file per row
//   // ARGS: -E main -T cs_6_0         options (tests/unit/driver/test_args.hpp)
//   // REMOVE: [[vk::push_constant]]   text taken out of the code for the comparison compile
//   // SPIRV: text / WGSL: text / MSL: text      must be in that target's output (SPIR-V: the
//                                                disassembly), and, for an Effect row, absent
//                                                from the output without the attribute
//   // REFLECT-SPIRV|WGSL|MSL: text    the same, in the reflection JSON of that target's compile
//   // DIAG: OSH0044 4:2               a diagnostic on every target (LINE:* for any column)
//   // DIAG-SPIRV|WGSL|MSL: ...        a diagnostic on one target
//   // NA-SPIRV|WGSL|MSL: reason       the attribute has no meaning for that target (reviewed)
// Every target needs a text, a diagnostic or an NA reason: otherwise the attribute would be
// silently ignored there. Ignored rows must give OSH0044 and NotSupported rows OSH0007 on
// every target; Effect rows must show their effect in the output of at least one target.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "sema/attributes.hpp"
#include "test_args.hpp"

namespace fs = std::filesystem;
using namespace oneshader;

namespace {

const fs::path kSource = ONESHADER_SOURCE_DIR;

// Rows whose case is still to be written, each with the reason. Shrinks to nothing.
const std::map<std::string, std::string> kPending = {};

struct DiagExpect {
  std::string code;
  uint32_t line = 0, column = 0;
  bool anyColumn = false;
};

struct TargetExpect {
  std::vector<std::string> texts, reflect;
  std::vector<DiagExpect> diags;
  std::string na;
};

struct Case {
  fs::path file;
  std::string attr, remove, source, error;
  CompileOptions options;
  TargetExpect target[3];  // SpirV, Msl, Wgsl (CompileTarget order)
};

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool parseDiag(const std::string& s, DiagExpect& d) {
  std::istringstream in(s);
  std::string where;
  in >> d.code >> where;
  size_t colon = where.find(':');
  if (d.code.size() != 7 || colon == std::string::npos) return false;
  d.line = uint32_t(std::stoul(where.substr(0, colon)));
  std::string col = where.substr(colon + 1);
  if (col == "*")
    d.anyColumn = true;
  else
    d.column = uint32_t(std::stoul(col));
  return true;
}

Case parseCase(const fs::path& file) {
  Case c;
  c.file = file;
  c.source = readFile(file);
  std::istringstream in(c.source);
  static const std::pair<const char*, int> kTargets[] = {{"SPIRV", 0}, {"MSL", 1}, {"WGSL", 2}};
  for (std::string line; std::getline(in, line) && line.rfind("//", 0) == 0;) {
    size_t colon = line.find(':');
    if (line.rfind("// ", 0) != 0 || colon == std::string::npos) continue;
    std::string key = line.substr(3, colon - 3);
    std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "ATTR")
      c.attr = value;
    else if (key == "REMOVE")
      c.remove = value;
    else if (key == "ARGS") {
      if (!test::parseArgs(value, c.options, c.error)) return c;
    } else if (key == "DIAG") {
      DiagExpect d;
      if (!parseDiag(value, d)) c.error = "bad DIAG line: " + line;
      for (auto& t : c.target) t.diags.push_back(d);
    } else {
      bool known = false;
      for (auto [name, idx] : kTargets) {
        std::string n = name;
        if (key == n)
          c.target[idx].texts.push_back(value), known = true;
        else if (key == "REFLECT-" + n)
          c.target[idx].reflect.push_back(value), known = true;
        else if (key == "NA-" + n)
          c.target[idx].na = value, known = true;
        else if (key == "DIAG-" + n) {
          DiagExpect d;
          if (!parseDiag(value, d)) c.error = "bad DIAG line: " + line;
          c.target[idx].diags.push_back(d);
          known = true;
        }
      }
      if (!known && key != "NOTE") c.error = "unknown header key '" + key + "'";
    }
  }
  if (c.attr.empty()) c.error = "no '// ATTR:' line";
  return c;
}

std::vector<fs::path> caseFiles() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kSource / "tests" / "attributes"))
    if (e.path().extension() == ".hlsl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The source with `remove` taken out of the first code line (not a comment) that has it.
std::string without(const std::string& src, const std::string& remove) {
  std::istringstream in(src);
  std::string out, line;
  bool done = false;
  while (std::getline(in, line)) {
    if (!done && line.rfind("//", 0) != 0) {
      size_t p = line.find(remove);
      if (p != std::string::npos) {
        line.erase(p, remove.size());
        done = true;
      }
    }
    out += line + "\n";
  }
  return done ? out : std::string();
}

struct Output {
  bool success = false;
  std::string text, reflect, diags;
  std::vector<DiagnosticInfo> list;
};

Output compile(const std::string& src, const std::string& name, CompileOptions o, CompileTarget t) {
  o.targets = {t};
  o.disassemble = true;
  CompileResult r = CompileSource(src, name, o);
  Output out;
  out.success = r.success;
  out.list = r.diagnostics;
  for (const auto& d : r.diagnostics)
    out.diags += "  " + d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " +
                 d.message + "\n";
  for (const auto& s : r.outputs) out.text += s.text;
  if (r.reflection) out.reflect = r.reflection->toJson();
  return out;
}

const char* targetName(int i) { return i == 0 ? "SPIR-V" : i == 1 ? "MSL" : "WGSL"; }

}  // namespace

TEST(AttributeTable, EveryRowHasOneCase) {
  std::map<std::string, std::vector<std::string>> casesOf;
  for (const auto& f : caseFiles()) {
    Case c = parseCase(f);
    ASSERT_TRUE(c.error.empty()) << f.filename() << ": " << c.error;
    casesOf[c.attr].push_back(f.filename().string());
  }
  std::set<std::string> rows;
  for (const sema::AttrInfo& a : sema::attributeTable()) {
    std::string name = sema::attrDisplayName(a);
    rows.insert(name);
    size_t n = casesOf.count(name) ? casesOf[name].size() : 0;
    if (kPending.count(name)) {
      EXPECT_EQ(n, 0u) << name << " has a case now: remove it from kPending";
      continue;
    }
    EXPECT_EQ(n, 1u) << name << " needs exactly one case in tests/attributes/";
  }
  for (const auto& [attr, files] : casesOf)
    EXPECT_TRUE(rows.count(attr)) << files[0] << " names '" << attr << "', which is not a row of attributes.def";
}

TEST(AttributeTable, EveryCaseProvesItsRow) {
  std::map<std::string, const sema::AttrInfo*> rowOf;
  for (const sema::AttrInfo& a : sema::attributeTable()) rowOf[sema::attrDisplayName(a)] = &a;
  for (const auto& f : caseFiles()) {
    SCOPED_TRACE(f.filename().string());
    Case c = parseCase(f);
    ASSERT_TRUE(c.error.empty()) << c.error;
    ASSERT_TRUE(rowOf.count(c.attr)) << c.attr;
    const sema::AttrInfo& row = *rowOf[c.attr];
    std::string plain = c.remove.empty() ? std::string() : without(c.source, c.remove);
    if (!c.remove.empty()) ASSERT_FALSE(plain.empty()) << "REMOVE text '" << c.remove << "' is not in the code";
    bool someEffect = false;
    for (int t = 0; t < 3; ++t) {
      SCOPED_TRACE(targetName(t));
      const TargetExpect& ex = c.target[t];
      EXPECT_TRUE(!ex.texts.empty() || !ex.reflect.empty() || !ex.diags.empty() || !ex.na.empty())
          << "no expectation for this target: the attribute would be accepted there without effect or diagnostic";
      Output with = compile(c.source, f.filename().string(), c.options, CompileTarget(t));
      for (const DiagExpect& d : ex.diags) {
        bool found = false;
        for (const auto& got : with.list)
          found |= got.code == d.code && got.span.line == d.line && (d.anyColumn || got.span.column == d.column);
        EXPECT_TRUE(found) << "expected " << d.code << " at " << d.line << ":"
                           << (d.anyColumn ? std::string("*") : std::to_string(d.column)) << ", got:\n"
                           << with.diags;
      }
      if (row.handling == sema::AttrHandling::Ignored || row.handling == sema::AttrHandling::NotSupported) {
        std::string want = row.handling == sema::AttrHandling::Ignored ? "OSH0044" : "OSH0007";
        bool has = false;
        for (const auto& d : ex.diags) has |= d.code == want;
        EXPECT_TRUE(has) << "an " << (want == "OSH0044" ? "Ignored" : "NotSupported") << " row must expect " << want;
        continue;
      }
      if (ex.texts.empty() && ex.reflect.empty()) continue;
      EXPECT_TRUE(with.success) << with.diags;
      for (const auto& s : ex.texts)
        EXPECT_NE(with.text.find(s), std::string::npos) << "output lacks '" << s << "':\n" << with.text;
      for (const auto& s : ex.reflect)
        EXPECT_NE(with.reflect.find(s), std::string::npos) << "reflection lacks '" << s << "':\n" << with.reflect;
      if (row.handling != sema::AttrHandling::Effect) continue;
      ASSERT_FALSE(c.remove.empty()) << "an Effect row needs a REMOVE line";
      Output base = compile(plain, f.filename().string(), c.options, CompileTarget(t));
      if (!base.success) {
        someEffect = true;  // the attribute is what makes it compile at all ([numthreads], [shader])
        continue;
      }
      bool differs = false;
      for (const auto& s : ex.texts) differs |= base.text.find(s) == std::string::npos;
      for (const auto& s : ex.reflect) differs |= base.reflect.find(s) == std::string::npos;
      EXPECT_TRUE(differs) << "the expected text is there without the attribute too: it proves nothing";
      someEffect |= differs;
    }
    if (row.handling == sema::AttrHandling::Effect)
      EXPECT_TRUE(someEffect) << "an Effect row must change some target's output";
  }
}
