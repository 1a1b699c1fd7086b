// The `// ARGS:` line of the tests/diag and tests/attributes case files: DXC-spelled
// options, parsed into CompileOptions (only the options those files use).
#pragma once
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader::test {

inline bool parseArgs(const std::string& args, CompileOptions& o, std::string& err) {
  std::istringstream in(args);
  std::vector<std::string> toks;
  for (std::string t; in >> t;) toks.push_back(t);
  for (size_t i = 0; i < toks.size(); ++i) {
    const std::string& t = toks[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= toks.size()) return false;
      out = toks[++i];
      return true;
    };
    using oneshader::CompileTarget;
    if (t == "-E") { if (!value(o.entryPoint)) return err = "-E needs a value", false; }
    else if (t == "-T") { if (!value(o.profile)) return err = "-T needs a value", false; }
    else if (t == "-WX") o.warningsAsErrors = true;
    else if (t == "-fvk-use-dx-layout") o.layout = LayoutRules::DirectX;
    else if (t.rfind("--target=", 0) == 0) {
      o.targets.clear();
      std::string list = t.substr(9);
      std::stringstream ss(list);
      for (std::string n; std::getline(ss, n, ',');) {
        if (n == "spirv") o.targets.push_back(CompileTarget::SpirV);
        else if (n == "msl") o.targets.push_back(CompileTarget::Msl);
        else if (n == "wgsl") o.targets.push_back(CompileTarget::Wgsl);
        else return err = "unknown target " + n, false;
      }
    } else if (t.rfind("-fspv-target-env=", 0) == 0) {
      std::string env = t.substr(17);
      if (env == "vulkan1.0") o.spirvEnv = SpirvTargetEnv::Vulkan1_0;
      else if (env == "vulkan1.1") o.spirvEnv = SpirvTargetEnv::Vulkan1_1;
      else if (env == "vulkan1.2") o.spirvEnv = SpirvTargetEnv::Vulkan1_2;
      else if (env == "vulkan1.3") o.spirvEnv = SpirvTargetEnv::Vulkan1_3;
      else return err = "unknown env " + env, false;
    } else {
      return err = "unknown ARGS token " + t, false;
    }
  }
  return true;
}

}  // namespace oneshader::test
