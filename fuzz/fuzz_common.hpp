// Shared by the libFuzzer targets (fuzz/README.md): the input as text, and the oracle that
// turns a broken promise into a crash libFuzzer records. Beyond ASan/UBSan (memory errors,
// undefined behaviour), libFuzzer's -timeout (hangs) and -rss_limit_mb (runaway memory),
// every compile must keep these promises:
//  - no internal compiler error (OSH9999) and no invalid SPIR-V module (OSH3001), except
//    where the input writes SPIR-V itself (vk::ext_* and vk::spvexecutionmode inline SPIR-V, which may legitimately
//    be invalid and is then refused with OSH3001);
//  - a failure carries at least one error with an OSH code; a success has no error and,
//    for a compile, an output per entry point and target.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader::fuzz {

inline std::string inputText(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz oracle: %s\n%s\n", what, detail.c_str());
  std::abort();
}

inline bool writesSpirvItself(std::string_view source) {
  // [[vk::spvexecutionmode(M)]] is inline SPIR-V too: OriginLowerLeft on a pixel entry
  // point conflicts with the OriginUpperLeft every pixel entry has (DXC refuses it as well).
  return source.find("ext_") != std::string_view::npos || source.find("Spirv") != std::string_view::npos ||
         source.find("spirv") != std::string_view::npos || source.find("spvexecutionmode") != std::string_view::npos;
}

inline void checkDiagnostics(const std::vector<DiagnosticInfo>& diags, bool success, std::string_view source,
                             const std::string& rendered) {
  bool anyError = false;
  for (const DiagnosticInfo& d : diags) {
    if (d.code.size() != 7 || d.code.compare(0, 3, "OSH") != 0)
      broken("a diagnostic without an OSHnnnn code", rendered);
    if (d.code == "OSH9999") broken("internal compiler error", rendered);
    if (d.code == "OSH3001" && !writesSpirvItself(source)) broken("invalid SPIR-V from ordinary HLSL", rendered);
    if (d.severity == "error" || d.severity == "fatal") anyError = true;
  }
  if (!success && !anyError) broken("a failure without an error diagnostic", rendered);
  if (success && anyError) broken("a success with an error diagnostic", rendered);
}

}  // namespace oneshader::fuzz
