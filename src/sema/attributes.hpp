// The attribute table (sema/attributes.def): every HLSL and vk:: attribute OneShader knows,
// the declarations and statements it may appear on, its arguments, and what happens to it.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace oneshader::sema {

// What an attribute is written on.
enum AttrSubject : uint32_t {
  AS_Function = 1u << 0,
  AS_Param = 1u << 1,
  AS_Field = 1u << 2,      // struct field
  AS_GlobalVar = 1u << 3,  // namespace-scope variable (resources, statics, $Globals members)
  AS_LocalVar = 1u << 4,
  AS_CBufferMember = 1u << 5,  // a variable declared inside cbuffer { }
  AS_CBuffer = 1u << 6,        // cbuffer / tbuffer
  AS_Struct = 1u << 7,
  AS_Typedef = 1u << 8,    // typedef / using alias
  AS_OtherDecl = 1u << 9,  // namespace, enum, template parameter, static_assert, ...
  AS_Loop = 1u << 10,      // for / while / do
  AS_If = 1u << 11,
  AS_Switch = 1u << 12,
  AS_OtherStmt = 1u << 13,
  AS_AnyStmt = AS_Loop | AS_If | AS_Switch | AS_OtherStmt,
};

enum class AttrArgKind : uint8_t { None, Int, String, Name, Expr };
enum class AttrHandling : uint8_t { Effect, Honored, Ignored, NotSupported };

enum class AttrId : uint16_t {
#define ATTR(id, ns, spelling, subjects, minArgs, maxArgs, argKind, handling, note) id,
#include "sema/attributes.def"
#undef ATTR
  Count
};

struct AttrInfo {
  AttrId id;
  const char* ns;        // "" or "vk"
  const char* spelling;  // lower-case for HLSL attributes (matched case-insensitively)
  uint32_t subjects;     // AttrSubject bits
  uint8_t minArgs, maxArgs;
  AttrArgKind argKind;
  AttrHandling handling;
  const char* note;  // Ignored: the reason; NotSupported: the construct; Honored: why
};

// The whole table, in .def order.
std::span<const AttrInfo> attributeTable();
const AttrInfo& attrInfo(AttrId id);
// The row for an attribute as written (`ns` empty for [name]); nullptr when unknown.
const AttrInfo* findAttribute(std::string_view ns, std::string_view name);
// "[numthreads]" / "[[vk::push_constant]]", for diagnostics.
std::string attrDisplayName(const AttrInfo& a);
// "functions, parameters or struct fields", for OSH0045.
std::string attrSubjectText(uint32_t subjects);

}  // namespace oneshader::sema
