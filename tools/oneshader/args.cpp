#include "args.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string_view>

namespace oneshader::cli {
namespace {

// How an option takes its argument.
enum class Arg : uint8_t {
  None,   // a flag
  Value,  // -NAME VALUE, -NAME=VALUE, --NAME VALUE, --NAME=VALUE
  Short,  // one letter: -XVALUE or -X VALUE
  Pair,   // -NAME N SPACE
  Quad,   // -NAME A B C D (apply gets the four values joined by spaces)
};

// What an option does: most are applied by `apply`; DXC's options that change nothing
// for SPIR-V, MSL or WGSL are taken with a note saying why (`help` is the reason), and those
// whose effect OneShader does not have yet are an OSH0007 error (never silently ignored).
enum class Kind : uint8_t { Apply, NoEffect, NotYet, DxilOnly };

struct Spec {
  const char* names;  // spellings without dashes, '|'-separated; the first is shown in help
  Arg arg;
  const char* metavar;  // for help
  const char* help;
  void (*apply)(Args&, std::string_view value, std::string_view second, std::string& error);
  Kind kind = Kind::Apply;
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

#define OPT(...)                                                           \
  [](Args& a, std::string_view v, std::string_view v2, std::string& err) { \
    (void)a;                                                               \
    (void)v;                                                               \
    (void)v2;                                                              \
    (void)err;                                                             \
    __VA_ARGS__;                                                           \
  }

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
    {"HV", Arg::Value, "VERSION", "HLSL language version: 2016, 2017, 2018, 2021 (default), 202x",
     OPT(setString(a.hlslVersion, v))},
    {"fvk-use-dx-layout", Arg::None, "", "Use DirectX memory layout for Vulkan resources", OPT(a.dxLayout = true)},
    {"fvk-use-scalar-layout", Arg::None, "", "Use scalar memory layout for Vulkan resources",
     OPT(a.scalarLayout = true)},
    {"fvk-t-shift", Arg::Pair, "N SPACE", "Shift t registers (SPACE may be 'all')",
     OPT(a.shifts[0].emplace_back(v); a.shifts[0].emplace_back(v2))},
    {"fvk-u-shift", Arg::Pair, "N SPACE", "Shift u registers",
     OPT(a.shifts[1].emplace_back(v); a.shifts[1].emplace_back(v2))},
    {"fvk-b-shift", Arg::Pair, "N SPACE", "Shift b registers",
     OPT(a.shifts[2].emplace_back(v); a.shifts[2].emplace_back(v2))},
    {"fvk-s-shift", Arg::Pair, "N SPACE", "Shift s registers",
     OPT(a.shifts[3].emplace_back(v); a.shifts[3].emplace_back(v2))},
    {"WX", Arg::None, "", "Treat warnings as errors", OPT(a.werror = true)},
    {"no-warnings", Arg::None, "", "Suppress warnings", OPT(a.noWarnings = true)},
    {"target", Arg::Value, "LIST", "Targets: spirv[,msl,wgsl] (default: all three)",
     OPT(size_t s = 0; for (size_t i = 0; i <= v.size(); ++i) if (i == v.size() || v[i] == ',') {
       if (i > s) a.targets.emplace_back(v.substr(s, i - s));
       s = i + 1;
     })},
    {"reflect-json", Arg::Value, "FILE", "Write reflection as JSON to this file (- for stdout)",
     OPT(setString(a.reflectJson, v))},
    {"reflect", Arg::None, "",
     "Under each summary line, print each resource's binding per target and the stage inputs/outputs",
     OPT(a.reflectDetail = true)},
    {"diagnostics-format", Arg::Value, "FMT", "text (default) or json",
     OPT(if (v != "text" && v != "json") err =
             "--diagnostics-format expects text or json, got '" + std::string(v) + "'";
         else setString(a.diagFormat, v))},
    {"wgsl-naga", Arg::None, "", "WGSL for naga (wgpu, Firefox): leave out `enable subgroups;`",
     OPT(a.wgslNaga = true)},
    {"msl-layout-asserts", Arg::None, "",
     "MSL: static_assert each buffer struct's member offsets and size (off by default)",
     OPT(a.mslLayoutAsserts = true)},
    {"wgsl-push-constant-binding", Arg::Pair, "GROUP BINDING",
     "The uniform buffer that stands in for a [[vk::push_constant]] block in WGSL (default: binding 0 of the group "
     "after the highest one the shader binds)",
     OPT(a.wgslPushBinding = {std::string(v), std::string(v2)})},
    {"MD|MMD", Arg::None, "",
     "Write a depfile (Make syntax) of the files read: -MF's path, or -Fo's / the input's with .d",
     OPT(a.depfile = true)},
    {"MF", Arg::Value, "FILE", "The depfile's path (implies -MD)", OPT(a.depfile = true; setString(a.depfilePath, v))},
    {"MT", Arg::Value, "TARGET", "A target of the depfile's rule (repeatable; default: the files written)",
     OPT(a.depTargets.emplace_back(v))},
    {"manifest", Arg::Value, "FILE", "Batch mode: compile the permutations a JSON manifest lists (docs/cli.md)",
     OPT(setString(a.manifest, v))},
    {"progress", Arg::Value, "WHEN", "Batch mode progress bar on standard error: auto (on a terminal), on, off",
     OPT(if (v != "auto" && v != "on" && v != "off") err =
             "--progress expects auto, on or off, got '" + std::string(v) + "'";
         else setString(a.progress, v))},
    {"time", Arg::None, "", "Print a per-phase timing breakdown (microseconds) to stderr", OPT(a.showTime = true)},
    {"version", Arg::None, "", "Print the version and exit", OPT(a.showVersion = true)},
    {"h|help|?", Arg::None, "", "Print this help and exit", OPT(a.help = true)},

