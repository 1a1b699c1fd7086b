// WGSL writer: identifiers, types, struct layout (explicit @size so WGSL offsets equal
// the IR's), literals and constants.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "backend/wgsl/writer.hpp"
#include "base/image_formats.hpp"

namespace oneshader::wgsl {

using namespace oneshader::ir;

// ---------------------------------------------------------------- identifiers

namespace {
// WGSL keywords and reserved words (WGSL spec, "Keyword Summary" and "Reserved Words"),
// plus the predeclared types and built-in functions this writer emits, so that no user
// declaration shadows them.
constexpr std::string_view kReserved[] = {
    // keywords
    "alias",
    "break",
    "case",
    "const",
    "const_assert",
    "continue",
    "continuing",
    "default",
    "diagnostic",
    "discard",
    "else",
    "enable",
    "false",
    "fn",
    "for",
    "if",
    "let",
    "loop",
    "override",
    "requires",
    "return",
    "struct",
    "switch",
    "true",
    "var",
    "while",
    // reserved words
    "NULL",
    "Self",
    "abstract",
    "active",
    "alignas",
    "alignof",
    "as",
    "asm",
    "asm_fragment",
    "async",
    "attribute",
    "auto",
    "await",
    "become",
    "cast",
    "catch",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "coherent",
    "column_major",
    "common",
    "compile",
    "compile_fragment",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "demote",
    "demote_to_helper",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "fallthrough",
    "filter",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "goto",
    "groupshared",
    "highp",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "layout",
    "lowp",
    "macro",
    "macro_rules",
    "match",
    "mediump",
    "meta",
    "mod",
    "module",
    "move",
    "mut",
    "mutable",
    "namespace",
    "new",
    "nil",
    "noexcept",
    "noinline",
    "nointerpolation",
    "non_coherent",
    "noncoherent",
    "noperspective",
    "null",
    "nullptr",
    "of",
    "operator",
    "package",
    "packoffset",
    "partition",
    "pass",
    "patch",
    "pixelfragment",
    "precise",
    "precision",
    "premerge",
    "priv",
    "protected",
    "pub",
    "public",
    "readonly",
    "ref",
    "regardless",
    "register",
    "reinterpret_cast",
    "require",
    "resource",
    "restrict",
    "self",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "super",
    "target",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "type",
    "typedef",
    "typeid",
    "typename",
    "typeof",
    "union",
    "unless",
    "unorm",
    "unsafe",
    "unsized",
    "use",
    "using",
    "varying",
    "virtual",
    "volatile",
    "wgsl",
    "where",
    "with",
    "writeonly",
    "yield",
    // predeclared types and type generators
    "bool",
    "i32",
    "u32",
    "f32",
    "f16",
    "vec2",
    "vec3",
    "vec4",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "array",
    "atomic",
    "ptr",
    "sampler",
    "sampler_comparison",
    "texture_1d",
    "texture_2d",
    "texture_2d_array",
    "texture_3d",
    "texture_cube",
    "texture_cube_array",
    "texture_multisampled_2d",
    "texture_depth_2d",
    "texture_depth_2d_array",
    "texture_depth_cube",
    "texture_depth_cube_array",
    "texture_depth_multisampled_2d",
    "texture_storage_1d",
    "texture_storage_2d",
    "texture_storage_2d_array",
    "texture_storage_3d",
    "read",
    "write",
    "read_write",
    "function",
    "private",
    "workgroup",
    "uniform",
    "storage",
    // built-in functions the writer calls
    "abs",
    "acos",
    "all",
    "any",
    "arrayLength",
    "asin",
    "atan",
    "atan2",
    "atomicAdd",
    "atomicAnd",
    "atomicCompareExchangeWeak",
    "atomicExchange",
    "atomicLoad",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicStore",
    "atomicSub",
    "atomicXor",
    "bitcast",
    "ceil",
    "clamp",
    "cos",
    "cosh",
    "countOneBits",
    "cross",
    "degrees",
    "determinant",
    "distance",
    "dot",
    "dpdx",
    "dpdxCoarse",
    "dpdxFine",
    "dpdy",
    "dpdyCoarse",
    "dpdyFine",
    "exp",
    "exp2",
    "faceForward",
    "firstLeadingBit",
    "firstTrailingBit",
    "floor",
    "fma",
    "fract",
    "fwidth",
    "inverseSqrt",
    "ldexp",
    "length",
    "log",
    "log2",
    "max",
    "min",
    "mix",
    "normalize",
    "pack2x16float",
    "pow",
    "quadBroadcast",
    "quadSwapDiagonal",
    "quadSwapX",
    "quadSwapY",
    "radians",
    "reflect",
    "refract",
    "reverseBits",
    "round",
    "saturate",
    "select",
    "sign",
    "sin",
    "sinh",
    "smoothstep",
    "sqrt",
    "step",
    "storageBarrier",
    "subgroupAdd",
    "subgroupAll",
    "subgroupAnd",
    "subgroupAny",
    "subgroupBallot",
    "subgroupBroadcast",
    "subgroupBroadcastFirst",
    "subgroupElect",
    "subgroupExclusiveAdd",
    "subgroupExclusiveMul",
    "subgroupInclusiveAdd",
    "subgroupInclusiveMul",
    "subgroupMax",
    "subgroupMin",
    "subgroupMul",
    "subgroupOr",
    "subgroupShuffle",
    "subgroupShuffleDown",
    "subgroupShuffleUp",
    "subgroupShuffleXor",
    "subgroupXor",
    "tan",
    "tanh",
    "textureBarrier",
    "textureDimensions",
    "textureLoad",
    "textureNumLayers",
    "textureNumLevels",
    "textureNumSamples",
    "textureSample",
    "textureSampleLevel",
    "textureStore",
    "transpose",
    "trunc",
    "unpack2x16float",
    "workgroupBarrier",
};
}  // namespace

namespace {
// The table above, sorted at compile time (issue 11: the hash set built from it on the
// first call was 328 allocations and a twentieth of compiling a small shader).
constexpr auto kReservedSorted = [] {
  std::array<std::string_view, std::size(kReserved)> a{};
  std::copy(std::begin(kReserved), std::end(kReserved), a.begin());
  std::sort(a.begin(), a.end());
  return a;
}();
static_assert(std::adjacent_find(kReservedSorted.begin(), kReservedSorted.end()) == kReservedSorted.end(),
              "a WGSL reserved word is listed twice");
}  // namespace

bool isWgslReserved(std::string_view name) {
  return std::binary_search(kReservedSorted.begin(), kReservedSorted.end(), name);
}

// ---------------------------------------------------------------- diagnostics

void Writer::error(DiagId id, SourceRange r, std::vector<std::string> args) {
  failed_ = true;
  std::string key = std::to_string(uint32_t(id));
  for (const auto& a : args) key += "\x1f" + a;
  if (!reported_.insert(key).second) return;
  diags_.report(id, r, std::move(args));
}

// ---------------------------------------------------------------- types

std::string Writer::scalarName(Scalar s) {
  if (s.width == 64) {
    unsupported("64-bit types", curRange_);
    return s.kind == ScalarKind::Float ? "f32" : s.kind == ScalarKind::Sint ? "i32" : "u32";
  }
  switch (s.kind) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Sint:
      if (s.width == 16) unsupported("16-bit integer types", curRange_);
      return "i32";
    case ScalarKind::Uint:
      if (s.width == 16) unsupported("16-bit integer types", curRange_);
      return "u32";
    case ScalarKind::Float:
      if (s.width == 16) {
        usesF16_ = true;
        return "f16";
      }
      return "f32";
  }
  return "u32";
}

