// The atomic operation table (ir/atomics.def) as data.
#include "ir/atomics.hpp"

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::ir {
namespace {

struct Row {
  AtomicOp id;
  AtomicInfo info;
};

constexpr Row kRows[] = {
#define ATOMIC(e, ir, su, ss, msl, wgsl) {AtomicOp::e, {ir, uint32_t(spv::Op::su), uint32_t(spv::Op::ss), msl, wgsl}},
#include "ir/atomics.def"
#undef ATOMIC
};

constexpr bool rowsInEnumOrder() {
  for (size_t i = 0; i < sizeof kRows / sizeof kRows[0]; ++i)
    if (size_t(kRows[i].id) != i) return false;
  return true;
}
static_assert(rowsInEnumOrder(), "atomics.def rows must follow the order of ir::AtomicOp");
static_assert(size_t(AtomicOp::CompareExchange) + 1 == sizeof kRows / sizeof kRows[0],
              "atomics.def needs one row per ir::AtomicOp");

}  // namespace

const AtomicInfo& atomicInfo(AtomicOp op) {
  size_t i = size_t(op);
  return kRows[i < sizeof kRows / sizeof kRows[0] ? i : 0].info;
}

}  // namespace oneshader::ir
