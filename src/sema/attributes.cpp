// The attribute table and its lookups (see attributes.def).
#include "sema/attributes.hpp"

#include <array>

namespace oneshader::sema {

namespace {
constexpr AttrInfo kTable[] = {
#define ATTR(id, ns, spelling, subjects, minArgs, maxArgs, argKind, handling, note) \
  {AttrId::id, ns, spelling, uint32_t(subjects), minArgs, maxArgs, AttrArgKind::argKind, AttrHandling::handling, note},
#include "sema/attributes.def"
#undef ATTR
};
static_assert(std::size(kTable) == size_t(AttrId::Count));

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; }

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}
}  // namespace

std::span<const AttrInfo> attributeTable() { return kTable; }

const AttrInfo& attrInfo(AttrId id) { return kTable[size_t(id)]; }

const AttrInfo* findAttribute(std::string_view ns, std::string_view name) {
  // HLSL attribute names are case-insensitive; vk:: names are exact (DXC spells
  // combinedImageSampler in camel case and matches it exactly).
  for (const AttrInfo& a : kTable) {
    if (ns != a.ns) continue;
    if (ns.empty() ? equalsIgnoreCase(name, a.spelling) : name == a.spelling) return &a;
  }
  return nullptr;
}

std::string attrDisplayName(const AttrInfo& a) {
  if (*a.ns) return std::string("[[") + a.ns + "::" + a.spelling + "]]";
  return std::string("[") + a.spelling + "]";
}

std::string attrSubjectText(uint32_t s) {
  static constexpr std::pair<uint32_t, const char*> kNames[] = {
      {AS_Function, "functions"},
      {AS_Param, "parameters"},
      {AS_Field, "struct fields"},
      {AS_GlobalVar, "global variables"},
      {AS_LocalVar, "local variables"},
      {AS_CBufferMember, "cbuffer members"},
      {AS_CBuffer, "cbuffers"},
      {AS_Struct, "structs"},
      {AS_Typedef, "typedefs"},
      {AS_OtherDecl, "other declarations"},
      {AS_Loop, "loops"},
      {AS_If, "if statements"},
      {AS_Switch, "switch statements"},
      {AS_OtherStmt, "other statements"},
  };
  if ((s & AS_AnyStmt) == AS_AnyStmt) s = (s & ~uint32_t(AS_AnyStmt)) | (1u << 31);
  std::string out;
  std::array<const char*, 16> parts{};
  size_t n = 0;
  for (auto [bit, name] : kNames)
    if (s & bit) parts[n++] = name;
  if (s & (1u << 31)) parts[n++] = "statements";
  for (size_t i = 0; i < n; ++i) {
    if (i) out += i + 1 == n ? " or " : ", ";
    out += parts[i];
  }
  return out;
}

}  // namespace oneshader::sema