    // ---- DXC's SPIR-V code generation options
    {"fspv-extension", Arg::Value, "EXT", "Allow only this SPIR-V extension (repeatable; KHR: every SPV_KHR_*)",
     OPT(a.spvExtensions.emplace_back(v))},
    {"fvk-use-gl-layout", Arg::None, "", "Strict OpenGL std140/std430 layout for resources", OPT(a.glLayout = true)},
    {"fspv-use-vulkan-memory-model", Arg::None, "",
     "The Vulkan memory model (OpMemoryModel Logical Vulkan; coherent and volatile accesses made explicit)",
     OPT(a.vulkanMemoryModel = true)},
    {"fvk-invert-y", Arg::None, "", "Negate SV_Position.y where a vertex, domain, geometry or mesh shader writes it",
     OPT(a.invertY = true)},
    {"fvk-use-dx-position-w", Arg::None, "", "Read SV_Position.w in pixel shaders as 1/w (DirectX's value)",
     OPT(a.dxPositionW = true)},
    {"fvk-support-nonzero-base-vertex", Arg::None, "", "SV_VertexID counts from 0 when a draw has a base vertex",
     OPT(a.baseVertex = true)},
    {"fvk-support-nonzero-base-instance", Arg::None, "", "SV_InstanceID counts from 0 when a draw has a base instance",
     OPT(a.baseInstance = true)},
    {"fvk-stage-io-order", Arg::Value, "ORDER", "Stage input/output locations in decl (default) or alpha order",
     OPT(setString(a.stageIoOrder, v))},
    {"fvk-bind-register|vkbr", Arg::Quad, "xX SPACE BINDING SET",
     "Bind register(xX, spaceSPACE) to this binding and set (repeatable; every resource needs one)",
     OPT(a.registerBindings.emplace_back(v))},
    {"fvk-bind-globals", Arg::Pair, "BINDING SET", "The binding and set of the $Globals cbuffer",
     OPT(a.bindGlobals = {std::string(v), std::string(v2)})},
    {"auto-binding-space", Arg::Value, "SPACE", "The register space of resources without register()",
     OPT(a.autoBindingSpace = {std::string(v)})},
    {"fvk-auto-shift-bindings", Arg::None, "",
     "Apply the -fvk-*-shift of their register class to resources without register()", OPT(a.autoShiftBindings = true)},
    {"fspv-flatten-resource-arrays", Arg::None, "",
     "Each element of an array of resources is its own resource on its own binding (constant indices only)",
     OPT(a.flattenResourceArrays = true)},
    {"fvk-bind-resource-heap", Arg::Pair, "BINDING SET", "The binding and set of ResourceDescriptorHeap",
     OPT(a.resourceHeap = {std::string(v), std::string(v2)})},
    {"fvk-bind-sampler-heap", Arg::Pair, "BINDING SET", "The binding and set of SamplerDescriptorHeap",
     OPT(a.samplerHeap = {std::string(v), std::string(v2)})},
    {"fvk-bind-counter-heap", Arg::Pair, "BINDING SET", "The binding and set of the descriptor heap's counters",
     OPT(a.counterHeap = {std::string(v), std::string(v2)})},
    {"fspv-use-unknown-image-format", Arg::None, "", "Storage images without [[vk::image_format]] get format Unknown",
     OPT(a.unknownImageFormat = true)},
    {"fspv-entrypoint-name", Arg::Value, "NAME", "The SPIR-V entry point's name (default: the HLSL function's)",
     OPT(setString(a.entryPointName, v))},
    {"fspv-debug", Arg::Value, "WHAT",
     "Debug information: file, source, line, tool (repeatable); vulkan, vulkan-with-source (for source-level "
     "debuggers); rich, rich-with-source (the same in DXC's older OpenCL.DebugInfo.100)",
     OPT(a.spvDebug.emplace_back(v))},
    {"Zi", Arg::None, "", "Emit debug information (OpSource with the source, OpLine; see -fspv-debug)",
     OPT(a.debugInfo = true)},
    {"fspv-reflect", Arg::None, "", "Emit reflection decorations (semantics, user types, counter buffers)",
     OPT(a.spvReflect = true)},
    {"Oconfig", Arg::Value, "PASSES",
     "SPIR-V optimizer passes to run instead of -O's (comma-separated spirv-opt flags)",
     OPT(++a.oconfigCount; for (size_t st = 0, i = 0; i <= v.size(); ++i) if (i == v.size() || v[i] == ',') {
       if (i > st) a.oconfig.emplace_back(v.substr(st, i - st));
       st = i + 1;
     })},
    {"Od", Arg::None, "", "Disable optimization (-O0)", OPT(a.optLevel = 0)},
    {"fspv-max-id", Arg::Value, "N", "Fail when the module's largest id exceeds N", OPT(setString(a.maxId, v))},
    {"Gis", Arg::None, "", "IEEE strictness: SignedZeroInfNanPreserve for 32-bit floats", OPT(a.ieeeStrict = true)},
    {"denorm", Arg::Value, "MODE", "Denormals of 32-bit floats: any (default), preserve, ftz",
     OPT(setString(a.denorm, v))},
    {"ffinite-math-only", Arg::None, "", "Assume no NaN operands: min/max/clamp use FMin/FMax instead of NMin/NMax",
     OPT(a.finiteMathOnly = true)},
    {"fno-finite-math-only", Arg::None, "", "Undo -ffinite-math-only", OPT(a.finiteMathOnly = false)},
    {"Zpr", Arg::None, "", "Matrices without row_major/column_major are row_major", OPT(a.matrixPacking = 1)},
    {"Zpc", Arg::None, "", "Matrices without row_major/column_major are column_major (default)",
     OPT(a.matrixPacking = 0)},
    {"P", Arg::None, "", "Preprocess only: write the preprocessed source to -Fi's file (default: INPUT.i)",
     OPT(a.preprocessOnly = true)},
    {"Fi", Arg::Value, "FILE", "Where -P writes the preprocessed source", OPT(setString(a.fiFile, v))},
    {"Fh", Arg::Value, "FILE", "Write the SPIR-V module as a C header (an array of uint32_t; name from -Vn)",
     OPT(setString(a.fhFile, v))},
    {"Vn", Arg::Value, "NAME", "The array name in -Fh's header (default: g_ENTRY)", OPT(setString(a.vnName, v))},
    {"Fe", Arg::Value, "FILE", "Write the diagnostics to FILE (as well as standard error)",
     OPT(setString(a.feFile, v))},
    {"ferror-limit", Arg::Value, "N", "Stop after N errors (default 200)", OPT(setString(a.errorLimit, v))},
    {"fmax-tokens", Arg::Value, "N", "Refuse input of more than N tokens after preprocessing (default 16777216)",
     OPT(setString(a.maxTokens, v))},
    {"W", Arg::Short, "GROUP",
     "-Wno-GROUP turns a warning group off (DXC's names: conversion, vk-ignored-features, ...)",
     OPT(if (v.rfind("no-", 0) == 0) a.warningGroupsOff.emplace_back(v.substr(3));
         else if (v != "all" && v != "deprecated" && v != "everything")
             a.noEffect.push_back("-W" + std::string(v) + ": every OneShader warning is on unless turned off"))},
    {"w", Arg::None, "", "Suppress warnings (as -no-warnings)", OPT(a.noWarnings = true)},
    {"nologo", Arg::None, "", "No banner (OneShader prints none)", OPT()},

