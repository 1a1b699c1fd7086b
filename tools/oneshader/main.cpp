// oneshader: the command-line compiler. A thin layer over the driver (oneshader.hpp):
// DXC-style flags in, one ENTRY.spv per entry point out, a reflection summary line per
// entry point on stdout, rendered diagnostics on stderr.
//
// Output discipline: nothing is written unless the whole compile succeeded. Every file
// is first written to a temporary name beside its destination and renamed only when
// all of them were written, so a failed run never leaves a partial or stale-looking file.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "diag/diag.hpp"
#include "oneshader/oneshader.hpp"

namespace fs = std::filesystem;
using namespace oneshader;

namespace {

// DXC spells its long options with one dash (-Fo, -Vd, -fspv-target-env=...). CLI11
// reserves single-dash names for one-letter options, so those spellings are rewritten
// to the double-dash form before parsing. Only the exact names below are rewritten;
// everything else (including -T/-E/-D/-I/-O/-o and attached values like -DFOO=1) is
// left for CLI11.
constexpr std::string_view kDxcLongOptions[] = {
    "Fo", "Fc", "Vd", "spirv", "fspv-target-env", "enable-16bit-types", "HV",
    "fvk-use-dx-layout", "fvk-use-scalar-layout", "fvk-t-shift", "fvk-u-shift",
    "fvk-b-shift", "fvk-s-shift", "WX", "no-warnings", "disassemble", "target",
    "reflect-json", "reflect", "diagnostics-format", "time", "version",
};

std::vector<std::string> normalizeArgs(int argc, char** argv) {
  std::vector<std::string> out;
  bool rest = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (rest || a == "--") {
      rest = true;
      out.push_back(std::move(a));
      continue;
    }
    if (a.size() > 2 && a[0] == '-' && a[1] != '-') {
      std::string_view name(a);
      name.remove_prefix(1);
      if (size_t eq = name.find('='); eq != std::string_view::npos) name = name.substr(0, eq);
      for (auto n : kDxcLongOptions)
        if (name == n) { a.insert(a.begin(), '-'); break; }
    }
    out.push_back(std::move(a));
  }
  return out;
}

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

// A pending output: its final path and contents.
struct PendingFile {
  fs::path path;
  std::string data;
};

// Writes every file to PATH.tmpPID, then renames them all. On any failure the
// temporaries are removed and the failing path is returned in `failed`.
bool commitFiles(const std::vector<PendingFile>& files, std::string& failed) {
  std::vector<fs::path> temps;
  auto cleanup = [&] {
    std::error_code ec;
    for (auto& t : temps) fs::remove(t, ec);
  };
  for (const auto& f : files) {
    fs::path tmp = f.path;
    tmp += ".tmp" + std::to_string(::getpid());
    std::ofstream os(tmp, std::ios::binary | std::ios::trunc);
    if (!os) { failed = f.path.string(); cleanup(); return false; }
    temps.push_back(tmp);
    os.write(f.data.data(), std::streamsize(f.data.size()));
    os.close();
    if (!os) { failed = f.path.string(); cleanup(); return false; }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    fs::rename(temps[i], files[i].path, ec);
    if (ec) {
      failed = files[i].path.string();
      // Files already renamed stay (they are complete); the rest are removed.
      std::error_code ec2;
      for (size_t j = i; j < temps.size(); ++j) fs::remove(temps[j], ec2);
      return false;
    }
  }
  return true;
}

bool parseTargets(const std::vector<std::string>& names, std::vector<CompileTarget>& out, std::string& bad) {
  out.clear();
  for (const auto& n : names) {
    CompileTarget t;
    if (n == "spirv" || n == "spv") t = CompileTarget::SpirV;
    else if (n == "msl" || n == "metal") t = CompileTarget::Msl;
    else if (n == "wgsl") t = CompileTarget::Wgsl;
    else { bad = n; return false; }
    bool dup = false;
    for (auto o : out) dup |= (o == t);
    if (!dup) out.push_back(t);
  }
  return !out.empty();
}

