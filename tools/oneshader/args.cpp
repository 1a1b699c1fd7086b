#include "args.hpp"

#include <cstdlib>
#include <string_view>

namespace oneshader::cli {
namespace {

// How an option takes its argument.
enum class Arg : uint8_t {
  None,      // a flag
  Value,     // -NAME VALUE, -NAME=VALUE, --NAME VALUE, --NAME=VALUE
  Short,     // one letter: -XVALUE or -X VALUE
  Pair,      // -NAME N SPACE
};

struct Spec {
  const char* names;    // spellings without dashes, '|'-separated; the first is shown in help
  Arg arg;
  const char* metavar;  // for help
  const char* help;
  void (*apply)(Args&, std::string_view value, std::string_view second, std::string& error);
};

void setString(std::string& s, std::string_view v) { s.assign(v); }

bool parseInt(std::string_view v, int lo, int hi, int& out) {
  if (v.empty() || v.size() > 9) return false;
  int n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  if (n < lo || n > hi) return false;
  out = n;
  return true;
}

#define OPT(...) [](Args& a, std::string_view v, std::string_view v2, std::string& err) { (void)a; (void)v; (void)v2; (void)err; __VA_ARGS__; }

// Every option. DXC spells long options with one dash (-Fo, -Vd, -fspv-target-env=...);
// both one and two dashes are accepted for every long option.
const Spec kSpecs[] = {
    {"o", Arg::Short, "DIR", "Output directory for ENTRY.spv/.metal/.wgsl (default: current directory)",
     OPT(setString(a.outDir, v))},
    {"T", Arg::Short, "PROFILE", "Shader profile, e.g. cs_6_0 (gives the stage of a -E entry without [shader])",
     OPT(setString(a.profile, v))},
    {"E", Arg::Short, "NAME", "Entry point to compile (default: every [shader(\"...\")] function)",
     OPT(setString(a.entry, v))},
    {"D", Arg::Short, "NAME[=VALUE]", "Define a macro", OPT(a.defines.emplace_back(v))},
    {"U", Arg::Short, "NAME", "Undefine a macro", OPT(a.undefines.emplace_back(v))},
    {"I", Arg::Short, "DIR", "Add an include directory", OPT(a.includeDirs.emplace_back(v))},
    {"O", Arg::Short, "LEVEL", "Optimization level 0..3 (-O0 .. -O3)",
     OPT(if (!parseInt(v, 0, 3, a.optLevel)) err = "-O expects a level 0..3, got '" + std::string(v) + "'")},
    {"j|jobs", Arg::Short, "N", "Batch mode: compile on N threads (default: every core)",
     OPT(if (!parseInt(v, 1, 4096, a.jobs)) err = "-j expects a thread count 1..4096, got '" + std::string(v) + "'")},
    {"Fo", Arg::Value, "FILE", "Output file (single entry point and target)", OPT(setString(a.foFile, v))},
    {"Fc", Arg::Value, "FILE", "Write SPIR-V disassembly to this file (single entry point; - for stdout)",
     OPT(setString(a.fcFile, v))},
    {"spirv", Arg::None, "", "Generate SPIR-V only (DXC's flag; the default without --target is all targets)",
     OPT(a.spirvFlag = true)},
    {"fspv-target-env", Arg::Value, "ENV", "vulkan1.0, vulkan1.1, vulkan1.2 (default), vulkan1.3",
     OPT(setString(a.targetEnv, v))},
    {"Vd", Arg::None, "", "Skip in-process SPIR-V validation", OPT(a.skipValidation = true)},
    {"disassemble", Arg::None, "", "Also write ENTRY.spvasm (SPIR-V text) next to each ENTRY.spv",
     OPT(a.disassemble = true)},
    {"enable-16bit-types", Arg::None, "", "Enable 16-bit types (half, int16_t, ...)", OPT(a.enable16 = true)},
    {"HV", Arg::Value, "VERSION", "HLSL language version (2021)", OPT(setString(a.hlslVersion, v))},
    {"fvk-use-dx-layout", Arg::None, "", "Use DirectX memory layout for Vulkan resources", OPT(a.dxLayout = true)},
    {"fvk-use-scalar-layout", Arg::None, "", "Use scalar memory layout for Vulkan resources",
     OPT(a.scalarLayout = true)},
    {"fvk-t-shift", Arg::Pair, "N SPACE", "Shift t registers (SPACE may be 'all')",
     OPT(a.shifts[0].emplace_back(v); a.shifts[0].emplace_back(v2))},
    {"fvk-u-shift", Arg::Pair, "N SPACE", "Shift u registers", OPT(a.shifts[1].emplace_back(v); a.shifts[1].emplace_back(v2))},
    {"fvk-b-shift", Arg::Pair, "N SPACE", "Shift b registers", OPT(a.shifts[2].emplace_back(v); a.shifts[2].emplace_back(v2))},
    {"fvk-s-shift", Arg::Pair, "N SPACE", "Shift s registers", OPT(a.shifts[3].emplace_back(v); a.shifts[3].emplace_back(v2))},
    {"WX", Arg::None, "", "Treat warnings as errors", OPT(a.werror = true)},
    {"no-warnings", Arg::None, "", "Suppress warnings", OPT(a.noWarnings = true)},
    {"target", Arg::Value, "LIST", "Targets: spirv[,msl,wgsl] (default: all three)",
     OPT(size_t s = 0; for (size_t i = 0; i <= v.size(); ++i) if (i == v.size() || v[i] == ',') {
       if (i > s) a.targets.emplace_back(v.substr(s, i - s));
       s = i + 1;
     })},
    {"reflect-json", Arg::Value, "FILE", "Write reflection as JSON to this file (- for stdout)",
     OPT(setString(a.reflectJson, v))},
    {"reflect", Arg::None, "", "Under each summary line, print each resource's binding per target and the stage inputs/outputs",
     OPT(a.reflectDetail = true)},
    {"diagnostics-format", Arg::Value, "FMT", "text (default) or json",
     OPT(if (v != "text" && v != "json") err = "--diagnostics-format expects text or json, got '" + std::string(v) + "'";
         else setString(a.diagFormat, v))},
    {"wgsl-naga", Arg::None, "", "WGSL for naga (wgpu, Firefox): leave out `enable subgroups;`", OPT(a.wgslNaga = true)},
    {"wgsl-push-constant-binding", Arg::Pair, "GROUP BINDING",
     "The uniform buffer that stands in for a [[vk::push_constant]] block in WGSL (default: binding 0 of the group after the highest one the shader binds)",
     OPT(a.wgslPushBinding = {std::string(v), std::string(v2)})},
    {"MD|MMD", Arg::None, "", "Write a depfile (Make syntax) of the files read: -MF's path, or -Fo's / the input's with .d",
     OPT(a.depfile = true)},
    {"MF", Arg::Value, "FILE", "The depfile's path (implies -MD)", OPT(a.depfile = true; setString(a.depfilePath, v))},
    {"MT", Arg::Value, "TARGET", "A target of the depfile's rule (repeatable; default: the files written)",
     OPT(a.depTargets.emplace_back(v))},
    {"manifest", Arg::Value, "FILE", "Batch mode: compile the permutations a JSON manifest lists (docs/cli.md)",
     OPT(setString(a.manifest, v))},
    {"progress", Arg::Value, "WHEN", "Batch mode progress bar on standard error: auto (on a terminal), on, off",
     OPT(if (v != "auto" && v != "on" && v != "off") err = "--progress expects auto, on or off, got '" + std::string(v) + "'";
         else setString(a.progress, v))},
    {"time", Arg::None, "", "Print a per-phase timing breakdown (microseconds) to stderr", OPT(a.showTime = true)},
    {"version", Arg::None, "", "Print the version and exit", OPT(a.showVersion = true)},
    {"h|help", Arg::None, "", "Print this help and exit", OPT(a.help = true)},
};
#undef OPT

bool nameMatches(const char* names, std::string_view n) {
  std::string_view all(names);
  size_t s = 0;
  for (size_t i = 0; i <= all.size(); ++i)
    if (i == all.size() || all[i] == '|') {
      if (all.substr(s, i - s) == n) return true;
      s = i + 1;
    }
  return false;
}

}  // namespace

bool parseArgs(const std::vector<std::string>& args, Args& out, std::string& error) {
  bool rest = false;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (rest || a.size() < 2 || a[0] != '-') {
      out.inputs.emplace_back(a);
      continue;
    }
    if (a == "--") {
      rest = true;
      continue;
    }
    std::string_view body = a.substr(a[1] == '-' ? 2 : 1);
    std::string_view name = body, attached;
    bool hasEq = false;
    if (size_t eq = body.find('='); eq != std::string_view::npos) {
      name = body.substr(0, eq);
      attached = body.substr(eq + 1);
      hasEq = true;
    }
    const Spec* spec = nullptr;
    for (const Spec& s : kSpecs)
      if (s.arg != Arg::Short && nameMatches(s.names, name)) { spec = &s; break; }
    // One-letter options take an attached value (-DFOO=1, -O3, -Tcs_6_0) on one dash; "jobs"
    // is also spelled --jobs N / --jobs=N.
    if (!spec) {
      for (const Spec& s : kSpecs) {
        if (s.arg != Arg::Short) continue;
        if (a[1] != '-' && body[0] == s.names[0] && (s.names[1] == '\0' || s.names[1] == '|')) {
          spec = &s;
          name = body.substr(0, 1);
          attached = body.substr(1);
          hasEq = !attached.empty();
          break;
        }
        if (a[1] == '-' && nameMatches(s.names, name) && name.size() > 1) { spec = &s; break; }
      }
    }
    if (!spec) {
      error = "unknown option '" + std::string(a) + "' (--help lists them)";
      return false;
    }
    std::string_view v, v2;
    switch (spec->arg) {
      case Arg::None:
        if (hasEq) {
          error = "option '" + std::string(a.substr(0, a.find('='))) + "' takes no value";
          return false;
        }
        break;
      case Arg::Value:
      case Arg::Short:
        if (hasEq) {
          v = attached;
        } else if (i + 1 < args.size()) {
          v = args[++i];
        } else {
          error = "option '" + std::string(a) + "' needs a value (" + spec->metavar + ")";
          return false;
        }
        break;
      case Arg::Pair:
        if (hasEq || i + 2 >= args.size()) {
          error = "option '" + std::string(a) + "' needs two values (" + spec->metavar + ")";
          return false;
        }
        v = args[++i];
        v2 = args[++i];
        break;
    }
    std::string err;
    spec->apply(out, v, v2, err);
    if (!err.empty()) {
      error = err;
      return false;
    }
  }
  return true;
}