    // ---- DXC options with no effect on SPIR-V, MSL or WGSL output (a note says so)
    {"fcgl", Arg::None, "", "OneShader always emits legal, validated SPIR-V; there is no un-legalized output", nullptr,
     Kind::NoEffect},
    {"Qembed_debug", Arg::None, "", "debug information is part of the SPIR-V module itself (-Zi)", nullptr,
     Kind::NoEffect},
    {"Qstrip_debug|Qstrip_priv|Qstrip_rootsignature|Qsource_in_debug_module|Qpdb_in_private|Qkeep_reflect_in_dxil|"
     "Qstrip_reflect_from_dxil",
     Arg::None, "", "a DXIL container option; SPIR-V has no container", nullptr, Kind::NoEffect},
    {"Zss|Zsb|Zs", Arg::None, "", "PDB naming is for DXIL debug files", nullptr, Kind::NoEffect},
    {"Frs|Fsh", Arg::Value, "FILE", "a DXIL debug, reflection or root-signature file", nullptr, Kind::NoEffect},
    // DXC refuses these four with -spirv (HLSLOptions.cpp's list).
    {"Fd|Fre", Arg::Value, "FILE", "a DXIL debug or reflection file", nullptr, Kind::DxilOnly},
    {"Gec|Qstrip_reflect", Arg::None, "", "a DXIL compatibility or container option", nullptr, Kind::DxilOnly},
    {"Gfa|Gfp|Ges|Vi|Ni|No|Lx|Cc|H|Qunused-arguments|fdiagnostics-show-option|fno-diagnostics-show-option|fcolor-"
     "diagnostics|fno-color-diagnostics|fdiagnostics-color|fno-diagnostics-color|fno-caret-diagnostics|fshow-column|"
     "fno-show-column|fshow-source-location|fspell-checking|fno-spell-checking",
     Arg::None, "", "a DXIL code generation or output-formatting option with no SPIR-V, MSL or WGSL meaning", nullptr,
     Kind::NoEffect},
    {"fspv-reduce-load-size", Arg::None, "", "an optimization hint; OneShader loads only what is used", nullptr,
     Kind::NoEffect},
    {"fspv-fix-func-call-arguments", Arg::None, "", "OneShader always passes function arguments as SPIR-V requires",
     nullptr, Kind::NoEffect},
    {"fspv-print-all", Arg::None, "", "prints DXC's optimizer passes; OneShader has no such passes", nullptr,
     Kind::NoEffect},
    {"pack-optimized|pack_optimized|pack-prefix-stable|pack_prefix_stable", Arg::None, "",
     "DXIL signature packing; SPIR-V locations follow -fvk-stage-io-order", nullptr, Kind::NoEffect},
    {"all-resources-bound|all_resources_bound|res-may-alias|res_may_alias|enable_unbounded_descriptor_tables|disable-"
     "payload-qualifiers|enable-payload-qualifiers|enable-lifetime-markers|disable-lifetime-markers|force-zero-store-"
     "lifetimes|disable-exception-handling|export-shaders-only|not_use_legacy_cbuf_load|no-legacy-cbuf-layout|flegacy-"
     "resource-reservation|preserve-intermediate-values",
     Arg::None, "", "a DXIL code generation option with no SPIR-V, MSL or WGSL meaning", nullptr, Kind::NoEffect},
    {"validator-version|exports|default-linkage|encoding|setrootsignature|verifyrootsignature|force-rootsig-ver|force_"
     "rootsig_ver|rootsig-define|shtemplate|mergeUAVs|matchUAVs|setprivate|getprivate|import-binding-table|binding-"
     "table-define|opt-disable|opt-enable|print-before|print-after|memdep-block-scan-limit|precise-output",
     Arg::Value, "VALUE", "a DXIL container, linking or optimizer option with no SPIR-V, MSL or WGSL meaning", nullptr,
     Kind::NoEffect},
    {"fdiagnostics-format|fdiagnostics-show-category|fspell-checking-limit|fconstexpr-depth|fconstexpr-steps|"
     "fconstexpr-backtrace-limit|ftime-trace-granularity",
     Arg::Value, "VALUE", "a clang diagnostics or constant-evaluation setting OneShader does not have", nullptr,
     Kind::NoEffect},
    {"ftime-report|ftime-trace|time", Arg::None, "", "use --time for OneShader's per-phase times", nullptr,
     Kind::NoEffect},
    {"funsafe-math-optimizations|fno-unsafe-math-optimizations|fassociative-math|fno-associative-math|fno-reciprocal-"
     "math|fsigned-zeros|fhonor-nans|fno-honor-nans|fhonor-infinities|fno-honor-infinities|funroll-loops|fno-unroll-"
     "loops|freroll-loops|fno-reroll-loops|fnew-inlining-behavior|fdisable-loc-tracking",
     Arg::None, "",
     "LLVM floating-point or loop settings of DXIL code generation; SPIR-V code is not optimized this way", nullptr,
     Kind::NoEffect},
    {"Wno-vk-ignored-features|Wno-vk-emulated-features", Arg::None, "", "",
     OPT(a.warningGroupsOff.emplace_back("vk-ignored-features"))},

