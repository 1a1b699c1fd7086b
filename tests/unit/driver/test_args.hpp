// The `// ARGS:` line of the tests/diag and tests/attributes case files: DXC-spelled
// options, read by the CLI's own parser (tools/oneshader/args.cpp) into CompileOptions. The
// targets default to SPIR-V only (as `-spirv`) unless the line names them with --target.
#pragma once
#include <sstream>
#include <string>
#include <vector>

#include "args.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::test {

inline bool parseArgs(const std::string& args, CompileOptions& o, std::string& err) {
  std::istringstream in(args);
  std::vector<std::string> toks;
  for (std::string t; in >> t;) toks.push_back(t);
  cli::Args a;
  if (!cli::parseArgs(toks, a, err)) return false;
  if (!a.inputs.empty()) return err = "ARGS may not name input files", false;
  if (!a.noEffect.empty() || !a.notSupportedYet.empty()) return err = "ARGS with options that do nothing here", false;
  if (a.targets.empty()) a.spirvFlag = true;
  return cli::toCompileOptions(a, o, err);
}

}  // namespace oneshader::test
