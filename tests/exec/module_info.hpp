// What vkrun reads from a SPIR-V module before running it: the capabilities (checked
// against the device), whether it has a PushConstant variable, the type of each
// specialization constant by SpecId (checked against the case's "spec_constants"), and
// whether it sets its workgroup size with OpExecutionModeId LocalSizeId (which needs the
// device's maintenance4 feature enabled), and the scopes of its OpReadClockKHR instructions
// (Subgroup needs the device's shaderSubgroupClock, Device its shaderDeviceClock).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "case.hpp"

namespace oneshader::exec {

struct ModuleSpecConstant {
  enum class Kind { Bool, Int, Float } kind = Kind::Int;
  uint32_t width = 32;           // bits (bool: 0)
  bool isSigned = false;         // Int only
  std::string describe() const;  // "bool", "uint32", "int64", "float16", ...
};

struct ModuleInfo {
  std::set<uint32_t> capabilities;
  bool pushConstants = false;                            // an OpVariable in the PushConstant storage class
  std::map<uint32_t, ModuleSpecConstant> specConstants;  // by SpecId
  bool localSizeId = false;                              // OpExecutionModeId ... LocalSizeId
  std::set<uint32_t> clockScopes;  // OpReadClockKHR scope values (3 Subgroup, 1 Device); ~0u: not a constant
};

// Throws std::runtime_error on a malformed instruction stream.
ModuleInfo scanModule(const std::vector<uint32_t>& words);

// Whether a case's spec constant type is the module's (same kind, width and signedness).
bool specTypeMatches(SpecType t, const ModuleSpecConstant& m);

}  // namespace oneshader::exec
