// MSL writer: program-scope helper functions for what MSL 2.4 has no function for. Each
// is generated once per type, named before any shader function is written (so no local
// name can shadow it), and emitted after the types.
//  - 64-bit integer wave operations: Metal's SIMD-group functions take no 64-bit type,
//    so a value is moved between lanes as its two 32-bit halves (as_type<uint2>); the
//    reductions and scans loop over the active lanes (simd_ballot(true)) in ascending
//    order, each iteration shuffling one lane's value to every active lane. Every active
//    lane runs the same iterations, so the shuffles only read active lanes and the result
//    is exact for any set of active lanes.
#include "backend/msl/helpers.hpp"

#include "ir/subgroups.hpp"

namespace oneshader::msl {

using namespace oneshader::ir;

const std::string& Writer::helper(const std::string& key, const std::string& base,
                                  const std::function<std::string(const std::string&)>& body) {
  auto it = helperNames_.find(key);
  if (it != helperNames_.end()) return it->second;
  std::string name = globalNames_.make(base);
  helpers_ += body(name) + "\n";
  return helperNames_.emplace(key, name).first->second;
}

// The MSL function moving a 32-bit value between lanes for `op` (ir/subgroups.def; nullptr
// if not a move), and whether it takes a lane argument or a fixed quad mask.
static const char* moveFunction(SubgroupOp op, bool& hasArg, const char*& fixedArg) {
  hasArg = false;
  fixedArg = nullptr;
  switch (op) {
    case SubgroupOp::BroadcastFirst: break;
    case SubgroupOp::Broadcast:
    case SubgroupOp::Shuffle:
    case SubgroupOp::ShuffleXor:
    case SubgroupOp::ShuffleUp:
    case SubgroupOp::ShuffleDown:
    case SubgroupOp::QuadBroadcast: hasArg = true; break;
    case SubgroupOp::QuadSwapX: fixedArg = "1"; break;
    case SubgroupOp::QuadSwapY: fixedArg = "2"; break;
    case SubgroupOp::QuadSwapDiagonal: fixedArg = "3"; break;
    default: return nullptr;
  }
  return subgroupMsl(op, CollectiveOp::None);
}

bool wave64MoveTakesLane(SubgroupOp op) {
  bool hasArg;
  const char* fixed;
  return moveFunction(op, hasArg, fixed) && hasArg;
}

std::string wave64Helper(Writer& w, SubgroupOp op, CollectiveOp coll, Scalar sc) {
  if (sc.width != 64 || (sc.kind != ScalarKind::Uint && sc.kind != ScalarKind::Sint)) return {};
  bool sg = sc.kind == ScalarKind::Sint;
  std::string T = sg ? "long" : "ulong";
  bool hasArg;
  const char* fixed;
  if (const char* fn = moveFunction(op, hasArg, fixed)) {
    std::string base = std::string(fn) + "_" + T;
    return w.helper("move:" + base, base, [&](const std::string& name) {
      std::string arg = hasArg ? ", ushort l" : "";
      std::string pass = hasArg ? ", l" : fixed ? std::string(", ") + fixed : "";
      std::string r = T + " " + name + "(" + T + " v" + arg + ")\n{\n";
      r += "    uint2 h = as_type<uint2>(v);\n";
      r += "    return as_type<" + T + ">(uint2(" + fn + "(h.x" + pass + "), " + fn + "(h.y" + pass + ")));\n";
      return r + "}\n";
    });
  }
  const char* opName = nullptr;
  std::string identity, combine;
  switch (op) {
    case SubgroupOp::Add: opName = "sum", identity = "0", combine = "r + v"; break;
    case SubgroupOp::Mul: opName = "product", identity = "1", combine = "r * v"; break;
    case SubgroupOp::Min:
      opName = "min", identity = sg ? "9223372036854775807l" : "0xfffffffffffffffful", combine = "v < r ? v : r";
      break;
    case SubgroupOp::Max:
      opName = "max", identity = sg ? "(-9223372036854775807l - 1l)" : "0ul", combine = "v > r ? v : r";
      break;
    case SubgroupOp::And: opName = "and", identity = "~" + T + "(0)", combine = "r & v"; break;
    case SubgroupOp::Or: opName = "or", identity = "0", combine = "r | v"; break;
    case SubgroupOp::Xor: opName = "xor", identity = "0", combine = "r ^ v"; break;
    default: return {};
  }
  bool excl = coll == CollectiveOp::ExclusiveScan, incl = coll == CollectiveOp::InclusiveScan;
  std::string base = std::string(excl   ? "simd_prefix_exclusive_"
                                 : incl ? "simd_prefix_inclusive_"
                                        : "simd_") +
                     opName + "_" + T;
  return w.helper("reduce:" + base, base, [&](const std::string& name) {
    std::string r = "// " + std::string(excl || incl ? "scan" : "reduction") +
                    " over the active lanes in ascending order, one lane's halves shuffled per step\n";
    r += T + " " + name + "(" + T + " x)\n{\n";
    r += "    uint2 h = as_type<uint2>(x);\n";
    r += "    ulong lanes = static_cast<ulong>(static_cast<simd_vote::vote_t>(simd_ballot(true)));\n";
    if (excl || incl) r += "    uint rank = simd_prefix_exclusive_sum(1u);  // active lanes below this one\n";
    r += "    " + T + " r = " + T + "(" + identity + ");\n";
    r += "    for (uint k = 0u; lanes != 0ul; ++k)\n    {\n";
    r += "        uint lo = uint(lanes), hi = uint(lanes >> 32);\n";
    r += "        ushort l = ushort(lo != 0u ? ctz(lo) : 32u + ctz(hi));\n";
    r += "        " + T + " v = as_type<" + T + ">(uint2(simd_shuffle(h.x, l), simd_shuffle(h.y, l)));\n";
    std::string step = "r = " + combine + ";";
    if (excl)
      r += "        if (k < rank) " + step + "\n";
    else if (incl)
      r += "        if (k <= rank) " + step + "\n";
    else
      r += "        " + step + "\n";
    r += "        lanes &= lanes - 1ul;\n    }\n    return r;\n}\n";
    return r;
  });
}

}  // namespace oneshader::msl