    // ---- DXC options whose effect OneShader does not have yet (OSH0007)
    {"fspv-use-legacy-buffer-matrix-order", Arg::None, "", "the legacy matrix order of raw buffer loads", nullptr,
     Kind::NotYet},
    {"fspv-preserve-bindings|fspv-preserve-interface", Arg::None, "",
     "keeping unused resources and interface variables", nullptr, Kind::NotYet},
    {"fspv-enable-maximal-reconvergence", Arg::None, "",
     "maximal reconvergence (SPV_KHR_maximal_reconvergence, which this build's SPIRV-Tools cannot validate)", nullptr,
     Kind::NotYet},
    {"fspv-use-descriptor-heap", Arg::None, "", "SPIR-V descriptor heaps", nullptr, Kind::NotYet},
    {"flegacy-macro-expansion", Arg::None, "", "FXC's macro expansion order for token pasting", nullptr, Kind::NotYet},
    {"include|imacros", Arg::Value, "FILE", "forced includes", nullptr, Kind::NotYet},
    {"verify", Arg::None, "", "clang's -verify test mode", nullptr, Kind::NotYet},
    {"Po", Arg::None, "", "-Po (use -P with -Fi)", nullptr, Kind::NotYet},
    {"ast-dump|ast-dump-implicit|Odump|recompile|dumpbin|link|extractrootsignature|M", Arg::None, "",
     "this DXC tool mode", nullptr, Kind::NotYet},
};
#undef OPT

bool nameMatches(const char* names, std::string_view n) {
  // Each spelling compared whole (a length check first): a scan per character of every
  // option's names was 2.4 % of compiling the seed's CSSum.
  std::string_view all(names);
  for (;;) {
    size_t bar = all.find('|');
    if (all.substr(0, bar) == n) return true;
    if (bar == std::string_view::npos) return false;
    all.remove_prefix(bar + 1);
  }
}

}  // namespace

bool parseArgs(const std::vector<std::string>& args, Args& out, std::string& error) {
  bool rest = false;
  std::string joined;  // the values of a Quad option
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
      if (s.arg != Arg::Short && nameMatches(s.names, name)) {
        spec = &s;
        break;
      }
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
        if (a[1] == '-' && nameMatches(s.names, name) && name.size() > 1) {
          spec = &s;
          break;
        }
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
      case Arg::Quad:
        if (hasEq || i + 4 >= args.size()) {
          error = "option '" + std::string(a) + "' needs four values (" + spec->metavar + ")";
          return false;
        }
        joined = args[i + 1] + " " + args[i + 2] + " " + args[i + 3] + " " + args[i + 4];
        v = joined;
        i += 4;
        break;
    }
    std::string spelled(a.substr(0, hasEq && spec->arg != Arg::Short ? a.find('=') : a.size()));
    if (spec->kind == Kind::NoEffect) {
      out.noEffect.push_back(spelled + ": " + spec->help);
      continue;
    }
    if (spec->kind == Kind::DxilOnly) {
      out.dxilOnly.push_back(spelled + ": " + spec->help);
      continue;
    }
    if (spec->kind == Kind::NotYet) {
      out.notSupportedYet.push_back("the option '" + spelled + "' (" + spec->help + ")");
      continue;
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
    if (sp.kind != Kind::Apply || !*sp.help) continue;  // listed in docs/cli.md
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
    if (line.size() < 30)
      line.resize(30, ' ');
    else
      line += "\n" + std::string(30, ' ');
    s += line + sp.help + "\n";
  }
  s += "\nEvery long option is accepted with one dash (DXC's spelling: -Fo, -Vd,\n"
       "-fspv-target-env=vulkan1.1) or two (--Fo); values follow as the next argument or\n"
       "after '='. One-letter options take them attached too (-DFOO=1, -O3, -Tcs_6_0).\n"
       "DXC's other options are accepted: those that change nothing for SPIR-V, MSL or WGSL\n"
       "(-fcgl, -Qembed_debug, -Gfa, ...) with note OSH9005 saying why, those whose effect\n"
       "OneShader does not have yet with error OSH0007 (docs/cli.md lists them all).\n"
       "Exit status: 0 on success, 1 on any error (nothing is written then; in batch mode,\n"
       "1 when any job failed, the others' outputs are written). See docs/cli.md.\n";
  return s;
}

