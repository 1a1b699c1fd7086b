#include "backend/common/namer.hpp"

namespace oneshader::text {

std::string Namer::sanitize(std::string_view base) {
  std::string s;
  s.reserve(base.size() + 2);
  for (char c : base) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    s += ok ? c : '_';
  }
  // "__x" and "_X" are reserved in C++ ("__" also in WGSL): drop the leading underscores.
  if (s.size() >= 2 && s[0] == '_' && (s[1] == '_' || (s[1] >= 'A' && s[1] <= 'Z'))) {
    size_t k = s.find_first_not_of('_');
    s.erase(0, k == std::string::npos ? s.size() : k);
  }
  if (s.empty() || s == "_" || (s[0] >= '0' && s[0] <= '9')) s.insert(s.begin(), 'v');
  return s;
}

bool Namer::taken(const std::string& name) const {
  for (const Namer* n = this; n; n = n->parent_)
    if (n->used_.count(name)) return true;
  return false;
}

std::string Namer::make(std::string_view base) {
  std::string s = sanitize(base);
  if (reserved_ && reserved_(s)) s += '_';
  if (!taken(s)) {
    used_.insert(s);
    return s;
  }
  // Suffixes continue where the last one for this base stopped: k names from one base cost
  // k probes in all, not k^2.
  uint32_t& k = nextSuffix_[s];
  for (;;) {
    std::string t = s + "_" + std::to_string(++k);
    if ((!reserved_ || !reserved_(t)) && !taken(t)) {
      used_.insert(t);
      return t;
    }
  }
}

}  // namespace oneshader::text