bool Writer::holdsAtomic(Handle<Type> h) {
  const Type& t = types_[h];
  if (t.kind == TypeKind::Atomic) return true;
  if (t.kind == TypeKind::Array) return holdsAtomic(t.base);
  if (t.kind == TypeKind::Struct)
    for (const StructMember& m : t.members)
      if (holdsAtomic(m.type)) return true;
  return false;
}

std::string Writer::imageTypeName(const ImageInfo& info) {
  const char* dim = "2d";
  switch (info.dim) {
    case ImageDim::D1: dim = "1d"; break;
    case ImageDim::D2: dim = "2d"; break;
    case ImageDim::D3: dim = "3d"; break;
    case ImageDim::Cube: dim = "cube"; break;
    case ImageDim::Buffer: return typedBufferElement(info);
    case ImageDim::SubpassData: break;  // refused before (reportSubpassInputs)
  }
  std::string d = dim;
  if (info.arrayed) {
    if (info.dim == ImageDim::D1 || info.dim == ImageDim::D3) {
      unsupported("1D texture arrays", curRange_);
      return "texture_1d<f32>";
    }
    d += "_array";
  }
  if (info.cls == ImageClass::Storage) {
    // The texel format: [[vk::image_format]] or the one lowering inferred from the element.
    const ImageFormatInfo* fi = imageFormatInfo(info.format);
    const char* fmt = fi ? fi->wgsl : nullptr;
    if (!fmt) {
      if (fi && info.format != 0)
        unsupported(std::string("storage texture format '") + fi->hlsl + "' (WebGPU has no such storage format)",
                    curRange_);
      else
        unsupported("a storage texture without a WGSL texel format (use [[vk::image_format]])", curRange_);
      fmt = "rgba32float";
    }
    if (info.dim == ImageDim::Cube) unsupported("storage cube textures", curRange_);
    return "texture_storage_" + d + "<" + fmt + ", read_write>";
  }
  if (info.cls == ImageClass::Depth) {
    if (info.multisampled) return "texture_depth_multisampled_2d";
    return "texture_depth_" + d;
  }
  std::string s = scalarName(info.sampled);
  if (info.multisampled) {
    if (info.arrayed) unsupported("multisampled texture arrays", curRange_);
    return "texture_multisampled_2d<" + s + ">";
  }
  return "texture_" + d + "<" + s + ">";
}

