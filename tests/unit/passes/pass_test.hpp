// Shared by the pass tests: whether a module passes ir::validate, with the first message.
#pragma once

#include <string>

#include "diag/diag.hpp"
#include "ir/ir.hpp"

namespace oneshader::passtest {

inline bool valid(const ir::Module& m, std::string* why) {
  DiagEngine d;
  bool ok = ir::validate(m, d);
  if (!d.diagnostics().empty()) *why = d.diagnostics()[0].message;
  return ok;
}

}  // namespace oneshader::passtest
