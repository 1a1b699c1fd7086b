// Descriptor set / binding assignment (see bindings.hpp).
#include "lower/bindings.hpp"

#include <map>
#include <set>

namespace oneshader::lower {

uint32_t bindingShift(std::span<const BindingShift> shifts, char regClass, uint32_t space) {
  const BindingShift* all = nullptr;
  for (const BindingShift& s : shifts) {
    if (s.kind != regClass) continue;
    if (s.space >= 0 && uint32_t(s.space) == space) return s.shift;
    if (s.space < 0 && !all) all = &s;
  }
  return all ? all->shift : 0;
}

static bool isBindingClass(char c) { return c == 't' || c == 'u' || c == 'b' || c == 's'; }

std::vector<BindingResult> assignBindings(std::span<const BindingRequest> requests,
                                          std::span<const BindingShift> shifts, DiagEngine& diags) {
  using Combined = BindingRequest::Combined;
  std::vector<BindingResult> out(requests.size());
  std::vector<bool> assigned(requests.size(), false);
  // (set, binding) -> the first request that took it.
  std::map<std::pair<uint32_t, uint32_t>, size_t> used;
  // (first, second): two requests on one binding, in the order the second took it; reported
  // once the combined pairs are known.
  std::vector<std::pair<size_t, size_t>> collisions;

  auto take = [&](size_t i, uint32_t set, uint32_t binding) {
    out[i].binding = ir::ResourceBinding{set, binding};
    assigned[i] = true;
    auto [it, fresh] = used.emplace(std::make_pair(set, binding), i);
    if (!fresh) collisions.push_back({it->second, i});
  };

  // The set a request's binding lives in (a counter: its buffer's).
  auto setOf = [&](size_t i) -> uint32_t {
    if (requests[i].counterOf >= 0 && size_t(requests[i].counterOf) < requests.size()) i = size_t(requests[i].counterOf);
    const sema::Binding& b = requests[i].written;
    return b.hasVkBinding ? b.vkSet : b.hasRegister ? b.space : 0;
  };
  // Explicit bindings first.
  for (size_t i = 0; i < requests.size(); ++i) {
    const sema::Binding& b = requests[i].written;
    if (requests[i].counterOf >= 0) {
      if (size_t(requests[i].counterOf) >= requests.size()) continue;
      const sema::Binding& mb = requests[size_t(requests[i].counterOf)].written;
      if (mb.hasVkCounterBinding) take(i, setOf(i), mb.vkCounterBinding);
    } else if (b.hasVkBinding) {
      take(i, b.vkSet, b.vkBinding);
    } else if (b.hasRegister && isBindingClass(b.regClass)) {
      // A combined sampler's s register takes the t shift, like its texture's (DXC).
      char cls = b.regClass == 's' && requests[i].combined == Combined::Sampler ? 't' : b.regClass;
      take(i, b.space, b.index + bindingShift(shifts, cls, b.space));
    }
  }
  // Then implicit ones, in declaration order: the lowest free binding of the set.
  std::map<uint32_t, uint32_t> next;  // set -> first candidate
  for (size_t i = 0; i < requests.size(); ++i) {
    if (assigned[i]) continue;
    uint32_t set = setOf(i);
    uint32_t& n = next[set];
    while (used.count({set, n})) ++n;
    out[i].implicit = true;
    take(i, set, n);
  }
  // Combined image samplers: each marked texture takes the first unpaired marked sampler of
  // its set and binding (declaration order); whatever is left has no partner.
  for (size_t i = 0; i < requests.size(); ++i) {
    if (requests[i].combined != Combined::Texture) continue;
    for (size_t j = 0; j < requests.size(); ++j)
      if (requests[j].combined == Combined::Sampler && out[j].partner < 0 && out[j].binding == out[i].binding) {
        out[i].partner = int32_t(j);
        out[j].partner = int32_t(i);
        break;
      }
  }
  for (size_t i = 0; i < requests.size(); ++i) {
    if (requests[i].combined == Combined::None || out[i].partner >= 0) continue;
    diags.report(DiagId::CombinedImageSamplerPartner, requests[i].range,
                 {requests[i].name, requests[i].combined == Combined::Texture ? "sampler" : "texture",
                  std::to_string(out[i].binding.group), std::to_string(out[i].binding.binding)});
  }
  for (auto [first, second] : collisions) {
    if (out[first].partner == int32_t(second)) continue;  // the two halves of one combined image sampler
    const BindingRequest& a = requests[first];
    const BindingRequest& b = requests[second];
    Diagnostic& d = diags.report(DiagId::BindingCollision, b.range,
                                 {a.name, b.name, std::to_string(out[second].binding.group),
                                  std::to_string(out[second].binding.binding)});
    d.notes.push_back(DiagNote{a.range, "'" + a.name + "' is declared here"});
  }
  return out;
}

}  // namespace oneshader::lower