uint32_t Writer::typedBufferComponents(const ImageInfo& info) {
  // Lowering infers the format from T (R32 / RG32 / RGBA32); 3-component T has none.
  switch (info.format) {
    case 3:
    case 24:
    case 33: return 1;  // r32float, r32i, r32ui
    case 6:
    case 25:
    case 35: return 2;  // rg32float, rg32i, rg32ui
    case 0: return 3;
    default: return 4;
  }
}

std::string Writer::typedBufferElement(const ImageInfo& info) {
  uint32_t n = typedBufferComponents(info);
  std::string s = scalarName(info.sampled);
  return n == 1 || n == 3 ? s : "vec" + std::to_string(n) + "<" + s + ">";
}

std::string Writer::typeName(Handle<Type> h, bool uniform) {
  const Type t = types_[h];
  switch (t.kind) {
    case TypeKind::Scalar: return scalarName(t.scalar);
    case TypeKind::Atomic: return "atomic<" + scalarName(t.scalar) + ">";
    case TypeKind::Vector: return "vec" + std::to_string(t.size) + "<" + scalarName(t.scalar) + ">";
    case TypeKind::Matrix:
      if (t.scalar.kind != ScalarKind::Float) {
        unsupported("matrices of non-float components", curRange_);
        return "mat" + std::to_string(t.columns) + "x" + std::to_string(t.size) + "<f32>";
      }
      return "mat" + std::to_string(t.columns) + "x" + std::to_string(t.size) + "<" + scalarName(t.scalar) + ">";
    case TypeKind::Array: {
      std::string e = typeName(t.base, uniform);
      if (t.stride) {
        // Larger strides are wrapper structs (passes::wrapStridedArrays).
        uint32_t natural = (sizeOf(t.base, uniform) + alignOf(t.base, uniform) - 1) / alignOf(t.base, uniform) *
                           alignOf(t.base, uniform);
        if (natural != t.stride)
          error(DiagId::WgslLayout, curRange_,
                {"an array of " + e,
                 "its array stride " + std::to_string(t.stride) + " differs from WGSL's " + std::to_string(natural)});
        else if (uniform && t.stride % 16 != 0)
          error(DiagId::WgslLayout, curRange_,
                {"an array of " + e,
                 "uniform buffers need a 16-byte array stride, the stride is " + std::to_string(t.stride)});
      }
      if (t.arraySize == 0) return "array<" + e + ">";
      return "array<" + e + ", " + std::to_string(t.arraySize) + ">";
    }
    case TypeKind::Struct: return structName(h, uniform);
    case TypeKind::Pointer: return "ptr<function, " + typeName(t.base) + ">";
    case TypeKind::Image: return imageTypeName(t.image);
    case TypeKind::Sampler: return t.comparisonSampler ? "sampler_comparison" : "sampler";
    case TypeKind::SpirvType: break;  // inline SPIR-V: the driver reports it (OSH5101)
    case TypeKind::AccelerationStructure:
    case TypeKind::RayQuery:  // the driver rejects ray tracing for WGSL first (OSH5140)
      unsupported("ray tracing", curRange_);
      return "u32";
  }
  return "u32";
}