namespace {

bool parseU32(std::string_view v, uint32_t& out) {
  if (v.empty() || v.size() > 10) return false;
  uint64_t n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + uint64_t(c - '0');
  }
  if (n > 0xffffffffULL) return false;
  out = uint32_t(n);
  return true;
}

bool parsePair(const std::vector<std::string>& p, const char* option, std::optional<std::pair<uint32_t, uint32_t>>& out,
               std::string& error) {
  if (p.empty()) return true;
  uint32_t b = 0, s = 0;
  if (p.size() != 2 || !parseU32(p[0], b) || !parseU32(p[1], s)) {
    error = std::string(option) + " expects BINDING SET, got '" + (p.empty() ? "" : p[0]) + " " +
            (p.size() > 1 ? p[1] : "") + "'";
    return false;
  }
  out = std::make_pair(b, s);
  return true;
}

// DXC's SPIR-V code generation options (args.hpp's second block).
bool dxcOptions(const Args& a, CompileOptions& opts, std::string& error) {
  for (const std::string& e : a.spvExtensions) {
    if (e != "KHR" && e.rfind("SPV_", 0) != 0) {
      error =
          "unknown SPIR-V extension '" + e + "' in -fspv-extension (names start with SPV_, or KHR for all SPV_KHR_*)";
      return false;
    }
    opts.allowedSpirvExtensions.push_back(e);
  }
  if (a.matrixPacking >= 0) opts.defaultRowMajor = a.matrixPacking == 1;
  opts.invertY = a.invertY;
  opts.vulkanMemoryModel = a.vulkanMemoryModel;
  opts.dxPositionW = a.dxPositionW;
  opts.nonzeroBaseVertex = a.baseVertex;
  opts.nonzeroBaseInstance = a.baseInstance;
  if (a.stageIoOrder == "alpha")
    opts.stageIoOrder = StageIoOrder::Alphabetical;
  else if (a.stageIoOrder.empty() || a.stageIoOrder == "decl")
    opts.stageIoOrder = StageIoOrder::Declaration;
  else {
    error = "-fvk-stage-io-order expects alpha or decl, got '" + a.stageIoOrder + "'";
    return false;
  }
  opts.unknownImageFormat = a.unknownImageFormat;
  opts.spirvEntryPointName = a.entryPointName;
  // DXC's rules: one -Oconfig, and not with -O.
  if (a.oconfigCount > 1) {
    error = "-Oconfig should not be specified more than once";
    return false;
  }
  if (a.oconfigCount && a.optLevel >= 0) {
    error = "-Oconfig should not be used together with -O";
    return false;
  }
  for (const std::string& p : a.oconfig)
    if (p != "--legalize-hlsl") opts.optimizerPasses.push_back(p);  // OneShader's output is always legal
  if (a.oconfigCount && opts.optimizerPasses.empty()) opts.optimizerPasses.push_back("--legalize-hlsl");
  if (!a.maxId.empty() && !parseU32(a.maxId, opts.spirvMaxId)) {
    error = "-fspv-max-id expects a number, got '" + a.maxId + "'";
    return false;
  }
  opts.ieeeStrict = a.ieeeStrict;
  if (a.denorm.empty() || a.denorm == "any")
    opts.denormMode = DenormMode::Any;
  else if (a.denorm == "preserve")
    opts.denormMode = DenormMode::Preserve;
  else if (a.denorm == "ftz")
    opts.denormMode = DenormMode::FlushToZero;
  else {
    error = "unsupported value '" + a.denorm + "' for -denorm (any, preserve, ftz)";
    return false;
  }
  opts.finiteMathOnly = a.finiteMathOnly;
  // -Zi turns on file, source and line; -fspv-debug= chooses among them (DXC's rules: the
  // categories given overrule -Zi's set).
  if (a.debugInfo || !a.spvDebug.empty()) {
    auto& d = opts.spirvDebug;
    if (a.spvDebug.empty()) d.file = d.source = d.line = d.tool = true;
    for (const std::string& c : a.spvDebug) {
      if (c == "file")
        d.file = true;
      else if (c == "source")
        d.file = d.source = true;
      else if (c == "line")
        d.file = d.source = d.line = true;
      else if (c == "tool")
        d.tool = true;
      else if (c == "vulkan")
        d.vulkanDebugInfo = true;
      else if (c == "vulkan-with-source")
        d.vulkanDebugInfo = d.withSource = true;
      else if (c == "vulkan-with-source-test") {  // DXC's testing variant: 13-byte pieces of text
        d.vulkanDebugInfo = d.withSource = true;
        d.sourcePieceBytes = 13;
      } else if (c == "rich")
        d.richDebugInfo = true;
      else if (c == "rich-with-source")
        d.richDebugInfo = d.withSource = true;
      else {
        error =
            "-fspv-debug expects file, source, line, tool, vulkan, vulkan-with-source, rich or "
            "rich-with-source, got '" +
            c + "'";
        return false;
      }
    }
  }
  opts.spirvReflect = a.spvReflect;
  for (const std::string& r : a.registerBindings) {
    // "xX SPACE BINDING SET"
    std::vector<std::string> f;
    for (size_t st = 0, i = 0; i <= r.size(); ++i)
      if (i == r.size() || r[i] == ' ') {
        f.push_back(r.substr(st, i - st));
        st = i + 1;
      }
    CompileOptions::RegisterBinding rb{};
    bool ok = f.size() == 4 && f[0].size() >= 2 && std::string_view("tubs").find(f[0][0]) != std::string_view::npos &&
              parseU32(std::string_view(f[0]).substr(1), rb.reg) && parseU32(f[2], rb.binding) &&
              parseU32(f[3], rb.set);
    std::string_view space = f.size() == 4 ? std::string_view(f[1]) : std::string_view();
    if (ok && space.rfind("space", 0) == 0) space.remove_prefix(5);
    ok = ok && parseU32(space, rb.space);
    if (!ok) {
      error = "-fvk-bind-register expects xX SPACE BINDING SET (e.g. t3 0 5 1), got '" + r + "'";
      return false;
    }
    rb.kind = f[0][0];
    opts.registerBindings.push_back(rb);
  }
  if (!parsePair(a.bindGlobals, "-fvk-bind-globals", opts.globalsBinding, error)) return false;
  if (!parsePair(a.resourceHeap, "-fvk-bind-resource-heap", opts.resourceHeapBinding, error)) return false;
  if (!parsePair(a.samplerHeap, "-fvk-bind-sampler-heap", opts.samplerHeapBinding, error)) return false;
  if (!parsePair(a.counterHeap, "-fvk-bind-counter-heap", opts.counterHeapBinding, error)) return false;
  if (!a.autoBindingSpace.empty()) {
    uint32_t sp = 0;
    if (!parseU32(a.autoBindingSpace.back(), sp)) {
      error = "-auto-binding-space expects a number, got '" + a.autoBindingSpace.back() + "'";
      return false;
    }
    opts.autoBindingSpace = sp;
  }
  opts.autoShiftBindings = a.autoShiftBindings;
  opts.flattenResourceArrays = a.flattenResourceArrays;
  opts.disabledWarningGroups = a.warningGroupsOff;
  uint32_t maxTokens = 0;
  if (!a.maxTokens.empty()) {
    if (!parseU32(a.maxTokens, maxTokens) || maxTokens == 0) {
      error = "-fmax-tokens expects a positive number, got '" + a.maxTokens + "'";
      return false;
    }
    opts.maxTokens = maxTokens;
  }
  if (!a.errorLimit.empty() && !parseU32(a.errorLimit, opts.errorLimit)) {
    error = "-ferror-limit expects a number, got '" + a.errorLimit + "'";
    return false;
  }
  return true;
}

}  // namespace

