// Writing a compile's outputs: the files of one compile are written to temporaries and
// renamed only when all of them were written (nothing partial is ever left), and the
// depfile (-MD) that names them as targets of the files the compile read.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "args.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

struct PendingFile {
  std::filesystem::path path;
  std::string data;
};

// Writes every file to PATH.tmpPID.N, then renames them all. On any failure the
// temporaries are removed and the failing path is returned in `failed`.
bool commitFiles(const std::vector<PendingFile>& files, std::string& failed);

const char* targetExtension(CompileTarget t);

// The files one successful compile writes under the options `a` (outputs, disassembly,
// reflection JSON, depfile last). `naming(entry, target)` gives an output's path when -Fo is
// not given. False with `error` for an option that needs one entry point or one target.
struct OutputPlan {
  std::vector<PendingFile> files;
  std::string error;  // an OSH9003 message
};
template <typename Naming>
OutputPlan planOutputs(const Args& a, const CompileOptions& opts, const CompileResult& r, Naming naming);

// -Fh: the module as a C/C++ header, DXC's shape: `const unsigned char NAME[] = {0x03, ...};`.
std::string headerText(const std::string& name, const CompiledShader& o);

// A Make rule "TARGETS: PREREQUISITES" with Make's escaping of spaces, '#' and '$'.
std::string depfileText(const std::vector<std::string>& targets, const std::vector<std::string>& prerequisites);
// -MD's path without -MF: the -Fo file with its extension replaced by .d, else
// OUTDIR/STEM.d for the input FILE (STEM: its name without the extension).
std::string defaultDepfilePath(const Args& a, const std::string& input);

// ---- implementation of the template

std::vector<std::string> distinctEntries(const CompileResult& r);

template <typename Naming>
OutputPlan planOutputs(const Args& a, const CompileOptions& opts, const CompileResult& r, Naming naming) {
  namespace fs = std::filesystem;
  OutputPlan p;
  std::vector<std::string> entries = distinctEntries(r);
  if ((!a.foFile.empty() || !a.fcFile.empty()) && entries.size() != 1) {
    p.error = (!a.foFile.empty() ? std::string("-Fo") : std::string("-Fc")) + " needs exactly one entry point, but " +
              std::to_string(entries.size()) + " were compiled (select one with -E)";
    return p;
  }
  if (!a.foFile.empty() && opts.targets.size() != 1) {
    p.error = "-Fo needs exactly one target";
    return p;
  }
  for (const auto& o : r.outputs) {
    auto bytes = o.toBytes();
    PendingFile f;
    f.path = !a.foFile.empty() ? fs::path(a.foFile) : fs::path(naming(o.entryPoint, o.target));
    f.data.assign(bytes.begin(), bytes.end());
    p.files.push_back(std::move(f));
    if (o.target == CompileTarget::SpirV && a.disassemble) {
      fs::path t = fs::path(naming(o.entryPoint, o.target)).replace_extension(".spvasm");
      p.files.push_back({t, o.text});
    }
    if (o.target == CompileTarget::SpirV && !a.fcFile.empty() && a.fcFile != "-") p.files.push_back({a.fcFile, o.text});
  }
  if (!a.fhFile.empty()) {
    if (entries.size() != 1) {
      p.error = "-Fh needs exactly one entry point, but " + std::to_string(entries.size()) +
                " were compiled (select one with -E)";
      return p;
    }
    for (const auto& o : r.outputs)
      if (o.target == CompileTarget::SpirV)
        p.files.push_back({fs::path(a.fhFile), headerText(a.vnName.empty() ? "g_" + o.entryPoint : a.vnName, o)});
  }
  if (!a.reflectJson.empty() && a.reflectJson != "-" && r.reflection)
    p.files.push_back({fs::path(a.reflectJson), r.reflection->toJson()});
  return p;
}

}  // namespace oneshader::cli
