// Identifiers for the text backends (MSL, WGSL): one namer, per-target reserved words.
//
// A Namer is one scope. A function's scope has the module's scope as its parent and sees
// every name taken there without copying it, so naming is linear in the number of names
// (copying the module scope into every function made the writers quadratic in the number
// of functions). Names must be taken in the parent before child scopes are made from it.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace oneshader::text {

// The longest text a writer prints inline at an expression's single use; a longer value
// gets a name (`let` / a local), so nested expressions print in linear size.
inline constexpr size_t kMaxInlineText = 256;

// True for a target's keywords, reserved words and the predeclared names its writer uses.
using ReservedFn = bool (*)(std::string_view);

class Namer {
 public:
  explicit Namer(ReservedFn reserved, const Namer* parent = nullptr) : reserved_(reserved), parent_(parent) {}

  // A fresh identifier from `base`: characters outside [A-Za-z0-9_] become '_'; leading
  // underscores before '_' or an upper-case letter are dropped ("__x", "_X" are reserved in
  // C++, "__" also in WGSL); a name that is then empty or "_" or starts with a digit gets a
  // 'v' in front; a reserved word gets a '_' behind; a name taken in this scope or a
  // parent gets "_1", "_2", ...
  std::string make(std::string_view base);
  // Takes `name` as it is (a fixed spelling the writer prints).
  void reserve(const std::string& name) { used_.insert(name); }
  bool taken(const std::string& name) const;
  // The legal spelling of `base` before uniqueness (exposed for tests).
  static std::string sanitize(std::string_view base);

 private:
  ReservedFn reserved_;
  const Namer* parent_;
  std::unordered_set<std::string> used_;
  std::unordered_map<std::string, uint32_t> nextSuffix_;  // per sanitized base
};

}  // namespace oneshader::text
