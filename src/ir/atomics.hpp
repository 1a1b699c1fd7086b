// Atomic operations by target, from the one table ir/atomics.def. The IR printer and the
// three back ends spell an ir::AtomicOp only through this.
#pragma once
#include <cstdint>

#include "ir/ir.hpp"

namespace oneshader::ir {

struct AtomicInfo {
  const char* name;    // IR text ("compare_exchange")
  uint32_t spirvUint;  // spv::Op for unsigned operands
  uint32_t spirvSint;  // spv::Op for signed operands
  const char* msl;     // MSL function ("atomic_fetch_add_explicit")
  const char* wgsl;    // WGSL built-in ("atomicAdd")
};
const AtomicInfo& atomicInfo(AtomicOp op);

}  // namespace oneshader::ir