std::string helpText() {
  std::string s =
      "OneShader: HLSL to SPIR-V, MSL and WGSL\n"
      "Usage: oneshader [OPTIONS] FILE.hlsl           one compile\n"
      "       oneshader [OPTIONS] A.hlsl B.hlsl ...   batch mode (also with -j N or --manifest FILE)\n\n"
      "Options:\n";
  for (const Spec& sp : kSpecs) {
    std::string line = "  ";
    std::string_view all(sp.names);
    size_t st = 0;
    bool first = true;
    for (size_t i = 0; i <= all.size(); ++i)
      if (i == all.size() || all[i] == '|') {
        std::string_view n = all.substr(st, i - st);
        if (!first) line += ", ";
        line += (sp.arg == Arg::Short && n.size() > 1) ? "--" : "-";  // --jobs; DXC's one dash otherwise
        line += n;
        first = false;
        st = i + 1;
      }
    if (*sp.metavar) {
      line += sp.arg == Arg::Value && std::string_view(sp.names).rfind("fspv", 0) == 0 ? "=" : " ";
      line += sp.metavar;
    }
    if (line.size() < 30) line.resize(30, ' ');
    else line += "\n" + std::string(30, ' ');
    s += line + sp.help + "\n";
  }
  s +=
      "\nEvery long option is accepted with one dash (DXC's spelling: -Fo, -Vd,\n"
      "-fspv-target-env=vulkan1.1) or two (--Fo); values follow as the next argument or\n"
      "after '='. One-letter options take them attached too (-DFOO=1, -O3, -Tcs_6_0).\n"
      "Exit status: 0 on success, 1 on any error (nothing is written then; in batch mode,\n"
      "1 when any job failed, the others' outputs are written). See docs/cli.md.\n";
  return s;
}