// Tint refuses an array of 65,536 or more elements in a const, a var<private>, a
// var<workgroup> or a function variable ("array count must be less than 65536"), and any
// type of more than 0xffffffff bytes; storage buffers have only the byte limit.
bool Writer::checkArrayLimits(Handle<Type> h, bool countLimit, const std::string& what, SourceRange r) {
  uint64_t maxCount = 0;
  // Size in bytes, in 64 bits (sizeOf's 32 bits would wrap for the types refused here).
  auto bytes = [&](auto&& self, Handle<Type> x) -> uint64_t {
    const Type& t = types_[x];
    if (t.kind == TypeKind::Array) {
      maxCount = std::max<uint64_t>(maxCount, t.arraySize);
      uint64_t a = alignOf(t.base, false);
      uint64_t elem = (self(self, t.base) + a - 1) / a * a;
      return elem * std::max<uint64_t>(t.arraySize, 1);
    }
    if (t.kind == TypeKind::Struct) {
      uint64_t end = 0;
      for (uint32_t i = 0; i < t.members.size(); ++i) {
        Handle<Type> mt = types_[x].members[i].type;
        uint64_t a = alignOf(mt, false);
        uint64_t off = std::max<uint64_t>((end + a - 1) / a * a, t.structSize ? t.members[i].offset : 0);
        end = off + self(self, mt);
      }
      return std::max<uint64_t>(end, t.structSize);
    }
    return sizeOf(x, false);
  };
  uint64_t size = bytes(bytes, h);
  if (countLimit && maxCount >= 65536) {
    unsupported("an array of " + std::to_string(maxCount) + " elements in " + what +
                    " (WebGPU allows fewer than 65,536 outside storage buffers)",
                r);
    return false;
  }
  if (size > 0xffffffffull) {
    unsupported(what + " of " + std::to_string(size) + " bytes (WebGPU allows at most 4,294,967,295)", r);
    return false;
  }
  return true;
}

