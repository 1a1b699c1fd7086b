// MSL writer, module level: reachability, implicit arguments, argument indices, types and
// struct layout, the entry point's signature.
#include "backend/msl/writer.hpp"
#include "ir/util.hpp"

#include "backend/msl/helpers.hpp"
#include "backend/msl/raise.hpp"
#include "passes/layout.hpp"
#include "passes/pass.hpp"

#include <algorithm>

namespace oneshader::msl {

using namespace oneshader::ir;

Writer::Writer(Module& m, const EntryPoint& ep, const MslOptions& o, DiagEngine& d)
    : m_(m), ep_(ep), opt_(o), diags_(d), types_(m.types) {}

void Writer::error(SourceRange r, const std::string& what) {
  failed_ = true;
  diags_.report(DiagId::MslUnsupported, r, {what});
}

// ---------------------------------------------------------------- reachability

// The module holds the entry point and what it reaches, callees before callers
// (passes::extractEntryPoint): every function is written, in IR order.
void Writer::findReachable() {
  for (uint32_t fi = 0; fi < m_.functions.size(); ++fi) order_.push_back(fi);
}

void Writer::computeNeeds() {
  needs_.assign(m_.functions.size(), {});
  for (uint32_t fi : order_) {
    const Function& f = m_.functions[Handle<Function>(fi)];
    std::set<uint32_t> gs;
    FunctionNeeds& n = needs_[fi];
    for (uint32_t xi = 0; xi < f.expressions.size(); ++xi) {
      const Expression& x = f.expressions[Handle<Expression>(xi)];
      if (x.kind == ExprKind::GlobalVariable) gs.insert(x.global.index);
      if (x.kind == ExprKind::Builtin &&
          (x.builtin == BuiltIn::SubgroupSize || x.builtin == BuiltIn::SubgroupLocalInvocationId)) {
        (x.builtin == BuiltIn::SubgroupSize ? n.simdSize : n.simdLane) = true;
        // Metal gives vertex functions neither [[thread_index_in_simdgroup]] nor
        // [[threads_per_simdgroup]] (the MSL specification lists them as kernel and fragment
        // function inputs only).
        if (ep_.stage == Stage::Vertex) {
          failed_ = true;
          diags_.report(DiagId::MslLaneStage, f.exprRange(Handle<Expression>(xi)),
                        {x.builtin == BuiltIn::SubgroupSize ? "WaveGetLaneCount" : "WaveGetLaneIndex", "vertex"});
        }
      }
      if (x.kind == ExprKind::ArrayLength) n.bufferSizes = true;
    }
    for (const Statement& s : f.statements) {
      if (s.kind != StmtKind::Call || !m_.functions.contains(s.function)) continue;
      const FunctionNeeds& c = needs_[s.function.index];  // callees come first in order_
      gs.insert(c.globals.begin(), c.globals.end());
      n.simdSize |= c.simdSize;
      n.simdLane |= c.simdLane;
      n.bufferSizes |= c.bufferSizes;
    }
    n.globals.assign(gs.begin(), gs.end());
  }
}

// Argument indices: per kind (buffers, textures, samplers), the resources this entry
// point uses in (set, binding) order; push constants after the bound buffers.
void Writer::assignBindings() {
  struct Res {
    int kind;  // 0 buffer, 1 texture, 2 sampler
    uint64_t key;
    uint32_t global;
  };
  std::vector<Res> res;
  for (uint32_t gi : needs_[ep_.function.index].globals) {
    const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(gi)];
    int kind = resourceKind(g);
    if (kind < 0) continue;
    const Type& t = types_[g.type];
    if (t.kind == TypeKind::Array) {
      // Metal binds arrays of textures and samplers as `array<T, N>` entry-point arguments
      // (MSL 2.4 2.12); arrays of buffers and arrays of writable textures
      // (the specification allows only access::read / access::sample elements) need
      // argument buffers; so do runtime-sized arrays (`Texture2D ts[]`, descriptor heaps).
      const Type& e = types_[t.base];
      if (t.arraySize == 0) {
        error(g.range, g.heap ? "'" + g.name + "' (a descriptor heap: Metal needs argument buffers)"
                              : "a runtime-sized array of resources ('" + g.name + "'; Metal needs argument buffers)");
        continue;
      }
      if (kind == 0) {
        error(g.range, "an array of buffers (Metal needs argument buffers)");
        continue;
      }
      if (e.kind == TypeKind::Image && e.image.cls == ImageClass::Storage) {
        error(g.range,
              "an array of read-write textures (MSL 2.4 arrays of textures hold access::read or "
              "access::sample textures only)");
        continue;
      }
    }
    uint64_t key = g.binding ? (uint64_t(g.binding->group) << 32 | g.binding->binding) : ~0ull;
    res.push_back({kind, key, gi});
  }
  std::stable_sort(res.begin(), res.end(), [](const Res& a, const Res& b) {
    return a.kind != b.kind ? a.kind < b.kind : a.key != b.key ? a.key < b.key : a.global < b.global;
  });
  uint32_t next[3] = {0, 0, 0};
  static const char* kinds[3] = {"buffer", "texture", "sampler"};
  for (const Res& r : res) {
    const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(r.global)];
    // An array takes `count` consecutive indices of its kind.
    uint32_t count = types_[g.type].kind == TypeKind::Array ? types_[g.type].arraySize : 1;
    uint32_t idx = next[r.kind];
    next[r.kind] += count;
    // Metal's argument tables: 31 buffers, 128 textures, 16 samplers per stage.
    static const uint32_t limit[3] = {31, 128, 16};
    if (next[r.kind] > limit[r.kind]) {
      error(g.range, std::string("a ") + kinds[r.kind] + " argument at [[" + kinds[r.kind] + "(" +
                         std::to_string(next[r.kind] - 1) + ")]] (Metal has " + kinds[r.kind] + " indices 0 to " +
                         std::to_string(limit[r.kind] - 1) + ")");
      break;
    }
    bindingIndex_[r.global] = idx;
    MslBinding b{g.name, kinds[r.kind], idx};
    b.count = count;
    result_.bindings.push_back(b);
  }
  if (!needs_[ep_.function.index].bufferSizes) return;
  // GetDimensions on a buffer: the byte sizes come in a hidden argument at the next free
  // buffer index, indexed by [[buffer(n)]]. Mark the buffers whose size is read.
  std::set<uint32_t> sized;
  for (uint32_t fi : order_) {
    const Function& f = m_.functions[Handle<Function>(fi)];
    for (uint32_t i = 0; i < f.expressions.size(); ++i) {
      const Expression& x = f.expressions.raw()[i];
      if (x.kind != ExprKind::ArrayLength) continue;
      const Expression& p = f.expressions[x.a];
      if (p.kind == ExprKind::AccessIndex && f.expressions.contains(p.a) &&
          f.expressions[p.a].kind == ExprKind::GlobalVariable)
        sized.insert(f.expressions[p.a].global.index);
    }
  }
  for (MslBinding& b : result_.bindings)
    for (auto& [g, idx] : bindingIndex_)
      if (b.kind == "buffer" && b.index == idx && isBufferSpace(m_.globals[Handle<GlobalVariable>(g)].space) &&
          sized.count(g))
        b.sizeRead = true;
  bufferSizesIndex_ = next[0];
  if (bufferSizesIndex_ > 30)
    error(ep_.range, "a buffer-sizes argument at [[buffer(" + std::to_string(bufferSizesIndex_) +
                         ")]] (Metal has buffer indices 0 to 30)");
  result_.bindings.push_back({bufferSizesName_, "buffer_sizes", bufferSizesIndex_});
}

