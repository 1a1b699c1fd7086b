// oneshader: the command-line compiler. A thin layer over the driver (oneshader.hpp):
// DXC-style flags in, one ENTRY.spv / .metal / .wgsl per entry point and target out, a
// reflection summary line per entry point on stdout, rendered diagnostics on stderr.
// Several inputs, -j or --manifest select batch mode (batch.cpp).
//
// Output discipline: nothing is written unless the whole compile succeeded. Every file
// is first written to a temporary name beside its destination and renamed only when
// all of them were written, so a failed run never leaves a partial or stale-looking file.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "args.hpp"
#include "batch.hpp"
#include "diag/diag.hpp"
#include "oneshader/oneshader.hpp"
#include "output.hpp"

namespace fs = std::filesystem;
using namespace oneshader;
using namespace oneshader::cli;

namespace {

void printOptionError(const std::string& msg, bool json) {
  DiagEngine de;
  de.report(DiagId::InvalidOption, SourceRange{}, {msg});
  if (json) {
    CompileResult r;
    DiagnosticInfo d;
    d.code = diagCodeString(DiagId::InvalidOption);
    d.severity = "error";
    d.message = de.diagnostics().front().message;
    r.diagnostics.push_back(d);
    std::cerr << r.diagnosticsJson();
  } else {
    std::cerr << de.renderAll();
  }
}

// -P: the preprocessed source to -Fi's file (default: the input's name with .i).
int preprocessOnly(const Args& a, const CompileOptions& opts) {
  if (a.inputs.size() != 1) {
    printOptionError("-P takes exactly one input file", a.diagFormat == "json");
    return 1;
  }
  PreprocessResult r = PreprocessFile(a.inputs.front(), opts);
  for (const auto& d : r.diagnostics) std::cerr << d.rendered;
  if (!r.success) return 1;
  std::string path =
      a.fiFile.empty() ? fs::path(a.inputs.front()).filename().replace_extension(".i").string() : a.fiFile;
  std::string failed;
  if (!commitFiles({{path, r.text}}, failed)) {
    DiagEngine de;
    de.report(DiagId::FileWriteFailed, SourceRange{}, {failed});
    std::cerr << de.renderAll();
    return 1;
  }
  return 0;
}

int compileOne(const Args& a, const CompileOptions& opts) {
  const bool jsonDiags = a.diagFormat == "json";
  const std::string& input = a.inputs.front();
  CompileResult result = CompileFile(input, opts);

  // Collect the outputs; only an entirely successful compile writes anything.
  std::vector<PendingFile> files;
  std::vector<std::string> extraErrors;
  if (result.success) {
    OutputPlan plan = planOutputs(a, opts, result, [&](const std::string& entry, CompileTarget t) {
      return (fs::path(a.outDir) / (entry + targetExtension(t))).string();
    });
    if (!plan.error.empty()) {
      extraErrors.push_back(plan.error);
    } else {
      files = std::move(plan.files);
      if (a.depfile) {
        std::vector<std::string> targets = a.depTargets;
        if (targets.empty())
          for (const auto& f : files) targets.push_back(f.path.string());
        files.push_back({a.depfilePath.empty() ? defaultDepfilePath(a, input) : a.depfilePath,
                         depfileText(targets, result.dependencies)});
      }
      if (!a.outDir.empty() && a.foFile.empty()) {
        std::error_code ec;
        fs::create_directories(a.outDir, ec);
      }
    }
  }

  bool ok = result.success && extraErrors.empty();
  std::string failedPath;
  if (ok && !commitFiles(files, failedPath)) {
    ok = false;
    extraErrors.push_back("");  // placeholder: reported as FileWriteFailed below
  }

  // Diagnostics to stderr.
  if (jsonDiags) {
    CompileResult all = result;
    for (const auto& m : extraErrors) {
      DiagnosticInfo d;
      d.severity = "error";
      if (m.empty()) {
        d.code = diagCodeString(DiagId::FileWriteFailed);
        d.message = "cannot write file '" + failedPath + "'";
      } else {
        d.code = diagCodeString(DiagId::InvalidOption);
        d.message = "invalid option: " + m;
      }
      all.diagnostics.push_back(d);
    }
    std::cerr << all.diagnosticsJson();
  } else {
    DiagEngine de;
    for (const auto& m : extraErrors) {
      if (m.empty())
        de.report(DiagId::FileWriteFailed, SourceRange{}, {failedPath});
      else
        de.report(DiagId::InvalidOption, SourceRange{}, {m});
    }
    std::string text = result.renderedDiagnostics() + de.renderAll();
    std::cerr << text;
    // -Fe: the same diagnostics in a file as well (written whether or not the compile failed).
    std::string feFailed;
    if (!a.feFile.empty() && !commitFiles({{a.feFile, text}}, feFailed)) {
      DiagEngine fe;
      fe.report(DiagId::FileWriteFailed, SourceRange{}, {feFailed});
      std::cerr << fe.renderAll();
      ok = false;
    }
  }

  if (ok) {
    std::string out;
    if (result.reflection)
      for (const auto& e : result.reflection->entryPoints) {
        out += SummaryLine(e) + "\n";
        if (a.reflectDetail) out += ReflectionDetail(e);
      }
    for (const auto& f : files) out += "wrote " + f.path.string() + " (" + std::to_string(f.data.size()) + " bytes)\n";
    if (a.fcFile == "-")
      for (const auto& o : result.outputs)
        if (o.target == CompileTarget::SpirV) out += o.text;
    if (a.reflectJson == "-" && result.reflection) out += result.reflection->toJson();
    std::fwrite(out.data(), 1, out.size(), stdout);
  }

  if (a.showTime) {
    uint64_t total = 0;
    for (const auto& t : result.timings) {
      std::fprintf(stderr, "time: %-24s %10llu us\n", t.phase.c_str(), (unsigned long long)t.microseconds);
      total += t.microseconds;
    }
    std::fprintf(stderr, "time: %-24s %10llu us\n", "total", (unsigned long long)total);
  }
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> argsv(argv + 1, argv + argc);
  Args a;
  std::string error;
  bool parsed = parseArgs(argsv, a, error);
  const bool jsonDiags = a.diagFormat == "json";
  if (!parsed) {
    printOptionError(error, jsonDiags);
    return 1;
  }
  if (a.help) {
    std::string h = helpText();
    std::fwrite(h.data(), 1, h.size(), stdout);
    return 0;
  }
  if (a.showVersion) {
    std::printf("%s\n", Version());
    return 0;
  }
  if (a.inputs.empty() && a.manifest.empty()) {
    printOptionError("no input file (usage: oneshader FILE [options]; --help lists them)", jsonDiags);
    return 1;
  }
  CompileOptions opts;
  if (!toCompileOptions(a, opts, error)) {
    printOptionError(error, jsonDiags);
    return 1;
  }
  // DXC's options: those with no effect get a note, those not supported yet are errors.
  {
    DiagEngine de;
    if (!a.noWarnings)
      for (const std::string& n : a.noEffect) {
        size_t colon = n.find(": ");
        de.report(DiagId::OptionNoEffect, SourceRange{}, {n.substr(0, colon), n.substr(colon + 2)});
      }
    for (const std::string& m : a.notSupportedYet) de.report(DiagId::NotSupportedYet, SourceRange{}, {m});
    bool spirv = std::find(opts.targets.begin(), opts.targets.end(), CompileTarget::SpirV) != opts.targets.end();
    for (const std::string& n : a.dxilOnly) {
      size_t colon = n.find(": ");
      if (spirv)
        de.report(DiagId::InvalidOption, SourceRange{},
                  {n.substr(0, colon) + " is not supported with -spirv (" + n.substr(colon + 2) + ")"});
      else if (!a.noWarnings)
        de.report(DiagId::OptionNoEffect, SourceRange{}, {n.substr(0, colon), n.substr(colon + 2)});
    }
    if (!de.diagnostics().empty()) std::cerr << de.renderAll();
    if (de.hasErrors()) return 1;
  }
  for (const std::string& arg : argsv) opts.commandLine += (opts.commandLine.empty() ? "" : " ") + arg;
  if (a.preprocessOnly) return preprocessOnly(a, opts);
  if (a.inputs.size() > 1 || a.jobs > 0 || !a.manifest.empty()) return runBatch(a, argsv);
  return compileOne(a, opts);
}
