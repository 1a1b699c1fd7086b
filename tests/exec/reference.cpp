// Reference model for wave and quad intrinsics; see reference.hpp.
#include "reference.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>

namespace oneshader::exec {

namespace {

constexpr size_t kMaxErrors = 12;

enum class Op {
  Sum,
  Product,
  Min,
  Max,
  BitAnd,
  BitOr,
  BitXor,
  PrefixSum,
  PrefixProduct,
  CountBits,
  PrefixCountBits,
  Ballot,
  Any,
  All,
  AllEqual,
  ReadFirst,
  ReadLaneAt,
  IsFirstLane,
  QuadX,
  QuadY,
  QuadDiagonal,
  QuadLaneAt,
  LaneFacts,
  // SM 6.5 partitioned ops: the wave's active lanes are split by an equal partition key.
  Match,
  MultiPrefixSum,
  MultiPrefixProduct,
  MultiPrefixCountBits,
};

const std::vector<std::pair<std::string, Op>>& opTable() {
  static const std::vector<std::pair<std::string, Op>> t = {
      {"sum", Op::Sum},
      {"product", Op::Product},
      {"min", Op::Min},
      {"max", Op::Max},
      {"bitand", Op::BitAnd},
      {"bitor", Op::BitOr},
      {"bitxor", Op::BitXor},
      {"prefix_sum", Op::PrefixSum},
      {"prefix_product", Op::PrefixProduct},
      {"count_bits", Op::CountBits},
      {"prefix_count_bits", Op::PrefixCountBits},
      {"ballot", Op::Ballot},
      {"any", Op::Any},
      {"all", Op::All},
      {"all_equal", Op::AllEqual},
      {"read_first", Op::ReadFirst},
      {"read_lane_at", Op::ReadLaneAt},
      {"is_first_lane", Op::IsFirstLane},
      {"quad_x", Op::QuadX},
      {"quad_y", Op::QuadY},
      {"quad_diagonal", Op::QuadDiagonal},
      {"quad_lane_at", Op::QuadLaneAt},
      {"lane_facts", Op::LaneFacts},
      {"match", Op::Match},
      {"multi_prefix_sum", Op::MultiPrefixSum},
      {"multi_prefix_product", Op::MultiPrefixProduct},
      {"multi_prefix_count_bits", Op::MultiPrefixCountBits},
  };
  return t;
}

// Typed arithmetic on values held in 32-bit words (16-bit types in the low half). Integer
// add/mul wrap modulo 2^32 or 2^16, as in HLSL and SPIR-V. Half arithmetic is done in
// double, which holds the exact sum or product of two halves, then rounded once to half
// (round to nearest even): the IEEE binary16 result.
double toDouble(ScalarType t, uint32_t w) {
  switch (t) {
    case ScalarType::Uint: return w;
    case ScalarType::Int: return static_cast<int32_t>(w);
    case ScalarType::Float: return bitsFloat(w);
    case ScalarType::Uint16: return w & 0xffffu;
    case ScalarType::Int16: return static_cast<int16_t>(static_cast<uint16_t>(w));
    case ScalarType::Half: return halfToDouble(w);
  }
  return 0;
}
uint32_t add(ScalarType t, uint32_t a, uint32_t b) {
  switch (t) {
    case ScalarType::Float: return floatBits(bitsFloat(a) + bitsFloat(b));
    case ScalarType::Half: return halfFromDouble(halfToDouble(a) + halfToDouble(b));
    case ScalarType::Uint16:
    case ScalarType::Int16: return (a + b) & 0xffffu;
    default: return a + b;
  }
}
uint32_t mul(ScalarType t, uint32_t a, uint32_t b) {
  switch (t) {
    case ScalarType::Float: return floatBits(bitsFloat(a) * bitsFloat(b));
    case ScalarType::Half: return halfFromDouble(halfToDouble(a) * halfToDouble(b));
    case ScalarType::Uint16:
    case ScalarType::Int16: return (a * b) & 0xffffu;
    default: return a * b;
  }
}
bool less(ScalarType t, uint32_t a, uint32_t b) {
  return toDouble(t, a) < toDouble(t, b);  // every value of every type is exact in a double
}
bool equal(ScalarType t, uint32_t a, uint32_t b) { return isFloat(t) ? toDouble(t, a) == toDouble(t, b) : a == b; }
uint32_t one(ScalarType t) { return t == ScalarType::Float ? floatBits(1.0f) : t == ScalarType::Half ? 0x3c00u : 1u; }
// The integer k as a value of type t (a loop's iteration added to the input).
uint32_t fromCount(ScalarType t, uint32_t k) {
  switch (t) {
    case ScalarType::Float: return floatBits(static_cast<float>(k));
    case ScalarType::Half: return halfFromDouble(k);
    case ScalarType::Uint16:
    case ScalarType::Int16: return k & 0xffffu;
    default: return k;
  }
}

// Float reductions are compared exactly, which is only sound when every order of
// evaluation gives the same result. Check the test's inputs guarantee that: sums of
// multiples of 0.5 whose magnitudes add up to at most 2^23 (float) or 2^10 (half), so every
// partial sum is a multiple of 0.5 within the significand; products of +-2^n whose partial
// products stay normal.
std::optional<std::string> floatOrderIndependent(Op op, ScalarType t, const std::vector<uint32_t>& vals) {
  const bool half = t == ScalarType::Half;
  const char* name = half ? "half" : "float";
  if (op == Op::Sum || op == Op::PrefixSum || op == Op::MultiPrefixSum) {
    double total = 0;
    for (uint32_t w : vals) {
      double v = toDouble(t, w);
      if (std::floor(v * 2) != v * 2)
        return std::string(name) + " sum input " + std::to_string(v) + " is not a multiple of 0.5";
      total += std::fabs(v) * 2;
    }
    if (total > (half ? 2048.0 : 16777216.0))
      return std::string(name) + " sum inputs too large to be exact in every order";
  } else if (op == Op::Product || op == Op::PrefixProduct || op == Op::MultiPrefixProduct) {
    int lo = 0, hi = 0;
    for (uint32_t w : vals) {
      int e;
      double m = std::frexp(std::fabs(toDouble(t, w)), &e);
      if (m != 0.5) return std::string(name) + " product input " + std::to_string(toDouble(t, w)) + " is not +-2^n";
      (e > 1 ? hi : lo) += e - 1;
    }
    if (half ? (hi > 15 || lo < -14) : (hi > 120 || lo < -120))
      return std::string(name) + " product inputs may overflow";
  }
  return std::nullopt;
}

struct Thread {
  uint32_t tid, lane;
};

}  // namespace

void CheckResult::error(std::string msg) {
  ok = false;
  ++errorCount;
  if (errors.size() < kMaxErrors) errors.push_back(std::move(msg));
}

const std::vector<std::string>& referenceOps() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (auto& [s, o] : opTable()) n.push_back(s);
    return n;
  }();
  return names;
}

