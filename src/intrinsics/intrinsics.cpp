#include "intrinsics/intrinsics.hpp"

#include <algorithm>
#include <array>

namespace oneshader {
namespace {
using K = IntrinsicKind;
using A = IntrinsicArgs;
using R = IntrinsicRet;
using G = IntrinsicGroupOp;
using S = IntrinsicStages;

constexpr IntrinsicInfo kTable[] = {
#define INTRINSIC(id, name, kind, mn, mx, args, ret, spv, gop, feat, stages) \
  {IntrinsicId::id, name, K::kind, mn, mx, A::args, R::ret, spv, G::gop, feat, S::stages},
#include "intrinsics/intrinsics.def"
#undef INTRINSIC
};
constexpr size_t kCount = sizeof(kTable) / sizeof(kTable[0]);

// Sorted (name, index) pairs for binary search, built at compile time (issue 11: sorting
// them on the first lookup was a thirtieth of compiling a small shader).
struct Index {
  std::array<std::pair<std::string_view, uint16_t>, kCount> free{}, methods{};
  size_t nFree = 0, nMethods = 0;
  constexpr Index() {
    for (size_t i = 0; i < kCount; ++i) {
      const auto& r = kTable[i];
      if (r.kind == K::Method)
        methods[nMethods++] = {r.name, uint16_t(i)};
      else
        free[nFree++] = {r.name, uint16_t(i)};
      if (r.kind == K::Interlocked) methods[nMethods++] = {r.name, uint16_t(i)};
    }
    std::sort(free.begin(), free.begin() + nFree);
    std::sort(methods.begin(), methods.begin() + nMethods);
  }
  static IntrinsicId find(const std::pair<std::string_view, uint16_t>* b, size_t n, std::string_view name) {
    auto e = b + n;
    auto it = std::lower_bound(b, e, name, [](const auto& p, std::string_view s) { return p.first < s; });
    if (it != e && it->first == name) return static_cast<IntrinsicId>(it->second);
    return IntrinsicId::None;
  }
};
constexpr Index kIndex;
const Index& index() { return kIndex; }
}  // namespace

const IntrinsicInfo& intrinsicInfo(IntrinsicId id) { return kTable[static_cast<size_t>(id)]; }
IntrinsicId lookupIntrinsic(std::string_view name) {
  const auto& i = index();
  return Index::find(i.free.data(), i.nFree, name);
}
IntrinsicId lookupMethodIntrinsic(std::string_view name) {
  const auto& i = index();
  return Index::find(i.methods.data(), i.nMethods, name);
}

}  // namespace oneshader