// Helpers are named before any function is written: a local of an earlier function can
// then never take (and shadow) a helper's name.
// Also reports a comparison read of a texture that is not a depth texture
// (passes::depthTextures retyped every one MSL can compare in).
void Writer::planHelpers() {
  for (uint32_t fi : order_) {
    const Function& f = m_.functions[Handle<Function>(fi)];
    for (uint32_t i = 0; i < f.expressions.size(); ++i) {
      const Expression& x = f.expressions.raw()[i];
      if (x.kind != ExprKind::ImageSample || !sampleIsCompare(x.sample)) continue;
      const Type& it = types_[f.expressions[x.a].type];
      if (it.kind != TypeKind::Image || it.image.cls != ImageClass::Depth)
        error(f.exprRange(Handle<Expression>(i)),
              "a comparison sample of this texture (MSL compares only in depth2d, "
              "depth2d_array, depthcube and depthcube_array textures that are arguments)");
    }
    for (const Statement& s : f.statements) {
      if (s.kind != StmtKind::Subgroup || !s.a.valid() || !f.expressions.contains(s.a)) continue;
      std::optional<Scalar> sc = scalarOf(types_, f.expressions[s.a].type);
      if (sc && sc->width == 64) wave64Helper(*this, SubgroupOp(s.op), s.collective, *sc);
    }
  }
}

