// The subgroup operation table (ir/subgroups.def) as data.
#include "ir/subgroups.hpp"

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::ir {
namespace {

struct Row {
  SubgroupOp id;
  SubgroupInfo info;
};

constexpr Row kRows[] = {
#define SUBGROUP(e, ir, feat, hlsl, scan, su, ss, sf, sb, msl, mslEx, mslIn, wgsl, wgslEx, wgslIn) \
  {SubgroupOp::e,                                                                                  \
   {ir,                                                                                            \
    vk::feat,                                                                                      \
    hlsl,                                                                                          \
    scan,                                                                                          \
    uint32_t(spv::Op::su),                                                                         \
    uint32_t(spv::Op::ss),                                                                         \
    uint32_t(spv::Op::sf),                                                                         \
    uint32_t(spv::Op::sb),                                                                         \
    {msl, mslEx, mslIn},                                                                           \
    {wgsl, wgslEx, wgslIn}}},
#include "ir/subgroups.def"
#undef SUBGROUP
};

constexpr bool rowsInEnumOrder() {
  for (size_t i = 0; i < sizeof kRows / sizeof kRows[0]; ++i)
    if (size_t(kRows[i].id) != i) return false;
  return true;
}
static_assert(rowsInEnumOrder(), "subgroups.def rows must follow the order of ir::SubgroupOp");
static_assert(size_t(SubgroupOp::PartitionedXor) + 1 == sizeof kRows / sizeof kRows[0],
              "subgroups.def needs one row per ir::SubgroupOp");

size_t collectiveIndex(CollectiveOp c) {
  return c == CollectiveOp::ExclusiveScan ? 1 : c == CollectiveOp::InclusiveScan ? 2 : 0;
}

}  // namespace

const SubgroupInfo& subgroupInfo(SubgroupOp op) {
  size_t i = size_t(op);
  return kRows[i < sizeof kRows / sizeof kRows[0] ? i : 0].info;
}

uint32_t subgroupSpirvOp(SubgroupOp op, ScalarKind k) {
  const SubgroupInfo& s = subgroupInfo(op);
  switch (k) {
    case ScalarKind::Sint: return s.spirvSint;
    case ScalarKind::Float: return s.spirvFloat;
    case ScalarKind::Bool: return s.spirvBool;
    case ScalarKind::Uint: break;
  }
  return s.spirvUint;
}

const char* subgroupMsl(SubgroupOp op, CollectiveOp c) { return subgroupInfo(op).msl[collectiveIndex(c)]; }
const char* subgroupWgsl(SubgroupOp op, CollectiveOp c) { return subgroupInfo(op).wgsl[collectiveIndex(c)]; }

}  // namespace oneshader::ir