const char* targetExtension(CompileTarget t) {
  switch (t) {
    case CompileTarget::SpirV: return ".spv";
    case CompileTarget::Msl: return ".metal";
    case CompileTarget::Wgsl: return ".wgsl";
  }
  return ".out";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"OneShader: HLSL to SPIR-V (MSL and WGSL to come) compiler", "oneshader"};
  app.set_help_flag("-h,--help", "Print this help and exit");
  app.footer(
      "DXC's single-dash spellings are accepted for every long option: -Fo, -Fc, -Vd, -spirv,\n"
      "-fspv-target-env=vulkan1.1, -enable-16bit-types, -HV 2021, -fvk-use-dx-layout,\n"
      "-fvk-t-shift N SPACE, -WX, -no-warnings, ... Exit status: 0 on success, 1 on any error\n"
      "(nothing is written then). See docs/cli.md.");

  std::string input, outDir = ".", entry, profile, foFile, fcFile, targetEnv = "vulkan1.2";
  std::string hlslVersion = "2021", reflectJson, diagFormat = "text";
  std::vector<std::string> defines, undefines, includeDirs, targets;
  int optLevel = -1;
  bool spirvFlag = false, skipValidation = false, disassemble = false, enable16 = false;
  bool dxLayout = false, scalarLayout = false, werror = false, noWarnings = false;
  bool showTime = false, showVersion = false, wgslNaga = false, reflectDetail = false;
  std::vector<std::string> shifts[4];  // t, u, b, s: N SPACE pairs

  app.add_option("input", input, "HLSL source file");
  app.add_option("-o", outDir, "Output directory for ENTRY.spv files (default: current directory)");
  app.add_option("-T", profile, "Shader profile, e.g. cs_6_0 (gives the stage of a -E entry without [shader])");
  app.add_option("-E", entry, "Entry point to compile (default: every [shader(\"...\")] function)");
  app.add_option("-D", defines, "Define a macro: NAME or NAME=VALUE")->allow_extra_args(false);
  app.add_option("-U", undefines, "Undefine a macro")->allow_extra_args(false);
  app.add_option("-I", includeDirs, "Add an include directory")->allow_extra_args(false);
  app.add_option("-O", optLevel, "Optimization level 0..3 (-O0 .. -O3)")->check(CLI::Range(0, 3));
  app.add_option("--Fo", foFile, "Output file (single entry point)");
  app.add_option("--Fc", fcFile, "Write SPIR-V disassembly to this file (single entry point; - for stdout)");
  app.add_flag("--spirv", spirvFlag, "Generate SPIR-V (the default; accepted for DXC compatibility)");
  app.add_option("--fspv-target-env", targetEnv, "vulkan1.0, vulkan1.1, vulkan1.2 (default), vulkan1.3");
  app.add_flag("--Vd", skipValidation, "Skip in-process SPIR-V validation");
  app.add_flag("--disassemble", disassemble, "Also write ENTRY.spvasm (SPIR-V text) next to each ENTRY.spv");
  app.add_flag("--enable-16bit-types", enable16, "Enable 16-bit types (half, int16_t, ...)");
  app.add_option("--HV", hlslVersion, "HLSL language version (2021)");
  app.add_flag("--fvk-use-dx-layout", dxLayout, "Use DirectX memory layout for Vulkan resources");
  app.add_flag("--fvk-use-scalar-layout", scalarLayout, "Use scalar memory layout for Vulkan resources");
  const char* shiftNames[4] = {"--fvk-t-shift", "--fvk-u-shift", "--fvk-b-shift", "--fvk-s-shift"};
  const char* shiftHelp[4] = {"Shift t registers: N SPACE (SPACE may be 'all')",
                              "Shift u registers: N SPACE", "Shift b registers: N SPACE",
                              "Shift s registers: N SPACE"};
  for (int i = 0; i < 4; ++i)
    app.add_option(shiftNames[i], shifts[i], shiftHelp[i])->expected(2)->take_all();
  app.add_flag("--WX", werror, "Treat warnings as errors");
  app.add_flag("--no-warnings", noWarnings, "Suppress warnings");
  app.add_option("--target", targets, "Targets: spirv[,msl,wgsl]")->delimiter(',');
  app.add_option("--reflect-json", reflectJson, "Write reflection as JSON to this file (- for stdout)");
  app.add_flag("--reflect", reflectDetail,
               "Under each summary line, print each resource's binding per target and the stage inputs/outputs");
  app.add_option("--diagnostics-format", diagFormat, "text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_flag("--wgsl-naga", wgslNaga, "WGSL for naga (wgpu, Firefox): leave out `enable subgroups;`");
  std::vector<uint32_t> wgslPushBinding;
  app.add_option("--wgsl-push-constant-binding", wgslPushBinding,
                 "GROUP BINDING of the uniform buffer that stands in for a [[vk::push_constant]] block in WGSL "
                 "(default: binding 0 of the group after the highest one the shader binds)")
      ->expected(2);
  app.add_flag("--time", showTime, "Print a per-phase timing breakdown (microseconds) to stderr");
  app.add_flag("--version", showVersion, "Print the version and exit");

  std::vector<std::string> args = normalizeArgs(argc, argv);
  std::reverse(args.begin(), args.end());  // CLI11's vector overload parses from the back
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();  // CLI11 capitalizes; diagnostics are lower-case
    if (!msg.empty() && msg[0] >= 'A' && msg[0] <= 'Z' && (msg.size() < 2 || msg[1] < 'A' || msg[1] > 'Z'))
      msg[0] = char(msg[0] - 'A' + 'a');
    printOptionError(msg, diagFormat == "json");
    return 1;
  }
  bool jsonDiags = diagFormat == "json";

  if (showVersion) {
    std::cout << Version() << "\n";
    return 0;
  }
  if (input.empty()) {
    printOptionError("no input file (usage: oneshader FILE [options]; --help lists them)", jsonDiags);
    return 1;
  }

  CompileOptions opts;
  opts.entryPoint = entry;
  opts.profile = profile;
  for (const auto& d : defines) {
    size_t eq = d.find('=');
    if (eq == std::string::npos) opts.defines.push_back({d, std::nullopt});
    else opts.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
  }
  opts.undefines = undefines;
  opts.includeDirs = includeDirs;
  if (targetEnv == "vulkan1.0") opts.spirvEnv = SpirvTargetEnv::Vulkan1_0;
  else if (targetEnv == "vulkan1.1") opts.spirvEnv = SpirvTargetEnv::Vulkan1_1;
  else if (targetEnv == "vulkan1.2") opts.spirvEnv = SpirvTargetEnv::Vulkan1_2;
  else if (targetEnv == "vulkan1.3") opts.spirvEnv = SpirvTargetEnv::Vulkan1_3;
  else {
    printOptionError("unknown -fspv-target-env '" + targetEnv + "' (vulkan1.0 .. vulkan1.3)", jsonDiags);
    return 1;
  }
  if (optLevel >= 0) opts.optimizationLevel = optLevel;
  opts.validate = !skipValidation;
  opts.enable16BitTypes = enable16;
  if (hlslVersion != "2021") {
    printOptionError("unsupported -HV '" + hlslVersion + "' (only 2021)", jsonDiags);
    return 1;
  }
  if (dxLayout && scalarLayout) {
    printOptionError("-fvk-use-dx-layout and -fvk-use-scalar-layout are exclusive", jsonDiags);
    return 1;
  }
  opts.layout = dxLayout ? LayoutRules::DirectX : scalarLayout ? LayoutRules::Scalar : LayoutRules::Default;
  const char kinds[4] = {'t', 'u', 'b', 's'};
  for (int i = 0; i < 4; ++i) {
    for (size_t k = 0; k + 1 < shifts[i].size(); k += 2) {
      CompileOptions::Shift s{kinds[i], 0, -1};
      try {
        size_t pos = 0;
        unsigned long n = std::stoul(shifts[i][k], &pos);
        if (pos != shifts[i][k].size() || n > 0xffffffffUL) throw std::invalid_argument("n");
        s.shift = uint32_t(n);
        if (shifts[i][k + 1] == "all") {
          s.space = -1;
        } else {
          long sp = std::stol(shifts[i][k + 1], &pos);
          if (pos != shifts[i][k + 1].size() || sp < 0 || sp > 0x7fffffffL) throw std::invalid_argument("space");
          s.space = int32_t(sp);
        }
      } catch (const std::exception&) {
        printOptionError(std::string(shiftNames[i] + 1) + " expects N SPACE, got '" + shifts[i][k] + " " +
                             shifts[i][k + 1] + "'", jsonDiags);
        return 1;
      }
      opts.bindingShifts.push_back(s);
    }
  }
  opts.warningsAsErrors = werror;
  opts.disableWarnings = noWarnings;
  if (targets.empty() && foFile.empty() && fcFile.empty() && !spirvFlag) {
    // One source, three targets: without --target (and without DXC's single-output
    // flags -Fo/-Fc/-spirv, which keep DXC's SPIR-V-only behaviour) every target is written.
    opts.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  } else if (!targets.empty()) {
    std::string bad;
    if (!parseTargets(targets, opts.targets, bad)) {
      printOptionError("unknown target '" + bad + "' (spirv, msl, wgsl)", jsonDiags);
      return 1;
    }
  }
  opts.disassemble = disassemble || !fcFile.empty();
  opts.wgslNagaDialect = wgslNaga;
  if (wgslPushBinding.size() == 2) {
    opts.wgslPushConstantGroup = int32_t(wgslPushBinding[0]);
    opts.wgslPushConstantBinding = wgslPushBinding[1];
  }

  CompileResult result = CompileFile(input, opts);

  // Collect the outputs; only an entirely successful compile writes anything.
  std::vector<PendingFile> files;
  std::vector<std::string> extraErrors;
  if (result.success) {
    std::vector<std::string> entries;
    for (const auto& o : result.outputs) {
      bool seen = false;
      for (auto& e : entries) seen |= (e == o.entryPoint);
      if (!seen) entries.push_back(o.entryPoint);
    }
    if ((!foFile.empty() || !fcFile.empty()) && entries.size() != 1) {
      extraErrors.push_back((!foFile.empty() ? std::string("-Fo") : std::string("-Fc")) +
                            " needs exactly one entry point, but " + std::to_string(entries.size()) +
                            " were compiled (select one with -E)");
    } else if (!foFile.empty() && opts.targets.size() != 1) {
      extraErrors.push_back("-Fo needs exactly one target");
    } else {
      for (const auto& o : result.outputs) {
        auto bytes = o.toBytes();
        PendingFile f;
        f.path = !foFile.empty() ? fs::path(foFile) : fs::path(outDir) / (o.entryPoint + targetExtension(o.target));
        f.data.assign(bytes.begin(), bytes.end());
        files.push_back(std::move(f));
        if (o.target == CompileTarget::SpirV && disassemble) {
          PendingFile t;
          t.path = fs::path(outDir) / (o.entryPoint + ".spvasm");
          t.data = o.text;
          files.push_back(std::move(t));
        }
        if (o.target == CompileTarget::SpirV && !fcFile.empty() && fcFile != "-") {
          PendingFile t;
          t.path = fcFile;
          t.data = o.text;
          files.push_back(std::move(t));
        }
      }
      if (!reflectJson.empty() && reflectJson != "-" && result.reflection)
        files.push_back({fs::path(reflectJson), result.reflection->toJson()});
      if (!outDir.empty() && foFile.empty()) {
        std::error_code ec;
        fs::create_directories(outDir, ec);
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
    std::cerr << result.renderedDiagnostics();
    DiagEngine de;
    for (const auto& m : extraErrors) {
      if (m.empty()) de.report(DiagId::FileWriteFailed, SourceRange{}, {failedPath});
      else de.report(DiagId::InvalidOption, SourceRange{}, {m});
    }
    std::cerr << de.renderAll();
  }

  if (ok) {
    if (result.reflection)
      for (const auto& e : result.reflection->entryPoints) {
        std::cout << SummaryLine(e) << "\n";
        if (reflectDetail) std::cout << ReflectionDetail(e);
      }
    for (const auto& f : files) std::cout << "wrote " << f.path.string() << " (" << f.data.size() << " bytes)\n";
    if (fcFile == "-")
      for (const auto& o : result.outputs)
        if (o.target == CompileTarget::SpirV) std::cout << o.text;
    if (reflectJson == "-" && result.reflection) std::cout << result.reflection->toJson();
  }

  if (showTime) {
    uint64_t total = 0;
    for (const auto& t : result.timings) {
      std::fprintf(stderr, "time: %-24s %10llu us\n", t.phase.c_str(), (unsigned long long)t.microseconds);
      total += t.microseconds;
    }
    std::fprintf(stderr, "time: %-24s %10llu us\n", "total", (unsigned long long)total);
  }
  return ok ? 0 : 1;
}
