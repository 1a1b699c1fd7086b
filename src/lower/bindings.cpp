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
                                          std::span<const BindingShift> shifts, DiagEngine& diags,
                                          const BindingOptions& options) {
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
    for (uint32_t k = 0; k < requests[i].count; ++k) {
      auto [it, fresh] = used.emplace(std::make_pair(set, binding + k), i);
      if (!fresh) {
        collisions.push_back({it->second, i});
        break;
      }
    }
  };
  auto freeRun = [&](uint32_t set, uint32_t n, uint32_t count) {
    for (uint32_t k = 0; k < count; ++k)
      if (used.count({set, n + k})) return false;
    return true;
  };

  const uint32_t defaultSpace = options.defaultSpace.value_or(0);
  // The space a register() names (-auto-binding-space's when it names none).
  auto spaceOf = [&](const sema::Binding& b) {
    return b.spaceWritten || !options.defaultSpace ? b.space : defaultSpace;
  };
  // The set a request's binding lives in (a counter: its buffer's).
  auto setOf = [&](size_t i) -> uint32_t {
    if (requests[i].counterOf >= 0 && size_t(requests[i].counterOf) < requests.size())
      i = size_t(requests[i].counterOf);
    const sema::Binding& b = requests[i].written;
    if (b.hasVkBinding) return b.vkSetWritten || !options.defaultSpace ? b.vkSet : defaultSpace;
    return spaceOf(b);
  };
  // -fvk-bind-register: the mapping of a register, if any.
  auto mapped = [&](const sema::Binding& b) -> const BindingOptions::Register* {
    for (const BindingOptions::Register& r : options.registers)
      if (r.kind == b.regClass && r.reg == b.index && r.space == spaceOf(b)) return &r;
    return nullptr;
  };
  const bool registerMode = !options.registers.empty();
  auto at = [&](size_t i) { return requests[i].nameRange.valid() ? requests[i].nameRange : requests[i].range; };
  // Explicit bindings first.
  for (size_t i = 0; i < requests.size(); ++i) {
    const sema::Binding& b = requests[i].written;
    if (requests[i].samplerOf >= 0) continue;  // its texture's binding, below
    if (requests[i].counterOf >= 0) {
      if (size_t(requests[i].counterOf) >= requests.size()) continue;
      const BindingRequest& main = requests[size_t(requests[i].counterOf)];
      if (main.written.hasVkCounterBinding) {
        take(i, setOf(i), main.written.vkCounterBinding);
      } else if (registerMode && !main.written.hasVkBinding) {
        // DXC: "-fvk-bind-register for RW/Append/Consume StructuredBuffer unimplemented".
        diags.report(DiagId::NotSupportedYet, main.range,
                     {"the counter of '" + main.name + "' with -fvk-bind-register (use [[vk::counter_binding]])"});
        take(i, setOf(i), 0);
      }
    } else if (requests[i].globals && options.globals) {
      take(i, options.globals->second, options.globals->first);
    } else if (requests[i].globals && registerMode) {
      diags.report(DiagId::BindRegisterNeedsGlobals, SourceRange{});
      take(i, 0, 0);
    } else if (b.hasVkBinding) {
      take(i, setOf(i), b.vkBinding);
    } else if (registerMode) {
      if (!b.hasRegister || !isBindingClass(b.regClass)) {
        diags.report(DiagId::BindRegisterNeedsRegister, at(i), {requests[i].name});
      } else if (const BindingOptions::Register* r = mapped(b)) {
        take(i, r->set, r->binding);
        continue;
      } else {
        diags.report(
            DiagId::BindRegisterMissing, at(i),
            {requests[i].name, std::string(1, b.regClass) + std::to_string(b.index), std::to_string(spaceOf(b))});
      }
      take(i, 0, 0);
    } else if (b.hasRegister && isBindingClass(b.regClass)) {
      // A combined sampler's s register takes the t shift, like its texture's (DXC).
      char cls = b.regClass == 's' && requests[i].combined == Combined::Sampler ? 't' : b.regClass;
      take(i, spaceOf(b), b.index + bindingShift(shifts, cls, spaceOf(b)));
    }
  }
  // Then implicit ones, in declaration order: the lowest free binding of the set (from the
  // shift of the resource's register class with -fvk-auto-shift-bindings).
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> next;  // (set, first candidate's start) -> candidate
  for (size_t i = 0; i < requests.size(); ++i) {
    if (assigned[i] || requests[i].samplerOf >= 0) continue;
    uint32_t set = setOf(i);
    uint32_t start = 0;
    if (options.autoShift && requests[i].counterOf < 0 && isBindingClass(requests[i].naturalClass))
      start = bindingShift(shifts, requests[i].naturalClass, set);
    uint32_t& n = next.try_emplace({set, start}, start).first->second;
    while (used.count({set, n})) ++n;
    uint32_t at = n;
    while (!freeRun(set, at, requests[i].count)) ++at;
    out[i].implicit = true;
    take(i, set, at);
  }
  // A vk::SampledTexture's two halves: one binding, each other's partner.
  for (size_t i = 0; i < requests.size(); ++i) {
    int32_t t = requests[i].samplerOf;
    if (t < 0 || size_t(t) >= requests.size()) continue;
    out[i].binding = out[size_t(t)].binding;
    out[i].implicit = out[size_t(t)].implicit;
    assigned[i] = true;
    out[i].partner = t;
    out[size_t(t)].partner = int32_t(i);
  }
  // Combined image samplers: each marked texture takes the first unpaired marked sampler of
  // its set and binding (declaration order); whatever is left has no partner.
  for (size_t i = 0; i < requests.size(); ++i) {
    if (requests[i].combined != Combined::Texture || out[i].partner >= 0) continue;
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
    Diagnostic& d = diags.report(
        DiagId::BindingCollision, b.range,
        {a.name, b.name, std::to_string(out[second].binding.group), std::to_string(out[second].binding.binding)});
    d.notes.push_back(DiagNote{a.range, "'" + a.name + "' is declared here"});
  }
  return out;
}

}  // namespace oneshader::lower
