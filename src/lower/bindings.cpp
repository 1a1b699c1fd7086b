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
  std::vector<BindingResult> out(requests.size());
  std::vector<bool> assigned(requests.size(), false);
  // (set, binding) -> the first request that took it.
  std::map<std::pair<uint32_t, uint32_t>, size_t> used;

  auto take = [&](size_t i, uint32_t set, uint32_t binding) {
    out[i].binding = ir::ResourceBinding{set, binding};
    assigned[i] = true;
    auto [it, fresh] = used.emplace(std::make_pair(set, binding), i);
    if (!fresh) {
      const BindingRequest& first = requests[it->second];
      const BindingRequest& second = requests[i];
      Diagnostic& d = diags.report(DiagId::BindingCollision, second.range,
                                   {first.name, second.name, std::to_string(set), std::to_string(binding)});
      d.notes.push_back(DiagNote{first.range, "'" + first.name + "' is declared here"});
    }
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
      take(i, b.space, b.index + bindingShift(shifts, b.regClass, b.space));
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
  return out;
}

}  // namespace oneshader::lower