bool Writer::depthImage(Handle<Expression> image, const Function& f) const {
  const Type& t = types_[f.expressions[image].type];
  return t.kind == TypeKind::Image && t.image.cls == ImageClass::Depth;
}

int Writer::resourceKind(const GlobalVariable& g) const {
  if (isBufferSpace(g.space)) return 0;
  if (g.space != AddressSpace::Handle) return -1;
  Handle<Type> t = g.type;
  if (types_[t].kind == TypeKind::Array) t = types_[t].base;
  return types_[t].kind == TypeKind::Sampler ? 2 : 1;
}

// ---------------------------------------------------------------- types

std::string Writer::scalarName(Scalar s, SourceRange r) {
  switch (s.kind) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Float:
      if (s.width == 16) return "half";
      if (s.width == 64) {
        error(r, "a 64-bit floating-point value (double)");
        return "float";
      }
      return "float";
    case ScalarKind::Sint: return s.width == 16 ? "short" : s.width == 64 ? "long" : "int";
    case ScalarKind::Uint: return s.width == 16 ? "ushort" : s.width == 64 ? "ulong" : "uint";
  }
  return "uint";
}

std::string Writer::imageTypeName(const Type& t, Handle<Type>, const GlobalVariable* g) {
  const ImageInfo& im = t.image;
  std::string comp = scalarName(im.sampled, g ? g->range : SourceRange{});
  std::string base;
  switch (im.dim) {
    case ImageDim::D1: base = im.arrayed ? "texture1d_array" : "texture1d"; break;
    case ImageDim::D2:
      base = im.multisampled ? (im.arrayed ? "texture2d_ms_array" : "texture2d_ms")
             : im.arrayed    ? "texture2d_array"
                             : "texture2d";
      break;
    case ImageDim::D3: base = "texture3d"; break;
    case ImageDim::Cube: base = im.arrayed ? "texturecube_array" : "texturecube"; break;
    case ImageDim::Buffer: base = "texture_buffer"; break;
    case ImageDim::SubpassData: base = "texture2d"; break;  // refused before (reportSubpassInputs)
  }
  if (im.cls == ImageClass::Depth) {
    base.replace(0, 7, "depth");
    comp = "float";
  }
  std::string access;
  if (im.cls == ImageClass::Storage)
    access = ", access::read_write";
  else if (im.dim == ImageDim::Buffer)
    access = ", access::read";
  return base + "<" + comp + access + ">";
}

std::string Writer::typeName(Handle<Type> h) {
  const Type& t = types_[h];
  switch (t.kind) {
    case TypeKind::Scalar: return scalarName(t.scalar, {});
    case TypeKind::Vector:  // a packed vector (passes::packVectors) is packed_TN
      return (passes::isPackedVector(t) ? "packed_" : "") + scalarName(t.scalar, {}) + std::to_string(t.size);
    case TypeKind::Matrix: return scalarName(t.scalar, {}) + std::to_string(t.columns) + "x" + std::to_string(t.size);
    case TypeKind::Array:
      return "array<" + typeName(t.base) + ", " + std::to_string(std::max<uint32_t>(t.arraySize, 1)) + ">";
    case TypeKind::Struct:
      if (h.index < typeNames_.size() && !typeNames_[h.index].empty()) return typeNames_[h.index];
      return "struct_" + std::to_string(h.index);
    case TypeKind::Atomic: return t.scalar.kind == ScalarKind::Sint ? "atomic_int" : "atomic_uint";
    case TypeKind::Image: return imageTypeName(t, h, nullptr);
    case TypeKind::Sampler: return "sampler";
    case TypeKind::Pointer: return typeName(t.base);
    case TypeKind::SpirvType: break;  // inline SPIR-V: the driver reports it (OSH4101)
    case TypeKind::AccelerationStructure:
    case TypeKind::RayQuery:  // the driver rejects ray tracing for MSL first (OSH4140)
      error(SourceRange{}, "ray tracing");
      return "void";
  }
  return "void";
}