uint32_t Writer::alignOf(Handle<Type> h, bool uniform) {
  const Type& t = types_[h];
  auto sc = [](Scalar s) { return s.width == 16 ? 2u : 4u; };
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: return sc(t.scalar);
    case TypeKind::Vector: return sc(t.scalar) * (t.size == 2 ? 2 : 4);
    case TypeKind::Matrix: return sc(t.scalar) * (t.size == 2 ? 2 : 4);
    // WGSL's AlignOf is the same in every address space: the uniform address space only
    // adds placement constraints (RequiredAlignOf 16 for arrays and structs, which HLSL's
    // register packing meets), it does not move members. Modelling it as a larger
    // alignment would place members where WGSL does not (e.g. a 4-byte struct in an array).
    case TypeKind::Array: return alignOf(t.base, uniform);
    case TypeKind::Struct: {
      uint32_t a = 1;
      for (uint32_t i = 0; i < t.members.size(); ++i) a = std::max(a, alignOf(types_[h].members[i].type, uniform));
      return a;
    }
    default: return 4;
  }
}

uint32_t Writer::sizeOf(Handle<Type> h, bool uniform) {
  const Type& t = types_[h];
  auto sc = [](Scalar s) { return s.width == 16 ? 2u : 4u; };
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: return sc(t.scalar);
    case TypeKind::Vector: return sc(t.scalar) * t.size;
    case TypeKind::Matrix: return t.columns * (sc(t.scalar) * (t.size == 2 ? 2 : 4));
    case TypeKind::Array: {
      uint32_t a = alignOf(t.base, uniform);
      uint32_t stride = (sizeOf(t.base, uniform) + a - 1) / a * a;
      return stride * std::max(t.arraySize, 1u);
    }
    case TypeKind::Struct: {
      // As emitted by structName: members at the IR offsets when laid out, and the
      // IR struct size when it is larger than WGSL's.
      uint32_t end = 0, off = 0;
      bool laidOut = t.structSize != 0;
      for (uint32_t i = 0; i < t.members.size(); ++i) {
        Handle<Type> mt = types_[h].members[i].type;
        uint32_t a = alignOf(mt, uniform);
        off = laidOut ? t.members[i].offset : (end + a - 1) / a * a;
        end = off + sizeOf(mt, uniform);
      }
      uint32_t al = alignOf(h, uniform);
      uint32_t size = (end + al - 1) / al * al;
      if (laidOut && t.structSize > size) size = (t.structSize + al - 1) / al * al;
      return size;
    }
    default: return 4;
  }
}

void Writer::checkMatrixStride(Handle<Type> stored, const StructMember& m, const std::string& structName) {
  Handle<Type> e = stored;
  while (types_[e].kind == TypeKind::Array) e = types_[e].base;
  if (types_[e].kind != TypeKind::Matrix || !m.matrixStride) return;
  // The WGSL column stride of the stored matrix is the alignment of its column vector
  // (the same in the uniform and storage address spaces).
  uint32_t colStride = alignOf(e, false);
  if (m.matrixStride != colStride)
    error(DiagId::WgslLayout, curRange_,
          {"member '" + m.name + "' of '" + structName + "'", "its matrix stride " + std::to_string(m.matrixStride) +
                                                                  " differs from WGSL's " + std::to_string(colStride)});
}

const std::vector<std::string>& Writer::memberNames(Handle<Type> h) {
  auto it = memberNames_.find(h.index);
  if (it != memberNames_.end()) return it->second;
  Namer n(isWgslReserved);
  std::vector<std::string> v;
  for (const StructMember& m : types_[h].members) v.push_back(n.make(m.name));
  return memberNames_[h.index] = std::move(v);
}