CheckResult checkWave(const Case& c, const DeviceWaveInfo& dev, const std::vector<uint32_t>& inputWords,
                      const std::vector<uint32_t>& facts, const std::vector<uint32_t>& outputWords,
                      const std::vector<uint32_t>& outputInitWords) {
  CheckResult r;
  const WaveSpec& w = *c.wave;
  std::optional<Op> opOpt;
  for (auto& [s, o] : opTable())
    if (s == w.op) opOpt = o;
  if (!opOpt) {
    r.error("unknown wave op '" + w.op + "'");
    return r;
  }
  const Op op = *opOpt;
  const ScalarType ty = w.type;
  const uint32_t n = c.threadCount();
  const uint32_t groupSize = c.localSize[0] * c.localSize[1] * c.localSize[2];
  if (c.localSize[1] != 1 || c.localSize[2] != 1 || c.dispatch[1] != 1 || c.dispatch[2] != 1) {
    r.error("wave cases must be one-dimensional (thread t = SV_DispatchThreadID.x)");
    return r;
  }
  const uint32_t comps = op == Op::Ballot || op == Op::Match ? 4 : 1;
  // Ops whose result is a bool or a count, written as a word whatever the value type.
  const bool wordResultOp = op == Op::Ballot || op == Op::Match || op == Op::CountBits || op == Op::PrefixCountBits ||
                            op == Op::MultiPrefixCountBits || op == Op::Any || op == Op::All || op == Op::AllEqual ||
                            op == Op::IsFirstLane || op == Op::LaneFacts;
  const uint32_t vec = w.vector;  // components per thread
  if (vec > 1 && wordResultOp) {
    r.error("test design: \"vector\" is for ops whose result has the value's type, not " + w.op);
    return r;
  }
  // The input and output buffers as elements (16-bit ones are packed two per word); the
  // input converted to the wave's value type (e.g. a uint buffer read as uint16_t).
  const BufferDesc* inDesc = c.findBuffer(w.input);
  const BufferDesc* outDesc = c.findBuffer(w.output);
  const ScalarType outTy = outDesc->type;
  std::vector<uint32_t> input = unpackElements(inDesc->type, inputWords, inDesc->count);
  for (auto& v : input) v = convertElement(inDesc->type, ty, v);
  const std::vector<uint32_t> output = unpackElements(outTy, outputWords, outDesc->count);
  const std::vector<uint32_t> outputInit = unpackElements(outTy, outputInitWords, outDesc->count);
  if (input.size() < size_t{n} * vec)
    r.error("input buffer has " + std::to_string(input.size()) + " values, need " + std::to_string(size_t{n} * vec));
  if (facts.size() < size_t{4} * n)
    r.error("facts buffer has " + std::to_string(facts.size()) + " words, need 4 per thread");
  if (output.size() < size_t{n} * w.iterations * comps * vec || outputInit.size() != output.size())
    r.error("output buffer too small");
  if (!r.ok) return r;

  // 1. The facts: self-consistent and in agreement with the device.
  std::map<std::pair<uint32_t, uint32_t>, std::vector<Thread>> waves;  // (group, first gi) -> members
  uint32_t laneCount = facts[1];
  for (uint32_t t = 0; t < n; ++t) {
    uint32_t lane = facts[4 * t], count = facts[4 * t + 1], first = facts[4 * t + 2], group = facts[4 * t + 3];
    std::string at = "thread " + std::to_string(t) + ": ";
    if (count != laneCount)
      r.error(at + "WaveGetLaneCount() = " + std::to_string(count) + " but thread 0 saw " + std::to_string(laneCount));
    if (lane >= count)
      r.error(at + "WaveGetLaneIndex() = " + std::to_string(lane) +
              " >= WaveGetLaneCount() = " + std::to_string(count));
    if (group != t / groupSize)
      r.error(at + "SV_GroupID.x = " + std::to_string(group) + ", expected " + std::to_string(t / groupSize));
    if (first >= groupSize)
      r.error(at + "WaveReadLaneFirst(SV_GroupIndex) = " + std::to_string(first) + " is not a group index");
    waves[{group, first}].push_back({t, lane});
  }
  if (!r.ok) return r;
  if (dev.requiredSize ? laneCount != dev.requiredSize : (laneCount < dev.minSize || laneCount > dev.maxSize))
    r.error("WaveGetLaneCount() = " + std::to_string(laneCount) + " but the device's subgroup size is " +
            (dev.requiredSize ? std::to_string(dev.requiredSize)
                              : std::to_string(dev.minSize) + ".." + std::to_string(dev.maxSize)));
  const bool expectFull = dev.fullSubgroups && groupSize % laneCount == 0;
  for (auto& [key, members] : waves) {
    std::sort(members.begin(), members.end(), [](const Thread& a, const Thread& b) { return a.lane < b.lane; });
    std::string wn = "wave (group " + std::to_string(key.first) + ", first " + std::to_string(key.second) + "): ";
    for (size_t i = 1; i < members.size(); ++i)
      if (members[i].lane == members[i - 1].lane)
        r.error(wn + "threads " + std::to_string(members[i - 1].tid) + " and " + std::to_string(members[i].tid) +
                " both have lane " + std::to_string(members[i].lane));
    if (members.front().tid % groupSize != key.second)
      r.error(wn + "WaveReadLaneFirst(SV_GroupIndex) is not the group index of the wave's lowest lane (thread " +
              std::to_string(members.front().tid) + ")");
    if (expectFull && members.size() != laneCount)
      r.error(wn + std::to_string(members.size()) + " threads, but full subgroups of " + std::to_string(laneCount) +
              " were required");
  }
  r.waves = waves.size();
  r.checked += n;  // every thread's facts were checked
  if (!r.ok || op == Op::LaneFacts) return r;

  // 2. The intrinsic, per vector component, wave and loop iteration.
  for (uint32_t comp = 0; comp < vec; ++comp) {
    auto value = [&](uint32_t t, uint32_t k) {
      uint32_t v = input[size_t{t} * vec + comp];
      return k == 0 ? v : add(ty, v, fromCount(ty, k));
    };
    auto ruleIn = [&](const Thread& th, uint32_t k) {
      return RuleInputs{th.lane, th.tid, th.tid % groupSize, value(th.tid, k)};
    };
    auto describe = [&](const Thread& th, uint32_t k) {
      std::ostringstream s;
      s << "thread " << th.tid << " (group " << th.tid / groupSize << ", lane " << th.lane << " of " << laneCount;
      if (w.iterations > 1) s << ", iteration " << k;
      if (vec > 1) s << ", component " << comp;
      s << ")";
      return s.str();
    };

    for (auto& [key, members] : waves) {
      std::map<uint32_t, size_t> byLane;  // lane -> index into members
      for (size_t i = 0; i < members.size(); ++i) byLane[members[i].lane] = i;
      for (uint32_t k = 0; k < w.iterations; ++k) {
        std::vector<bool> active(members.size());
        std::vector<uint32_t> vals(members.size());
        std::vector<bool> pred(members.size());
        std::vector<uint32_t> key(members.size());  // partition key (match, multi_prefix_*)
        std::vector<uint32_t> activeVals;
        for (size_t i = 0; i < members.size(); ++i) {
          RuleInputs ri = ruleIn(members[i], k);
          active[i] = evalRule(w.active, ri) != 0 && (!w.trips || k < static_cast<uint32_t>(evalRule(*w.trips, ri)));
          vals[i] = value(members[i].tid, k);
          pred[i] = evalRule(w.pred, ri) != 0;
          key[i] = w.partition ? static_cast<uint32_t>(evalRule(*w.partition, ri)) : vals[i];
          if (active[i]) activeVals.push_back(vals[i]);
        }
        if (isFloat(ty))
          if (auto why = floatOrderIndependent(op, ty, activeVals)) {
            r.error("test design: " + *why);
            return r;
          }
        std::optional<size_t> firstActive;
        for (size_t i = 0; i < members.size(); ++i)
          if (active[i]) {
            firstActive = i;
            break;
          }

        // A lane's value, or nullopt when that lane is absent or inactive (undefined result).
        auto laneValue = [&](int64_t lane) -> std::optional<uint32_t> {
          if (lane < 0) return std::nullopt;
          auto it = byLane.find(static_cast<uint32_t>(lane));
          if (it == byLane.end() || !active[it->second]) return std::nullopt;
          return vals[it->second];
        };

        for (size_t i = 0; i < members.size(); ++i) {
          const Thread& th = members[i];
          const size_t slot = ((size_t{th.tid} * w.iterations + k) * comps) * vec + comp;
          std::optional<std::vector<uint32_t>> expect;  // nullopt: don't care
          if (!active[i]) {
            expect = std::vector<uint32_t>(outputInit.begin() + slot, outputInit.begin() + slot + comps);
          } else {
            auto reduce = [&](bool prefix, auto combine, uint32_t init, bool hasInit) {
              uint32_t acc = init;
              bool have = hasInit;
              for (size_t j = 0; j < members.size(); ++j) {
                if (!active[j] || (prefix && j >= i)) continue;
                acc = have ? combine(acc, vals[j]) : vals[j];
                have = true;
              }
              return acc;
            };
            auto sum = [&](uint32_t a, uint32_t b) { return add(ty, a, b); };
            auto prod = [&](uint32_t a, uint32_t b) { return mul(ty, a, b); };
            auto mn = [&](uint32_t a, uint32_t b) { return less(ty, b, a) ? b : a; };
            auto mx = [&](uint32_t a, uint32_t b) { return less(ty, a, b) ? b : a; };
            auto countPred = [&](bool prefix) {
              uint32_t cnt = 0;
              for (size_t j = 0; j < members.size(); ++j)
                if (active[j] && pred[j] && (!prefix || j < i)) ++cnt;
              return cnt;
            };
            std::optional<uint32_t> one1;
            switch (op) {
              case Op::Sum: one1 = reduce(false, sum, 0, false); break;
              case Op::Product: one1 = reduce(false, prod, 0, false); break;
              case Op::Min: one1 = reduce(false, mn, 0, false); break;
              case Op::Max: one1 = reduce(false, mx, 0, false); break;
              case Op::BitAnd:
                one1 = reduce(
                    false, [](uint32_t a, uint32_t b) { return a & b; }, 0, false);
                break;
              case Op::BitOr:
                one1 = reduce(
                    false, [](uint32_t a, uint32_t b) { return a | b; }, 0, false);
                break;
              case Op::BitXor:
                one1 = reduce(
                    false, [](uint32_t a, uint32_t b) { return a ^ b; }, 0, false);
                break;
              case Op::PrefixSum: one1 = reduce(true, sum, 0u /* 0.0f has the same bits */, true); break;
              case Op::PrefixProduct: one1 = reduce(true, prod, one(ty), true); break;
              case Op::CountBits: one1 = countPred(false); break;
              case Op::PrefixCountBits: one1 = countPred(true); break;
              case Op::Any: one1 = countPred(false) > 0 ? 1u : 0u; break;
              case Op::All: one1 = countPred(false) == activeVals.size() ? 1u : 0u; break;
              case Op::AllEqual: {
                bool eq = true;
                for (uint32_t v : activeVals) eq = eq && equal(ty, v, activeVals.front());
                one1 = eq ? 1u : 0u;
                break;
              }
              case Op::ReadFirst: one1 = vals[*firstActive]; break;
              case Op::IsFirstLane: one1 = i == *firstActive ? 1u : 0u; break;
              case Op::ReadLaneAt:
                one1 = laneValue(w.laneConst >= 0 ? w.laneConst : (th.lane + w.laneRotate) % laneCount);
                break;
              case Op::QuadX: one1 = laneValue(th.lane ^ 1u); break;
              case Op::QuadY: one1 = laneValue(th.lane ^ 2u); break;
              case Op::QuadDiagonal: one1 = laneValue(th.lane ^ 3u); break;
              case Op::QuadLaneAt: one1 = laneValue((th.lane & ~3u) | static_cast<uint32_t>(w.laneConst & 3)); break;
              case Op::Ballot: {
                std::vector<uint32_t> m(4, 0);
                for (size_t j = 0; j < members.size(); ++j)
                  if (active[j] && pred[j] && members[j].lane < 128)
                    m[members[j].lane / 32] |= 1u << (members[j].lane % 32);
                expect = m;
                break;
              }
              case Op::LaneFacts: break;
              case Op::Match: {  // active lanes whose key equals this lane's
                std::vector<uint32_t> m(4, 0);
                for (size_t j = 0; j < members.size(); ++j)
                  if (active[j] && equal(ty, key[j], key[i]) && members[j].lane < 128)
                    m[members[j].lane / 32] |= 1u << (members[j].lane % 32);
                expect = m;
                break;
              }
              case Op::MultiPrefixSum:
              case Op::MultiPrefixProduct:
              case Op::MultiPrefixCountBits: {  // exclusive, over lower lanes of this lane's partition
                uint32_t acc = op == Op::MultiPrefixProduct ? one(ty) : 0u;
                for (size_t j = 0; j < i; ++j) {
                  if (!active[j] || !equal(ty, key[j], key[i])) continue;
                  if (op == Op::MultiPrefixSum)
                    acc = add(ty, acc, vals[j]);
                  else if (op == Op::MultiPrefixProduct)
                    acc = mul(ty, acc, vals[j]);
                  else if (pred[j])
                    ++acc;
                }
                one1 = acc;
                break;
              }
            }
            // A value of the wave's type, stored as the output buffer's type (e.g. an
            // int16_t result written to an int buffer is sign-extended).
            if (op != Op::Ballot && op != Op::Match && one1)
              expect = std::vector<uint32_t>{wordResultOp ? *one1 : convertElement(ty, outTy, *one1)};
          }
          if (!expect) {
            ++r.dontCare;
            for (uint32_t ci = 0; ci < comps; ++ci) r.undefinedWords.push_back(wordOfElement(outTy, slot + ci));
            continue;
          }
          for (uint32_t ci = 0; ci < comps; ++ci) {
            ++r.checked;
            uint32_t got = output[slot + ci], want = (*expect)[ci];
            bool same = got == want || (isFloat(outTy) && comps == 1 && active[i] && !wordResultOp &&
                                        toDouble(outTy, got) == toDouble(outTy, want));
            if (same) continue;
            bool wordResult = wordResultOp || !active[i];
            ScalarType shown = wordResult ? (is16Bit(outTy) ? ScalarType::Uint16 : ScalarType::Uint) : outTy;
            std::string what = !active[i] ? " (inactive: must not write)" : "";
            r.error(describe(th, k) + what + (comps > 1 ? " word " + std::to_string(ci) : "") + ": got " +
                    formatWord(shown, got) + ", expected " + formatWord(shown, want));
          }
        }
      }
    }
  }  // component
  if (r.ok && r.checked <= n) r.error("vacuous test: no output value was defined and checked");
  return r;
}

}  // namespace oneshader::exec