std::string Writer::braceInit(Handle<Type> t, const std::vector<std::string>& parts) const {
  std::string s = "{";
  auto it = memberOrder_.find(t.index);
  if (it == memberOrder_.end()) {
    for (size_t k = 0; k < parts.size(); ++k) s += (k ? ", " : "") + parts[k];
  } else {
    for (size_t k = 0; k < it->second.size(); ++k) {
      int32_t m = it->second[k];
      s += (k ? ", " : "") + (m < 0                      ? std::string("{}")
                              : size_t(m) < parts.size() ? parts[size_t(m)]
                                                         : std::string("{}"));
    }
  }
  return s + "}";
}

std::string Writer::declare(Handle<Type> t, const std::string& name) { return typeName(t) + " " + name; }

SizeAlign mslSizeAlign(const TypeArena& types, Handle<Type> h) {
  const Type& t = types[h];
  uint32_t sw = t.scalar.kind == ScalarKind::Bool ? 1 : t.scalar.width / 8;
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: return {sw, sw};
    case TypeKind::Vector: {
      if (passes::isPackedVector(t)) return {sw * t.size, sw};
      uint32_t n = t.size == 3 ? 4 : t.size;
      return {sw * n, sw * n};
    }
    case TypeKind::Matrix: {
      uint32_t n = t.size == 3 ? 4 : t.size;
      return {sw * n * t.columns, sw * n};
    }
    case TypeKind::Array: {
      SizeAlign e = mslSizeAlign(types, t.base);
      uint32_t stride = (e.size + e.align - 1) / e.align * e.align;
      return {stride * std::max<uint32_t>(t.arraySize, 1), e.align};
    }
    case TypeKind::Struct: {
      uint32_t cur = 0, al = 1;
      for (const StructMember& m : t.members) {
        SizeAlign s = mslSizeAlign(types, m.type);
        al = std::max(al, s.align);
        cur = (cur + s.align - 1) / s.align * s.align + s.size;
      }
      if (t.structSize) return {t.structSize, al};
      return {(cur + al - 1) / al * al, al};
    }
    default: return {0, 1};
  }
}

void Writer::markType(Handle<Type> h, SourceRange r) {
  if (!types_.contains(h) || typeUsed_[h.index]) return;
  typeUsed_[h.index] = 1;
  typeRange_[h.index] = r;
  const Type& t = types_[h];
  if (t.base.valid()) markType(t.base, r);
  for (const StructMember& m : t.members) markType(m.type, r);
}

void Writer::collectTypes() {
  typeUsed_.assign(types_.size(), 0);
  typeRange_.assign(types_.size(), SourceRange{});
  for (uint32_t gi : needs_[ep_.function.index].globals) {
    const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(gi)];
    markType(g.type, g.range);
  }
  for (uint32_t fi : order_) {
    const Function& f = m_.functions[Handle<Function>(fi)];
    // Expressions first: their ranges point at the use, better than the function's.
    // Values before pointers: a value's range is the use itself, a pointer's may be the
    // declaration of the variable it points at (whatever order a pass rebuilt them in).
    for (int pass = 0; pass < 2; ++pass)
      for (uint32_t i = 0; i < f.expressions.size(); ++i) {
        Handle<Type> t = f.expressions.raw()[i].type;
        if (types_.contains(t) && (types_[t].kind == TypeKind::Pointer) == (pass == 0)) continue;
        markType(t, f.exprRange(Handle<Expression>(i)));
      }
    for (const FunctionArgument& a : f.arguments) markType(a.type, f.range);
    if (f.result) markType(f.result->type, f.range);
    for (const LocalVariable& l : f.locals) markType(l.type, f.range);
  }
  // MSL has no double: report it once, where it is first used.
  for (uint32_t i = 0; i < types_.size(); ++i) {
    const Type& t = types_[Handle<Type>(i)];
    bool numeric = t.kind == TypeKind::Scalar || t.kind == TypeKind::Vector || t.kind == TypeKind::Matrix;
    if (typeUsed_[i] && numeric && t.scalar == Scalar::f64()) {
      error(typeRange_[i], "a 64-bit floating-point value (double)");
      break;
    }
  }
  typeNames_.assign(types_.size(), {});
  for (uint32_t i = 0; i < types_.size(); ++i) {
    const Type& t = types_[Handle<Type>(i)];
    if (t.kind == TypeKind::Struct && typeUsed_[i]) typeNames_[i] = globalNames_.make(t.name);
  }
}