// The directory of the shipped HLSL headers, found from the executable: beside it in the
// build tree (<build>/share/oneshader/include) or one level up when installed
// (<prefix>/bin/oneshader and <prefix>/share/oneshader/include). Empty when neither exists.
std::string builtinHeaderDir() {
  namespace fs = std::filesystem;
  static const std::string dir = [] {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty()) return std::string();
    fs::path bin = exe.parent_path();
    for (const fs::path& cand :
         {bin / "share" / "oneshader" / "include", bin.parent_path() / "share" / "oneshader" / "include"})
      if (fs::is_regular_file(cand / "vk" / "spirv.h", ec)) return cand.string();
    return std::string();
  }();
  return dir;
}

bool toCompileOptions(const Args& a, CompileOptions& opts, std::string& error) {
  opts = CompileOptions{};
  opts.entryPoint = a.entry;
  opts.profile = a.profile;
  for (const auto& d : a.defines) {
    size_t eq = d.find('=');
    if (eq == std::string::npos)
      opts.defines.push_back({d, std::nullopt});
    else
      opts.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
  }
  opts.undefines = a.undefines;
  opts.includeDirs = a.includeDirs;
  // The headers OneShader ships (<vk/spirv.h>, <vk/opcode_selector.h>,
  // <vk/khr/cooperative_matrix.h>), searched after every -I directory.
  if (std::string dir = builtinHeaderDir(); !dir.empty()) opts.includeDirs.push_back(dir);
  if (a.targetEnv == "vulkan1.0")
    opts.spirvEnv = SpirvTargetEnv::Vulkan1_0;
  else if (a.targetEnv == "vulkan1.1")
    opts.spirvEnv = SpirvTargetEnv::Vulkan1_1;
  else if (a.targetEnv == "vulkan1.2")
    opts.spirvEnv = SpirvTargetEnv::Vulkan1_2;
  else if (a.targetEnv == "vulkan1.3")
    opts.spirvEnv = SpirvTargetEnv::Vulkan1_3;
  else if (a.targetEnv == "vulkan1.1spirv1.4")
    opts.spirvEnv = SpirvTargetEnv::Vulkan1_1Spirv1_4;
  else if (a.targetEnv == "universal1.5")
    opts.spirvEnv = SpirvTargetEnv::Universal1_5;
  else {
    error = "unknown -fspv-target-env '" + a.targetEnv +
            "' (vulkan1.0, vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3, universal1.5)";
    return false;
  }
  if (a.optLevel >= 0) opts.optimizationLevel = a.optLevel;
  opts.validate = !a.skipValidation;
  opts.enable16BitTypes = a.enable16;
  // DXC's versions; 202x is __HLSL_VERSION 2029, as in DXC.
  if (a.hlslVersion == "2016" || a.hlslVersion == "2017" || a.hlslVersion == "2018" || a.hlslVersion == "2021") {
    opts.hlslVersion = uint32_t(std::stoul(a.hlslVersion));
  } else if (a.hlslVersion == "202x") {
    opts.hlslVersion = 2029;
  } else {
    error = "unsupported -HV '" + a.hlslVersion + "' (2016, 2017, 2018, 2021 or 202x)";
    return false;
  }
  if (a.dxLayout && a.scalarLayout) {
    error = "-fvk-use-dx-layout and -fvk-use-scalar-layout are exclusive";
    return false;
  }
  if (a.glLayout && (a.dxLayout || a.scalarLayout)) {
    error = "-fvk-use-gl-layout, -fvk-use-dx-layout and -fvk-use-scalar-layout are exclusive";
    return false;
  }
  opts.layout = a.dxLayout       ? LayoutRules::DirectX
                : a.scalarLayout ? LayoutRules::Scalar
                : a.glLayout     ? LayoutRules::OpenGL
                                 : LayoutRules::Default;
  if (!dxcOptions(a, opts, error)) return false;
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
      if (n == "spirv" || n == "spv")
        t = CompileTarget::SpirV;
      else if (n == "msl" || n == "metal")
        t = CompileTarget::Msl;
      else if (n == "wgsl")
        t = CompileTarget::Wgsl;
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
  opts.mslLayoutAsserts = a.mslLayoutAsserts;
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
