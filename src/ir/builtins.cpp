// The built-in value table (ir/builtins.def) as data, and the per-stage rules of each target.
#include "ir/builtins.hpp"

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::ir {
namespace {

struct Row {
  BuiltIn id;
  const char* ir;
  const char* vk;
  const char* hlsl;
  spv::BuiltIn spvIn, spvPixelIn, spvOut;
  const char* spvInName;
  const char* spvPixelInName;
  const char* spvOutName;
  const char* wgsl;
  const char* msl;
};

constexpr Row kRows[] = {
#define BUILTIN(e, ir, vk, hlsl, in, pin, out, wgsl, msl) \
  {BuiltIn::e, ir, vk, hlsl, spv::BuiltIn::in, spv::BuiltIn::pin, spv::BuiltIn::out, #in, #pin, #out, wgsl, msl},
#include "ir/builtins.def"
#undef BUILTIN
};

constexpr bool rowsInEnumOrder() {
  for (size_t i = 0; i < sizeof kRows / sizeof kRows[0]; ++i)
    if (size_t(kRows[i].id) != i) return false;
  return true;
}
static_assert(rowsInEnumOrder(), "builtins.def rows must follow the order of ir::BuiltIn");
static_assert(size_t(BuiltIn::CullDistance) + 1 == sizeof kRows / sizeof kRows[0],
              "builtins.def needs one row per ir::BuiltIn");

const Row& row(BuiltIn b) {
  size_t i = size_t(b);
  return i < sizeof kRows / sizeof kRows[0] ? kRows[i] : kRows[0];
}

const char* orNull(const char* s) { return *s ? s : nullptr; }

}  // namespace

const char* builtinName(BuiltIn b) { return size_t(b) < sizeof kRows / sizeof kRows[0] ? row(b).ir : "?"; }
const char* vkBuiltinSpelling(BuiltIn b) { return row(b).vk; }
const char* builtinSourceSpelling(BuiltIn b) { return row(b).hlsl; }

uint32_t spirvBuiltin(BuiltIn b, Stage stage, bool input) {
  const Row& r = row(b);
  return uint32_t(!input ? r.spvOut : stage == Stage::Pixel ? r.spvPixelIn : r.spvIn);
}

const char* spirvBuiltinName(BuiltIn b, Stage stage, bool input) {
  if (b == BuiltIn::None) return "";
  const Row& r = row(b);
  return !input ? r.spvOutName : stage == Stage::Pixel ? r.spvPixelInName : r.spvInName;
}

const char* wgslBuiltin(BuiltIn b, Stage stage) {
  if (b == BuiltIn::PrimitiveId && stage != Stage::Pixel) return nullptr;
  if (b == BuiltIn::ClipDistance && stage != Stage::Vertex) return nullptr;
  return orNull(row(b).wgsl);
}

const char* mslBuiltinAttribute(BuiltIn b, Stage stage, bool input) {
  if (b == BuiltIn::ClipDistance && (stage != Stage::Vertex || input)) return nullptr;
  return orNull(row(b).msl);
}

}  // namespace oneshader::ir