void Writer::emitStruct(Handle<Type> h) {
  const Type& t = types_[h];
  const std::string& name = typeNames_[h.index];
  bool layout = t.structSize != 0;
  for (const StructMember& mem : t.members)
    layout |= mem.offset != 0 || (types_[mem.type].kind == TypeKind::Array && types_[mem.type].stride != 0);
  out_ += "struct " + name + "\n{\n";
  uint32_t cur = 0, maxAlign = 1, pad = 0;
  bool runtime = false;
  Namer memberNames(isReserved);
  std::vector<std::string> asserts;
  // Explicit offsets (packoffset, [[vk::offset]]) need not follow declaration order; C++
  // lays members out in declaration order, so they are declared by offset.
  std::vector<uint32_t> order(t.members.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  if (layout)
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return t.members[a].offset < t.members[b].offset; });
  std::vector<int32_t> declared;
  for (size_t oi = 0; oi < order.size(); ++oi) {
    size_t i = order[oi];
    const StructMember& mem = t.members[i];
    const Type& mt = types_[mem.type];
    std::string mname = memberNames.make(mem.name);
    std::string decl;
    SizeAlign sa = mslSizeAlign(types_, mem.type);
    if (layout) {
      // Vectors MSL cannot place at their offset are packed vectors already
      // (passes::packVectors).
      if (mt.kind == TypeKind::Array) {
        const Type& et = types_[mt.base];
        SizeAlign es = mslSizeAlign(types_, mt.base);
        std::string en = typeName(mt.base);
        if (et.kind == TypeKind::Matrix) {
          uint32_t colBytes = (et.size == 3 ? 4 : et.size) * (et.scalar.width / 8);
          if (mem.matrixStride && mem.matrixStride != colBytes) {
            error(typeRange_[h.index], "a matrix stride of " + std::to_string(mem.matrixStride) + " bytes");
          }
        }
        if (mt.stride && mt.stride != es.size) {
          error(typeRange_[h.index], "an array with a stride of " + std::to_string(mt.stride) +
                                         " bytes in a buffer (its element is " + std::to_string(es.size) +
                                         " bytes in MSL)");
        }
        if (mt.arraySize == 0) {
          decl = en + " " + mname + "[1]";
          runtime = true;
        } else {
          decl = "array<" + en + ", " + std::to_string(mt.arraySize) + "> " + mname;
        }
        sa = {es.size * std::max<uint32_t>(mt.arraySize, 1), es.align};
      } else {
        decl = declare(mem.type, mname);
        if (mt.kind == TypeKind::Matrix) {
          uint32_t colBytes = (mt.size == 3 ? 4 : mt.size) * (mt.scalar.width / 8);
          if (mem.matrixStride && mem.matrixStride != colBytes) {
            error(typeRange_[h.index], "a matrix stride of " + std::to_string(mem.matrixStride) + " bytes");
          }
        }
      }
      if (mem.offset < cur || mem.offset % sa.align != 0) {
        error(typeRange_[h.index],
              "member '" + mem.name + "' of struct '" + t.name + "' at offset " + std::to_string(mem.offset));
      } else if (mem.offset > cur) {
        out_ += "    char _pad" + std::to_string(pad++) + "[" + std::to_string(mem.offset - cur) + "];\n";
        declared.push_back(-1);
      }
      cur = mem.offset + sa.size;
      maxAlign = std::max(maxAlign, sa.align);
      asserts.push_back("static_assert(__builtin_offsetof(" + name + ", " + mname +
                        ") == " + std::to_string(mem.offset) + ", \"" + name + "." + mname + " offset\");\n");
    } else {
      decl = declare(mem.type, mname);
    }
    memberNames_[{h.index, uint32_t(i)}] = mname;
    if (mem.binding.kind != Binding::Kind::None) memberBindings_[{h.index, uint32_t(i)}] = true;
    out_ += "    " + decl + ";\n";
    declared.push_back(int32_t(i));
  }
  if (layout && !runtime && t.structSize) {
    uint32_t rounded = (cur + maxAlign - 1) / maxAlign * maxAlign;
    if (t.structSize > rounded) {
      out_ += "    char _pad" + std::to_string(pad++) + "[" + std::to_string(t.structSize - cur) + "];\n";
      declared.push_back(-1);
    } else if (t.structSize != rounded) {
      error(typeRange_[h.index], "struct '" + t.name + "' of " + std::to_string(t.structSize) +
                                     " bytes (MSL rounds it to " + std::to_string(rounded) + ")");
    }
    asserts.push_back("static_assert(sizeof(" + name + ") == " + std::to_string(t.structSize) + ", \"" + name +
                      " size\");\n");
  }
  out_ += "};\n";
  for (size_t k = 0; k < declared.size(); ++k)
    if (declared[k] != int32_t(k) || declared.size() != t.members.size()) {
      memberOrder_[h.index] = declared;
      break;
    }
  if (opt_.layoutAsserts)
    for (const std::string& a : asserts) out_ += a;
  out_ += "\n";
}