std::string Writer::structName(Handle<Type> h, bool uniform) {
  const Type t = types_[h];
  StructKey key{h.index, uniform};
  auto it = structNames_.find(key);
  if (it != structNames_.end()) return it->second;
  std::string name = names_.make(t.name.empty() ? "S" : t.name);
  structNames_[key] = name;  // before the members: a member cannot name its own struct
  bool laidOut = t.structSize != 0;
  struct Line {
    std::string attrs, name, type;
  };
  std::vector<Line> lines;
  const std::vector<std::string> mnames = memberNames(h);
  uint32_t end = 0, prevOff = 0, prevSize = 0;
  struct Field {
    uint32_t member;
    std::string name;
    Handle<Type> type;
    uint32_t offset;
  };
  std::vector<Field> fields;
  for (uint32_t i = 0; i < t.members.size(); ++i)
    fields.push_back({i, mnames[i], t.members[i].type, t.members[i].offset});
  for (size_t fi = 0; fi < fields.size(); ++fi) {
    const Field& f = fields[fi];
    const size_t i = fi;
    const StructMember& m = t.members[f.member];
    Line l;
    l.name = f.name;
    Handle<Type> stored = f.type;
    l.type = typeName(stored, uniform);
    if (laidOut) checkMatrixStride(stored, m, t.name);
    if (!m.binding.isBuiltin() && m.binding.kind == Binding::Kind::None) {
    } else {
      l.attrs = interfaceAttributes(m.binding, true, curRange_, stored);
    }
    uint32_t a = alignOf(stored, uniform), sz = sizeOf(stored, uniform);
    uint32_t natural = (end + a - 1) / a * a;
    uint32_t off = natural;
    if (laidOut) {
      off = f.offset;
      if (off < natural) {
        error(DiagId::WgslLayout, curRange_,
              {"member '" + m.name + "' of '" + t.name + "'",
               "its offset " + std::to_string(off) +
                   " is inside the WGSL form of the previous member (the earliest WGSL offset is " +
                   std::to_string(natural) + ")"});
      } else if (off % a != 0) {
        error(DiagId::WgslLayout, curRange_,
              {"member '" + m.name + "' of '" + t.name + "'",
               "its offset " + std::to_string(off) + " is not a multiple of its WGSL alignment " + std::to_string(a)});
      } else if (off > natural) {
        if (i == 0) {
          error(DiagId::WgslLayout, curRange_,
                {"member '" + m.name + "' of '" + t.name + "'", "the first member does not start at offset 0"});
        } else {
          lines.back().attrs += "@size(" + std::to_string(off - prevOff) + ") ";
        }
      }
      (void)prevSize;
    }
    prevOff = off;
    prevSize = sz;
    end = off + sz;
    lines.push_back(std::move(l));
  }
  if (laidOut && !lines.empty() &&
      !(types_[t.members.back().type].kind == TypeKind::Array && types_[t.members.back().type].arraySize == 0)) {
    uint32_t al = alignOf(h, uniform);
    uint32_t natural = (end + al - 1) / al * al;
    if (t.structSize > natural) lines.back().attrs += "@size(" + std::to_string(t.structSize - prevOff) + ") ";
  }
  std::string s = "struct " + name + " {\n";
  for (const Line& l : lines) s += "  " + l.attrs + l.name + ": " + l.type + ",\n";
  s += "}\n\n";
  structDecls_ += s;
  return name;
}

// ---------------------------------------------------------------- values

std::string Writer::literal(const Literal& l) {
  Scalar s = l.scalar;
  if (s.width == 64) {
    unsupported("64-bit types", curRange_);
    return "0";
  }
  switch (s.kind) {
    case ScalarKind::Bool: return l.b ? "true" : "false";
    case ScalarKind::Sint: {
      int32_t v = int32_t(l.i);
      if (s.width == 16) unsupported("16-bit integer types", curRange_);
      if (v == INT32_MIN) return "i32(-2147483648)";
      if (v < 0) return "(" + std::to_string(v) + "i)";
      return std::to_string(v) + "i";
    }
    case ScalarKind::Uint:
      if (s.width == 16) unsupported("16-bit integer types", curRange_);
      return std::to_string(uint32_t(l.u)) + "u";
    case ScalarKind::Float: {
      const char* suffix = s.width == 16 ? "h" : "f";
      if (s.width == 16) usesF16_ = true;
      double v = l.f;
      if (std::isnan(v) || std::isinf(v)) {
        if (s.width == 16) {
          unsupported("a half-precision infinity or NaN literal", curRange_);
          return "0.0h";
        }
        float f = float(v);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        char buf[48];
        std::snprintf(buf, sizeof buf, "bitcast<f32>(0x%08xu)", bits);
        return buf;
      }
      char buf[64];
      if (s.width == 16)
        std::snprintf(buf, sizeof buf, "%.5g", v);
      else
        std::snprintf(buf, sizeof buf, "%.9g", double(float(v)));
      std::string t = buf;
      if (t.find_first_of(".e") == std::string::npos) t += ".0";
      t += suffix;
      if (t[0] == '-') t = "(" + t + ")";
      return t;
    }
  }
  return "0";
}

