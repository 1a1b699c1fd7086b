// The CLI's options: one table (args.cpp) gives every option's spellings, its argument
// and its help line; parsing walks argv once with no allocation beyond the values kept.
// The same parser reads a batch manifest job's "args" on top of the command line's.
#pragma once
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

struct Args {
  std::vector<std::string> inputs;
  std::string outDir = ".", entry, profile, foFile, fcFile, targetEnv = "vulkan1.2";
  std::string hlslVersion = "2021", reflectJson, diagFormat = "text";
  std::vector<std::string> defines, undefines, includeDirs, targets;
  int optLevel = -1;
  bool spirvFlag = false, skipValidation = false, disassemble = false, enable16 = false;
  bool dxLayout = false, scalarLayout = false, werror = false, noWarnings = false;
  bool showTime = false, showVersion = false, wgslNaga = false, mslLayoutAsserts = false, reflectDetail = false,
       help = false;
  std::vector<std::string> shifts[4];        // t, u, b, s: N SPACE pairs
  std::vector<std::string> wgslPushBinding;  // GROUP BINDING
  // Batch mode.
  int jobs = 0;  // -j N; 0: not given
  std::string manifest;
  std::string progress = "auto";  // --progress=auto|on|off
  // Depfiles.
  bool depfile = false;                 // -MD / -MMD
  std::string depfilePath;              // -MF FILE
  std::vector<std::string> depTargets;  // -MT TARGET (repeatable)
  // DXC's options (docs/cli.md). Given as written; toCompileOptions checks the values.
  std::vector<std::string> spvExtensions, spvDebug, oconfig, warningGroupsOff, registerBindings;
  std::string stageIoOrder, entryPointName, denorm, maxId, errorLimit, maxTokens, fiFile, fhFile, feFile, vnName;
  std::vector<std::string> bindGlobals, autoBindingSpace, resourceHeap, samplerHeap, counterHeap;
  int matrixPacking = -1;  // -Zpc 0, -Zpr 1
  int oconfigCount = 0;    // -Oconfig given this many times
  bool vulkanMemoryModel = false;
  bool glLayout = false, invertY = false, dxPositionW = false, baseVertex = false, baseInstance = false;
  bool debugInfo = false, spvReflect = false, unknownImageFormat = false, ieeeStrict = false;
  bool autoShiftBindings = false, flattenResourceArrays = false, preprocessOnly = false, finiteMathOnly = false;
  // Options OneShader takes but that change nothing for SPIR-V, MSL or WGSL: "-fcgl: why"
  // (printed as note OSH9005), and options whose effect is not supported yet (OSH0007).
  std::vector<std::string> noEffect, notSupportedYet;
  // DXIL-only options DXC refuses with -spirv ("-Fd is not supported with -spirv"): an
  // error when SPIR-V is a target, a no-effect note otherwise.
  std::vector<std::string> dxilOnly;
};

// Parses `args` (argv without the program name) into `out`, on top of what `out` holds.
// False with a lower-case message on an unknown option or a missing or bad value.
bool parseArgs(const std::vector<std::string>& args, Args& out, std::string& error);

// The --help text (hidden: DXC's options that have no effect are listed only in docs/cli.md).
std::string helpText();

// The compile options the parsed arguments describe; false with a message for a bad value.
// `targetsGiven` reports whether the targets came from --target (else the default rule).
bool toCompileOptions(const Args& a, CompileOptions& opts, std::string& error);
// The directory of the HLSL headers shipped with the compiler (empty if not found).
std::string builtinHeaderDir();

}  // namespace oneshader::cli