void Writer::emitTypes() {
  // Interning puts a struct's member types before it: index order is dependency order.
  for (uint32_t i = 0; i < types_.size(); ++i) {
    const Type& t = types_[Handle<Type>(i)];
    if (t.kind != TypeKind::Struct || !typeUsed_[i]) continue;
    // Entry-point interface structs are plain structs here; the attributes go on the
    // stage_in / output structs the entry point builds from them.
    emitStruct(Handle<Type>(i));
  }
}

// ---------------------------------------------------------------- globals

std::string Writer::addressSpaceOf(const GlobalVariable& g) const {
  switch (g.space) {
    case AddressSpace::Storage: return g.access == StorageAccess::Load ? "const device" : "device";
    case AddressSpace::Uniform:
    case AddressSpace::PushConstant: return "constant";
    case AddressSpace::WorkGroup: return "threadgroup";
    default: return "thread";
  }
}

std::string Writer::globalParameter(uint32_t gi) {
  const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(gi)];
  const std::string& n = globalNamesOf_[gi];
  if (g.space == AddressSpace::Handle) {
    const Type& t = types_[g.type];
    if (t.kind == TypeKind::Image) return imageTypeName(t, g.type, &g) + " " + n;
    if (t.kind == TypeKind::Array) {
      // An array of textures / samplers: a metal::array of them, passed by value (texture
      // and sampler values are handles) to the entry point's helpers as well.
      const Type& e = types_[t.base];
      std::string en = e.kind == TypeKind::Image ? imageTypeName(e, t.base, &g) : std::string("sampler");
      return "array<" + en + ", " + std::to_string(t.arraySize) + "> " + n;
    }
    return "sampler " + n;
  }
  return addressSpaceOf(g) + " " + typeName(g.type) + "& " + n;
}

// ---------------------------------------------------------------- run

// Specialization constants are Metal function constants, with the default when the pipeline
// sets none (MTLFunctionConstantValues): `constant T N_fc [[function_constant(id)]];` and
// `constant T N = is_function_constant_defined(N_fc) ? N_fc : default;`. Metal indices are
// 16-bit.
void Writer::emitFunctionConstants() {
  // In constant index order, operands first. A named specialization-constant expression (a
  // `static const` over them) is a program-scope constant initialised from the others.
  std::string text;
  std::vector<uint8_t> used = constantsUsed(m_, ep_);
  for (uint32_t i = 0; i < m_.constants.size(); ++i) {
    if (!used[i]) continue;
    Handle<Constant> h(i);
    const Constant& c = m_.constants[h];
    if (c.kind == Constant::Kind::SpecOp && !c.name.empty()) {
      std::string init = specOpText(c);
      std::string n = globalNames_.make(c.name);
      specNames_[i] = n;
      text += "constant " + typeName(c.type) + " " + n + " = " + init + ";\n";
      continue;
    }
    if (!c.spec) continue;
    std::string n = globalNames_.make(c.name.empty() ? "spec" + std::to_string(c.specId) : c.name);
    std::string fc = globalNames_.make(n + "_fc");
    specNames_[i] = n;
    if (c.specId > 65535) {
      error(ep_.range, "specialization constant id " + std::to_string(c.specId) +
                           " (Metal function constant indices are below 65536)");
      continue;
    }
    std::string ty = typeName(c.type);
    text += "constant " + ty + " " + fc + " [[function_constant(" + std::to_string(c.specId) + ")]];\n";
    text += "constant " + ty + " " + n + " = is_function_constant_defined(" + fc + ") ? " + fc + " : " +
            literalText(c.value) + ";\n";
    result_.functionConstants.push_back({c.name, c.specId});
  }
  if (!text.empty()) out_ += text + "\n";
}