std::string Writer::zeroValue(Handle<Type> t) { return typeName(t) + "()"; }

std::string Writer::constant(Handle<Constant> h) {
  const Constant& c = m_.constants[h];
  switch (c.kind) {
    case Constant::Kind::Literal:
      if (c.spec && h.index < specNames_.size() && !specNames_[h.index].empty()) return specNames_[h.index];
      return literal(c.value);
    case Constant::Kind::Zero: return zeroValue(c.type);
    case Constant::Kind::SpecOp:
      if (h.index < specNames_.size() && !specNames_[h.index].empty()) return specNames_[h.index];
      return "(" + specOpText(c) + ")";
    case Constant::Kind::Composite: {
      std::string s = typeName(c.type) + "(";
      for (uint32_t k = 0; k < c.components.count; ++k) {
        if (k) s += ", ";
        s += constant(m_.constantComponents[c.components.first + k]);
      }
      return s + ")";
    }
  }
  return "0";
}

// A SpecOp constant as a WGSL override expression over the overrides (ir.hpp, Constant):
// operands in parentheses unless they are names or literals. Shift amounts are u32 in WGSL;
// `^` has no bool form (`!=`); conversions are WGSL's value constructors (u32(i32) keeps the
// bits, bool(x) is x != 0). WGSL evaluates it when the pipeline is created: `+ - *` wrap,
// but a division by zero or a sign-changing left shift of an i32 is a pipeline-creation
// error there (docs/user-guide.md).
std::string Writer::specOpText(const Constant& c) {
  auto part = [&](uint32_t k) { return constant(m_.constantComponents[c.components.first + k]); };
  auto partType = [&](uint32_t k) {
    return m_.types[m_.constants[m_.constantComponents[c.components.first + k]].type];
  };
  switch (c.specOp) {
    case SpecOpKind::Unary: {
      UnaryOp op = UnaryOp(c.op);
      const char* tok =
          op == UnaryOp::BitwiseNot && partType(0).scalar.kind == ScalarKind::Bool ? "!" : unaryInfo(op).token;
      return tok + part(0);
    }
    case SpecOpKind::Binary: {
      BinaryOp op = BinaryOp(c.op);
      std::string a = part(0), b = part(1);
      const char* tok = binaryInfo(op).token;
      if (op == BinaryOp::ExclusiveOr && partType(0).scalar.kind == ScalarKind::Bool) tok = "!=";
      if ((op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight) && partType(1).scalar.kind != ScalarKind::Uint) {
        const Constant& amount = m_.constants[m_.constantComponents[c.components.first + 1]];
        b = amount.kind == Constant::Kind::Literal && !amount.spec ? std::to_string(uint32_t(amount.value.u)) + "u"
                                                                   : "u32(" + b + ")";
      }
      return a + " " + tok + " " + b;
    }
    case SpecOpKind::Select: return "select(" + part(2) + ", " + part(1) + ", " + part(0) + ")";
    case SpecOpKind::Convert: return typeName(c.type) + "(" + part(0) + ")";
  }
  return "0";
}

}  // namespace oneshader::wgsl