bool toCompileOptions(const Args& a, CompileOptions& opts, std::string& error) {
  opts = CompileOptions{};
  opts.entryPoint = a.entry;
  opts.profile = a.profile;
  for (const auto& d : a.defines) {
    size_t eq = d.find('=');
    if (eq == std::string::npos) opts.defines.push_back({d, std::nullopt});
    else opts.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
  }
  opts.undefines = a.undefines;
  opts.includeDirs = a.includeDirs;
  if (a.targetEnv == "vulkan1.0") opts.spirvEnv = SpirvTargetEnv::Vulkan1_0;
  else if (a.targetEnv == "vulkan1.1") opts.spirvEnv = SpirvTargetEnv::Vulkan1_1;
  else if (a.targetEnv == "vulkan1.2") opts.spirvEnv = SpirvTargetEnv::Vulkan1_2;
  else if (a.targetEnv == "vulkan1.3") opts.spirvEnv = SpirvTargetEnv::Vulkan1_3;
  else {
    error = "unknown -fspv-target-env '" + a.targetEnv + "' (vulkan1.0 .. vulkan1.3)";
    return false;
  }
  if (a.optLevel >= 0) opts.optimizationLevel = a.optLevel;
  opts.validate = !a.skipValidation;
  opts.enable16BitTypes = a.enable16;
  if (a.hlslVersion != "2021") {
    error = "unsupported -HV '" + a.hlslVersion + "' (only 2021)";
    return false;
  }
  if (a.dxLayout && a.scalarLayout) {
    error = "-fvk-use-dx-layout and -fvk-use-scalar-layout are exclusive";
    return false;
  }
  opts.layout = a.dxLayout ? LayoutRules::DirectX : a.scalarLayout ? LayoutRules::Scalar : LayoutRules::Default;
  static const char kKinds[4] = {'t', 'u', 'b', 's'};
  static const char* kNames[4] = {"fvk-t-shift", "fvk-u-shift", "fvk-b-shift", "fvk-s-shift"};
  for (int i = 0; i < 4; ++i) {
    for (size_t k = 0; k + 1 < a.shifts[i].size(); k += 2) {
      const std::string& n = a.shifts[i][k];
      const std::string& sp = a.shifts[i][k + 1];
      CompileOptions::Shift s{kKinds[i], 0, -1};
      char* end = nullptr;
      unsigned long long nv = std::strtoull(n.c_str(), &end, 10);
      bool ok = !n.empty() && n[0] != '-' && n[0] != '+' && *end == '\0' && nv <= 0xffffffffULL;
      s.shift = uint32_t(nv);
      if (ok && sp != "all") {
        long long spv = std::strtoll(sp.c_str(), &end, 10);
        ok = !sp.empty() && sp[0] != '+' && *end == '\0' && spv >= 0 && spv <= 0x7fffffffLL;
        s.space = int32_t(spv);
      }
      if (!ok) {
        error = std::string(kNames[i]) + " expects N SPACE, got '" + n + " " + sp + "'";
        return false;
      }
      opts.bindingShifts.push_back(s);
    }
  }
  opts.warningsAsErrors = a.werror;
  opts.disableWarnings = a.noWarnings;
  if (a.targets.empty() && a.foFile.empty() && a.fcFile.empty() && !a.spirvFlag) {
    // One source, three targets: without --target (and without DXC's single-output flags
    // -Fo/-Fc/-spirv, which keep DXC's SPIR-V-only behaviour) every target is written.
    opts.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  } else if (!a.targets.empty()) {
    opts.targets.clear();
    for (const auto& n : a.targets) {
      CompileTarget t;
      if (n == "spirv" || n == "spv") t = CompileTarget::SpirV;
      else if (n == "msl" || n == "metal") t = CompileTarget::Msl;
      else if (n == "wgsl") t = CompileTarget::Wgsl;
      else {
        error = "unknown target '" + n + "' (spirv, msl, wgsl)";
        return false;
      }
      bool dup = false;
      for (auto o : opts.targets) dup |= (o == t);
      if (!dup) opts.targets.push_back(t);
    }
  }
  opts.disassemble = a.disassemble || !a.fcFile.empty();
  opts.wgslNagaDialect = a.wgslNaga;
  if (a.wgslPushBinding.size() == 2) {
    int g = 0, b = 0;
    if (!parseInt(a.wgslPushBinding[0], 0, 1 << 30, g) || !parseInt(a.wgslPushBinding[1], 0, 1 << 30, b)) {
      error = "--wgsl-push-constant-binding expects GROUP BINDING, got '" + a.wgslPushBinding[0] + " " +
              a.wgslPushBinding[1] + "'";
      return false;
    }
    opts.wgslPushConstantGroup = g;
    opts.wgslPushConstantBinding = uint32_t(b);
  }
  return true;
}

}  // namespace oneshader::cli