// A specialization-dependent scalar constant as MSL: the name of its function constant or
// program-scope constant, a literal, or an unnamed SpecOp's expression in parentheses.
std::string Writer::specConstantText(Handle<Constant> h) {
  const Constant& c = m_.constants[h];
  if (c.spec || (c.kind == Constant::Kind::SpecOp && specNames_.count(h.index))) return specConstantName(h);
  if (c.kind == Constant::Kind::SpecOp) return "(" + specOpText(c) + ")";
  return literalText(c.value);
}

// A SpecOp constant (ir.hpp) as an MSL constant expression over the function constants; bool
// `&` `|` `^` are `&&` `||` `!=`, conversions are constructor casts.
std::string Writer::specOpText(const Constant& c) {
  auto part = [&](uint32_t k) { return specConstantText(m_.constantComponents[c.components.first + k]); };
  auto boolPart = [&](uint32_t k) {
    return m_.types[m_.constants[m_.constantComponents[c.components.first + k]].type].scalar.kind == ScalarKind::Bool;
  };
  switch (c.specOp) {
    case SpecOpKind::Unary: {
      UnaryOp op = UnaryOp(c.op);
      return std::string(op == UnaryOp::BitwiseNot && boolPart(0) ? "!" : unaryInfo(op).token) + part(0);
    }
    case SpecOpKind::Binary: {
      BinaryOp op = BinaryOp(c.op);
      const char* tok = binaryInfo(op).token;
      if (boolPart(0)) {
        if (op == BinaryOp::And) tok = "&&";
        if (op == BinaryOp::InclusiveOr) tok = "||";
        if (op == BinaryOp::ExclusiveOr) tok = "!=";
      }
      return part(0) + " " + tok + " " + part(1);
    }
    case SpecOpKind::Select: return part(0) + " ? " + part(1) + " : " + part(2);
    case SpecOpKind::Convert: return typeName(c.type) + "(" + part(0) + ")";
  }
  return "0";
}

std::string Writer::specConstantName(Handle<Constant> h) const {
  auto it = specNames_.find(h.index);
  return it == specNames_.end() ? std::string("0") : it->second;
}

std::optional<MslResult> Writer::run() {
  findReachable();
  computeNeeds();
  // Program-scope names: functions, globals, structs share one scope.
  globalNamesOf_.assign(m_.globals.size(), std::string());
  functionNames_.assign(m_.functions.size(), {});
  functionNames_[ep_.function.index] = globalNames_.make(ep_.name);
  for (uint32_t gi : needs_[ep_.function.index].globals)
    globalNamesOf_[gi] = globalNames_.make(m_.globals[Handle<GlobalVariable>(gi)].name);
  simdSizeName_ = globalNames_.make("simd_size");
  simdLaneName_ = globalNames_.make("simd_lane");
  bufferSizesName_ = globalNames_.make("buffer_sizes");
  for (uint32_t fi : order_)
    if (fi != ep_.function.index) functionNames_[fi] = globalNames_.make(m_.functions[Handle<Function>(fi)].name);
  assignBindings();
  collectTypes();
  planHelpers();

  out_ = "#include <metal_stdlib>\n#include <simd/simd.h>\n\nusing namespace metal;\n\n";
  emitTypes();
  emitFunctionConstants();
  std::string fns;
  for (uint32_t fi : order_) {
    if (failed_) break;
    writeFunction(*this, Handle<Function>(fi), fi == ep_.function.index, fns);
  }
  if (failed_) return std::nullopt;
  out_ += helpers_;
  out_ += fns;
  result_.text = std::move(out_);
  return std::move(result_);
}

std::optional<MslResult> compileMsl(const Module& m, const std::string& entryPoint, const MslOptions& options,
                                    DiagEngine& diags) {
  const EntryPoint* ep = m.findEntryPoint(entryPoint);
  if (!ep || !m.functions.contains(ep->function)) {
    diags.report(DiagId::InternalError, SourceRange{}, {"msl: no entry point '" + entryPoint + "' in the module"});
    return std::nullopt;
  }
  ir::reportIgnoredHints(m, *ep, DiagId::MslIgnored, diags);
  ir::Module raised = passes::extractEntryPoint(m, *ep);
  if (!ir::reportSubpassInputs(raised, DiagId::MslSubpassInput, diags)) return std::nullopt;
  if (!raise(raised, diags)) return std::nullopt;
  Writer w(raised, raised.entryPoints[0], options, diags);
  return w.run();
}

}  // namespace oneshader::msl
