// Lowering of types, globals, functions and entry points.
#include <algorithm>
#include <unordered_set>

#include "lower/bindings.hpp"
#include <algorithm>

#include "lower/lower_impl.hpp"
#include "sema/attributes.hpp"

namespace oneshader::lower {

using ir::Handle;

Lowerer::Lowerer(const ast::TranslationUnit& tu, const sema::Program& program, const sema::Sema& sema,
                 const LowerOptions& options, DiagEngine& diags)
    : tu_(tu),
      program_(program),
      sema_(sema),
      opts_(options),
      diags_(diags),
      m_(std::make_unique<ir::Module>()),
      uniformLayout_(m_->types, layoutRuleFor(options.layout, BufferClass::Uniform), options.defaultRowMajor),
      storageLayout_(m_->types, layoutRuleFor(options.layout, BufferClass::Storage), options.defaultRowMajor) {
  mb_.emplace(*m_);
}

// A function template instantiated twice (or a function lowered once per resource tuple)
// lowers the same source range more than once: each (code, range, message) is reported once.
void Lowerer::reportOnce(DiagId id, SourceRange r, const std::string& what) {
  if (reported_.insert({uint32_t(id), r.begin.raw, r.end.raw, what}).second) diags_.report(id, r, {what});
}

void Lowerer::unsupported(SourceRange r, const std::string& what) {
  reportOnce(DiagId::NotSupportedYet, r, what);
  throw LowerAbort{};
}

void Lowerer::internal(SourceRange r, const std::string& what) {
  reportOnce(DiagId::InternalError, r, what);
  throw LowerAbort{};
}

// ---------------------------------------------------------------- types

ir::Scalar Lowerer::irScalar(const sema::Type* t, SourceRange r) {
  if (!t) internal(r, "missing type annotation");
  const sema::Type* c = t->componentType();
  if (!c) internal(r, "expected a numeric type, got '" + t->toString() + "'");
  switch (c->scalarKind()) {
    case sema::ScalarKind::Bool: return ir::Scalar::boolean();
    case sema::ScalarKind::Int16: return ir::Scalar::i16();
    case sema::ScalarKind::Uint16: return ir::Scalar::u16();
    case sema::ScalarKind::Int: return ir::Scalar::i32();
    case sema::ScalarKind::Uint: return ir::Scalar::u32();
    case sema::ScalarKind::Int64: return ir::Scalar::i64();
    case sema::ScalarKind::Uint64: return ir::Scalar::u64();
    case sema::ScalarKind::Half: return ir::Scalar::f16();
    case sema::ScalarKind::Float: return ir::Scalar::f32();
    case sema::ScalarKind::Double: return ir::Scalar::f64();
    case sema::ScalarKind::LiteralInt: return ir::Scalar::i32();
    case sema::ScalarKind::LiteralFloat: return ir::Scalar::f32();
  }
  internal(r, "unknown scalar kind");
}

Handle<ir::Type> Lowerer::irType(const sema::Type* t, SourceRange r) {
  if (!t) internal(r, "missing type annotation");
  ir::TypeArena& ty = m_->types;
  switch (t->kind()) {
    case sema::TypeKind::Scalar:
    case sema::TypeKind::Enum: return ty.scalar(irScalar(t, r));
    case sema::TypeKind::Vector:
      if (t->vectorSize() == 1) return ty.scalar(irScalar(t, r));
      return ty.vector(irScalar(t, r), t->vectorSize());
    case sema::TypeKind::Matrix: {
      // HLSL RxC -> IR Matrix{columns = R, rows = C}; degenerate shapes are vectors.
      uint32_t rows = t->rows(), cols = t->cols();
      ir::Scalar s = irScalar(t, r);
      if (rows == 1 && cols == 1) return ty.scalar(s);
      if (rows == 1) return ty.vector(s, cols);
      if (cols == 1) return ty.vector(s, rows);
      // DXC gives non-float matrices the type of an array of row vectors; the IR's matrices
      // are float only (as SPIR-V's, MSL's and WGSL's).
      return matrixType(s, rows, cols);
    }
    case sema::TypeKind::Array:
      if (t->isUnsizedArray()) unsupported(r, "an unsized array outside a buffer");
      return ty.array(irType(t->elementType(), r), t->arraySize());
    case sema::TypeKind::Struct: {
      std::vector<ir::StructMember> ms;
      for (const sema::StructField& f : t->fields()) {
        ir::StructMember m;
        m.name = std::string(f.name.str());
        // A resource member (or array of them) has no value in the IR: a u32 placeholder
        // keeps the member indices; the resource is an alias tracked by lowering
        // (lower_resources.cpp).
        const sema::Type* et = f.type;
        while (et && et->isArray()) et = et->elementType();
        m.type = et && et->isResource() ? ty.scalar(ir::Scalar::u32()) : irType(f.type, r);
        if (f.decl) m.spirvDecorations = decorationsOf(f.decl->attributes, f.decl->range);
        ms.push_back(std::move(m));
      }
      return noteStruct(ty.structure(t->toString(), std::move(ms)), t);
    }
    case sema::TypeKind::BufferPointer: return bufferPointerType(t, r);
    case sema::TypeKind::SpirvType: return spirvType(t, r);
    case sema::TypeKind::RayQuery: return ty.rayQuery();
    case sema::TypeKind::Void: internal(r, "void has no IR value type");
    default: unsupported(r, "a value of type '" + t->toString() + "'");
  }
}

void Lowerer::tooLargeForBuffer(const sema::Type* t, LayoutEngine& le, SourceRange r) {
  std::string what = "'" + t->toString() + "'";
  if (reported_.insert({uint32_t(DiagId::BufferTooLarge), r.begin.raw, r.end.raw, what}).second)
    diags_.report(DiagId::BufferTooLarge, r, {what, layoutRuleName(le.rule())});
  throw LowerAbort{};
}

Handle<ir::Type> Lowerer::noteStruct(Handle<ir::Type> t, SourceRange name,
                                     const std::vector<const ast::VarDecl*>& members) {
  if (!t.valid()) return t;
  std::vector<ir::Module::StructSource>& all = m_->structSources;
  if (all.size() <= t.index) all.resize(t.index + 1);
  if (all[t.index].name.valid() || !all[t.index].members.empty()) return t;  // the first declaration
  all[t.index].name = name;
  for (const ast::VarDecl* v : members) all[t.index].members.push_back(v ? v->nameRange : SourceRange{});
  return t;
}

Handle<ir::Type> Lowerer::noteStruct(Handle<ir::Type> t, const sema::Type* s) {
  std::vector<const ast::VarDecl*> members;
  for (const sema::StructField& f : s->fields()) members.push_back(f.decl);
  return noteStruct(t, s->structDecl() ? s->structDecl()->nameRange : SourceRange{}, members);
}

Handle<ir::Type> Lowerer::memType(const sema::Type* t, LayoutEngine& le, HlslMajor major, SourceRange r) {
  ir::TypeArena& ty = m_->types;
  switch (t->kind()) {
    case sema::TypeKind::Scalar:
    case sema::TypeKind::Enum:
    case sema::TypeKind::Vector:
    case sema::TypeKind::Matrix: {
      Handle<ir::Type> h = irType(t, r);
      if (t->isMatrix() && le.rule() == LayoutRule::DxCBuffer) {
        // FXC's cbuffer packing puts each component of a column_major 1xN (row_major Nx1)
        // matrix in its own 16-byte register: DXC declares an array of N scalars (stride 16
        // under this rule), which loads gather into the IR vector (castLayout).
        bool rowMajor = major == HlslMajor::RowMajor || (major == HlslMajor::Default && opts_.defaultRowMajor);
        uint32_t lines = rowMajor ? t->cols() : t->rows();
        uint32_t perLine = rowMajor ? t->rows() : t->cols();
        if (lines == 1 && perLine > 1) {
          Handle<ir::Type> s = ty.scalar(t->isBool() ? ir::Scalar::u32() : irScalar(t, r));
          return le.array(s, perLine, major);
        }
      }
      if (isRowArray(h)) {
        // A non-float matrix: an array of its rows, laid out as one (DXC). DXC has no layout
        // for a column_major one in a buffer, where a row is not contiguous, and refuses it.
        bool rowMajor = major == HlslMajor::RowMajor || (major == HlslMajor::Default && opts_.defaultRowMajor);
        if (!rowMajor)
          unsupported(r, "a column_major matrix of '" + t->componentType()->toString() +
                             "' components in a buffer (DXC: declare it row_major)");
        Handle<ir::Type> row = irT(h).base;
        if (t->isBool()) row = ir::withScalar(ty, row, ir::Scalar::u32());  // bools are 32-bit integers in memory
        return le.array(row, irT(h).arraySize, major);
      }
      if (t->isBool()) h = ir::withScalar(ty, h, ir::Scalar::u32());  // bools are 32-bit integers in memory
      return h;
    }
    case sema::TypeKind::Array: {
      Handle<ir::Type> e = memType(t->elementType(), le, major, r);
      // Layout strides can make an array Sema accepted (under 4 GiB unpadded) larger than
      // 32-bit offsets reach: refuse instead of wrapping the offsets.
      if (uint64_t(le.arrayStride(e, major)) * t->arraySize() > 0xffffffffull) tooLargeForBuffer(t, le, r);
      return le.array(e, t->isUnsizedArray() ? 0 : t->arraySize(), major);
    }
    case sema::TypeKind::Struct: {
      std::vector<LayoutEngine::Member> ms;
      for (const sema::StructField& f : t->fields()) {
        const sema::Type* inner = f.type;
        while (inner->isArray()) inner = inner->elementType();
        HlslMajor fm = inner->isMatrix() && inner->rowMajor() ? HlslMajor::RowMajor : HlslMajor::Default;
        ms.push_back({std::string(f.name.str()), memType(f.type, le, fm, r), fm, vkOffset(f.decl)});
      }
      // Each member is under 4 GiB; with at most 16 bytes of padding before each and after
      // the last, the struct's end stays within 32 bits when this sum does.
      uint64_t end = 16;
      for (const LayoutEngine::Member& m : ms) end += uint64_t(le.sizeAlign(m.type, le.irMajor(m.major)).size) + 16;
      if (end > 0xffffffffull) tooLargeForBuffer(t, le, r);
      Handle<ir::Type> st = le.structure(t->toString(), ms);
      std::vector<const ast::VarDecl*> decls;
      for (const sema::StructField& f : t->fields()) decls.push_back(f.decl);
      checkExplicitOffsets(le, ms, st, decls, r);
      return noteStruct(withFieldDecorations(st, t), t);
    }
    case sema::TypeKind::BufferPointer: return bufferPointerType(t, r);
    case sema::TypeKind::SpirvType: return spirvMemType(t, r);
    default: unsupported(r, "type '" + t->toString() + "' in a buffer");
  }
}

Handle<ir::Type> Lowerer::bufferPointerType(const sema::Type* t, SourceRange r) {
  const sema::Type* p = t->pointeeType();
  if (auto it = bufferPointers_.find(p); it != bufferPointers_.end()) return it->second;
  if (pointeesInProgress_.count(p)) {
    // T contains a pointer to T: OpTypeForwardPointer, completed below.
    Handle<ir::Type> f = m_->types.forwardPointer(ir::AddressSpace::PhysicalStorage);
    bufferPointers_[p] = f;
    return f;
  }
  if (p->isStruct() && p->structDecl() && !p->structDecl()->isDefinition)
    unsupported(r, "a vk::BufferPointer to the struct '" + p->toString() + "', which is never defined");
  pointeesInProgress_.insert(p);
  const sema::Type* inner = p;
  while (inner->isArray()) inner = inner->elementType();
  HlslMajor major = inner->isMatrix() && inner->rowMajor() ? HlslMajor::RowMajor : HlslMajor::Default;
  Handle<ir::Type> base = memType(p, storageLayout_, major, r);
  pointeesInProgress_.erase(p);
  if (auto it = bufferPointers_.find(p); it != bufferPointers_.end()) {
    m_->types.completeForward(it->second, base);
    return it->second;
  }
  Handle<ir::Type> h = m_->types.pointer(base, ir::AddressSpace::PhysicalStorage);
  bufferPointers_[p] = h;
  return h;
}

// [[vk::offset(N)]] on a struct or cbuffer member (Sema checked the argument).
std::optional<uint32_t> Lowerer::vkOffset(const ast::VarDecl* v) {
  if (!v) return std::nullopt;
  for (const ast::Attribute* a : v->attributes) {
    if (!a || a->ns.str() != "vk" || a->name.str() != "offset" || a->args.size() != 1) continue;
    sema::ConstValue cv = sema_.constValue(a->args[0]);
    if (cv.valid() && cv.asInt() >= 0) return uint32_t(cv.asInt());
  }
  return std::nullopt;
}

// Members placed by packoffset / register(cN) / [[vk::offset]] must be aligned as the
// layout rule needs and must not overlap any other member (DXC: "packoffset caused overlap
// with previous members"); SPIR-V forbids overlapping Block members too.
void Lowerer::checkExplicitOffsets(LayoutEngine& le, const std::vector<LayoutEngine::Member>& ms, Handle<ir::Type> st,
                                   const std::vector<const ast::VarDecl*>& decls, SourceRange fallback) {
  bool any = false;
  for (const auto& m : ms) any |= m.offset.has_value();
  if (!any) return;
  const ir::Type& t = irT(st);
  if (t.members.size() != ms.size()) return;
  const bool relaxed = isVectorRelaxed(le.rule());
  auto rangeOf = [&](size_t i) {
    const ast::VarDecl* d = i < decls.size() ? decls[i] : nullptr;
    if (!d) return fallback;
    return d->packOffset ? d->packOffset->range : d->range;
  };
  auto what = [&](size_t i) -> std::string {
    const ast::VarDecl* d = i < decls.size() ? decls[i] : nullptr;
    if (d)
      for (const ast::Attribute* a : d->attributes)
        if (a && a->ns.str() == "vk" && a->name.str() == "offset") return "vk::offset";
    if (d && d->packOffset) return "packoffset";
    return "register(c)";
  };
  // A struct type is laid out again at each use: report each problem once.
  auto report = [&](DiagId id, SourceRange r, std::vector<std::string> args) {
    std::string key;
    for (const auto& a : args) key += a + "\n";
    if (reported_.insert({uint32_t(id), r.begin.raw, r.end.raw, key}).second) diags_.report(id, r, args);
  };
  std::vector<SizeAlign> sa(ms.size());
  for (size_t i = 0; i < ms.size(); ++i) sa[i] = le.sizeAlign(ms[i].type, t.members[i].matrixLayout);
  // Reported without abandoning lowering (the layout stays usable), so uses of the members
  // do not cascade into more errors; the compile fails on the error.
  for (size_t i = 0; i < ms.size(); ++i) {
    if (!ms[i].offset) continue;
    uint32_t off = t.members[i].offset;
    const ir::Type& mt = irT(ms[i].type);
    uint32_t align = sa[i].align;
    bool vec = mt.kind == ir::TypeKind::Vector;
    if (relaxed && vec) align = std::max<uint32_t>(1, mt.scalar.width / 8);
    bool straddle = relaxed && vec && (sa[i].size <= 16 ? off / 16 != (off + sa[i].size - 1) / 16 : off % 16 != 0);
    if (off % align != 0 || straddle) {
      report(DiagId::InvalidPackOffset, rangeOf(i),
             {what(i), ms[i].name,
              "byte offset " + std::to_string(off) + " is not " +
                  (straddle ? "allowed: the vector would straddle a 16-byte boundary"
                            : "a multiple of the member's alignment " + std::to_string(align)) +
                  " (" + layoutRuleName(le.rule()) + ")"});
    }
  }
  for (size_t i = 0; i < ms.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      uint32_t a0 = t.members[j].offset, a1 = a0 + sa[j].size, b0 = t.members[i].offset, b1 = b0 + sa[i].size;
      if (sa[i].size == 0 || sa[j].size == 0 || b1 <= a0 || a1 <= b0) continue;
      // Report at the member that was placed explicitly (the later one if both were).
      size_t at = ms[i].offset ? i : j, other = at == i ? j : i;
      report(DiagId::MemberOffsetOverlap, rangeOf(at),
             {ms[at].name, std::to_string(t.members[at].offset), ms[other].name,
              std::to_string(t.members[other].offset), std::to_string(t.members[other].offset + sa[other].size - 1)});
    }
}

static HlslMajor majorOf(const sema::Type* t) {
  while (t && t->isArray()) t = t->elementType();
  return t && t->isMatrix() && t->rowMajor() ? HlslMajor::RowMajor : HlslMajor::Default;
}

static ir::ResourceKind irResourceKind(sema::ResourceKind k) {
  switch (k) {
    case sema::ResourceKind::StructuredBuffer: return ir::ResourceKind::StructuredBuffer;
    case sema::ResourceKind::TextureBuffer: return ir::ResourceKind::TextureBuffer;
    case sema::ResourceKind::RWStructuredBuffer: return ir::ResourceKind::RWStructuredBuffer;
    case sema::ResourceKind::AppendStructuredBuffer: return ir::ResourceKind::AppendStructuredBuffer;
    case sema::ResourceKind::ConsumeStructuredBuffer: return ir::ResourceKind::ConsumeStructuredBuffer;
    case sema::ResourceKind::ByteAddressBuffer: return ir::ResourceKind::ByteAddressBuffer;
    case sema::ResourceKind::RWByteAddressBuffer: return ir::ResourceKind::RWByteAddressBuffer;
    case sema::ResourceKind::ConstantBuffer: return ir::ResourceKind::ConstantBuffer;
    default: return ir::ResourceKind::None;
  }
}

// ---------------------------------------------------------------- globals

// DXC's SPV_GOOGLE_user_type string (-fspv-reflect): the resource type's name in lower
// case, then its template arguments as written (":<float4,64>", none for a bare
// `Texture2D`); cbuffer / tbuffer for the blocks. An array of resources is its element's.
std::string Lowerer::reflectUserType(const sema::GlobalVar& g) const {
  if (g.kind == sema::GlobalKind::CBuffer) return g.cbuffer && g.cbuffer->isTBuffer ? "tbuffer" : "cbuffer";
  const sema::Type* t = g.type;
  while (t && t->isArray()) t = t->elementType();
  if (!t || !t->isResource() || !g.decl || !g.decl->typeSpec) return {};
  const ast::TypeSpec& ts = *g.decl->typeSpec;
  std::string out;
  for (char c : ts.name.str()) out += char(std::tolower(static_cast<unsigned char>(c)));
  if (!ts.hasTemplateArgs || ts.templateArgs.empty()) return out;
  out += ":<";
  for (size_t i = 0; i < ts.templateArgs.size(); ++i) {
    const ast::TemplateArg& a = ts.templateArgs[i];
    if (i) out += ',';
    if (a.type && a.type->resolved)
      out += a.type->resolved->toString();
    else if (a.expr)
      out += std::to_string(sema_.constValue(a.expr).asInt());
  }
  return out + ">";
}

// What one resource of type `t` is in the IR (space, type, access, kind): a global resource,
// an element of an array of them, or of a descriptor heap (lower_heap.cpp).
void Lowerer::resourceGlobal(const sema::Type* t, ir::GlobalVariable& gv, SourceRange r) {
  gv.resource = irResourceKind(t->resourceKind());
  // The block's name spells the HLSL type (DXC: type.RasterizerOrderedStructuredBuffer.S).
  std::string kind = sema::resourceKindName(t->resourceKind());
  if (t->isRasterizerOrdered()) kind = "RasterizerOrdered" + kind.substr(2);
  switch (t->resourceKind()) {
    case sema::ResourceKind::StructuredBuffer:
    case sema::ResourceKind::RWStructuredBuffer:
    case sema::ResourceKind::AppendStructuredBuffer:
    case sema::ResourceKind::ConsumeStructuredBuffer: {
      const sema::Type* elem = t->elementType();
      HlslMajor mj = majorOf(elem);
      Handle<ir::Type> e = memType(elem, storageLayout_, mj, r);
      gv.space = ir::AddressSpace::Storage;
      // A matrix element keeps its majorness (`StructuredBuffer<row_major float4x3>`):
      // the decoration must agree with the array stride computed for it.
      const sema::Type* inner = elem;
      while (inner && inner->isArray()) inner = inner->elementType();
      ir::MatrixLayout ml = inner && inner->isMatrix() ? storageLayout_.irMajor(mj) : ir::MatrixLayout::None;
      gv.type =
          mb_->storageBufferBlock(e, storageLayout_.arrayStride(e, mj), "type." + kind + "." + elem->toString(), ml);
      gv.access = t->isWritableResource() ? ir::StorageAccess::LoadStore : ir::StorageAccess::Load;
      break;
    }
    case sema::ResourceKind::ByteAddressBuffer:
    case sema::ResourceKind::RWByteAddressBuffer:
      gv.space = ir::AddressSpace::Storage;
      gv.type = mb_->storageBufferBlock(m_->types.scalar(ir::Scalar::u32()), 4, "type." + kind);
      gv.access = t->isWritableResource() ? ir::StorageAccess::LoadStore : ir::StorageAccess::Load;
      break;
    case sema::ResourceKind::ConstantBuffer: {
      const sema::Type* elem = t->elementType();
      if (!elem || !elem->isStruct()) unsupported(r, "ConstantBuffer of a non-struct type");
      std::vector<LayoutEngine::Member> ms;
      for (const sema::StructField& f : elem->fields())
        ms.push_back({std::string(f.name.str()), memType(f.type, uniformLayout_, majorOf(f.type), r), majorOf(f.type),
                      std::nullopt});
      gv.space = ir::AddressSpace::Uniform;
      gv.access = ir::StorageAccess::Load;
      gv.type = uniformLayout_.structure("type.ConstantBuffer." + elem->toString(), ms);
      break;
    }
    case sema::ResourceKind::TextureBuffer: {
      // DXC: a read-only storage buffer of the struct, std430 (SPIR-V.rst, "tbuffer
      // and TextureBuffer").
      const sema::Type* elem = t->elementType();
      if (!elem || !elem->isStruct()) unsupported(r, "TextureBuffer of a non-struct type");
      std::vector<LayoutEngine::Member> ms;
      for (const sema::StructField& f : elem->fields())
        ms.push_back({std::string(f.name.str()), memType(f.type, storageLayout_, majorOf(f.type), r), majorOf(f.type),
                      std::nullopt});
      gv.space = ir::AddressSpace::Storage;
      gv.access = ir::StorageAccess::Load;
      gv.type = storageLayout_.structure("type.TextureBuffer." + elem->toString(), ms);
      break;
    }
    case sema::ResourceKind::RaytracingAccelerationStructure:
      // A Handle-space value like a texture (SPIR-V OpTypeAccelerationStructureKHR in
      // UniformConstant, register t).
      gv.space = ir::AddressSpace::Handle;
      gv.type = m_->types.accelerationStructure();
      gv.resource = ir::ResourceKind::AccelerationStructure;
      gv.access = ir::StorageAccess::Load;
      break;
    default:
      if (!imageGlobal(t, gv, r))
        unsupported(r, std::string("resource type '") + sema::resourceKindName(t->resourceKind()) + "'");
  }
}

Handle<ir::GlobalVariable> Lowerer::resourceVariable(const std::string& name, const sema::Type* t, uint32_t arraySize,
                                                     uint8_t imageFormat, SourceRange r) {
  if (arraySize && t->isSampledTexture()) unsupported(r, "an array of '" + t->toString() + "'");
  ir::GlobalVariable gv;
  gv.name = name;
  gv.range = r;
  resourceGlobal(t, gv, r);
  gv.rasterOrdered = t->isRasterizerOrdered();
  if (imageFormat && gv.space == ir::AddressSpace::Handle &&
      irT(gv.type).kind == ir::TypeKind::Image) {  // [[vk::image_format]] replaces the format inferred from T
    ir::ImageInfo info = irT(gv.type).image;
    info.format = imageFormat;
    info.formatInferred = false;
    gv.type = m_->types.image(info);
  }
  if (arraySize) gv.type = m_->types.array(gv.type, arraySize == GlobalRef::kRuntimeArray ? 0 : arraySize);
  return mb_->global(gv);
}

void Lowerer::lowerGlobals() {
  std::vector<BindingRequest>& requests = bindingRequests_;
  // Sized arrays of resources not flattened: (request, size). Once a global struct of
  // resources is in the shader, each takes one binding per element (DXC flattens composite
  // resources then and counts array elements alike: vk.binding.global-struct-of-resource.and.array).
  std::vector<std::pair<size_t, uint32_t>> resourceArrays;
  size_t globalsRequest = ~size_t(0);  // $Globals: where its first member is (DXC's order)
  std::vector<Handle<ir::GlobalVariable>>& bound = bindingGlobals_;
  std::vector<LayoutEngine::Member> globalsMembers;  // $Globals
  std::vector<const ast::VarDecl*> globalsDecls;

  auto request = [&](const sema::GlobalVar& g, Handle<ir::GlobalVariable> h, SourceRange r) {
    BindingRequest q;
    q.name = g.name;
    q.written = g.binding;
    q.range = r;
    q.nameRange = g.decl ? g.decl->nameRange : g.cbuffer ? g.cbuffer->nameRange : SourceRange{};
    if (g.combinedImageSampler && g.type && g.type->isResource())  // Sema allows textures and samplers only
      q.combined = g.type->resourceKind() == sema::ResourceKind::SamplerState ||
                           g.type->resourceKind() == sema::ResourceKind::SamplerComparisonState
                       ? BindingRequest::Combined::Sampler
                       : BindingRequest::Combined::Texture;
    // The register class its type implies (-fvk-auto-shift-bindings).
    if (g.kind == sema::GlobalKind::CBuffer)
      q.naturalClass = g.cbuffer && g.cbuffer->isTBuffer ? 't' : 'b';
    else if (g.type && g.type->isResource()) {
      sema::ResourceKind k = g.type->resourceKind();
      q.naturalClass = k == sema::ResourceKind::SamplerState || k == sema::ResourceKind::SamplerComparisonState ? 's'
                       : k == sema::ResourceKind::ConstantBuffer                                                ? 'b'
                       : sema::resourceIsWritable(k)                                                            ? 'u'
                                                                                                                : 't';
    }
    requestOfGlobal_[h.index] = requests.size();
    requests.push_back(q);
    bound.push_back(h);
    ir::GlobalVariable& gv = m_->globals[h];
    if (g.binding.hasRegister) gv.reg = ir::HlslRegister{g.binding.regClass, g.binding.index, g.binding.space};
    gv.userType = reflectUserType(g);
  };

  for (const sema::GlobalVar& g : program_.globals) {
    SourceRange r = g.decl ? g.decl->range : (g.cbuffer ? g.cbuffer->range : SourceRange{});
    try {
      switch (g.kind) {
        case sema::GlobalKind::Groupshared:
        case sema::GlobalKind::Static: {
          // A `static const` scalar whose initializer Sema folds is a constant: its reads
          // become literals (lowerExpr's DeclRef), not loads of a Private variable stored at
          // entry (WGSL's uniformity analysis treats a var<private> read as non-uniform).
          if (g.kind == sema::GlobalKind::Static && g.decl && g.decl->init && (g.decl->storage & ast::SF_Const) &&
              g.type && g.type->isScalar() && sema_.constValue(g.decl->init).valid()) {
            constGlobals_.insert(g.decl);
            break;
          }
          // A static resource: an alias, resolved in each function (lower_resources.cpp).
          if (g.kind == sema::GlobalKind::Static && g.decl && g.type && g.type->isResource()) {
            staticResDecls_.insert(g.decl);
            break;
          }
          // `static const uint M = N * 2 + 1;` over specialization constants: a SpecOp
          // constant named M (lower_spec.cpp), never a Private variable.
          if (g.kind == sema::GlobalKind::Static && g.decl && sema_.isSpecConstantVar(g.decl)) {
            if (!specConsts_.count(g.decl)) specConsts_[g.decl] = specConstExpr(g.decl->init, g.name);
            break;
          }
          ir::GlobalVariable gv;
          gv.name = g.name;
          gv.space = g.kind == sema::GlobalKind::Groupshared ? ir::AddressSpace::WorkGroup : ir::AddressSpace::Private;
          if (g.kind == sema::GlobalKind::Groupshared && opts_.nvMeshReason.empty() &&
              std::find(program_.meshPayloads.begin(), program_.meshPayloads.end(), g.decl) !=
                  program_.meshPayloads.end() &&
              std::any_of(program_.entryPoints.begin(), program_.entryPoints.end(),
                          [](const sema::EntryPoint& ep) { return ep.stage == sema::Stage::Amplification; })) {
            // The payload of DispatchMesh in an amplification shader (DXC's EXT shape).
            gv.space = ir::AddressSpace::SpirvClass;
            gv.spirvClass = 5402;                               // TaskPayloadWorkgroupEXT
            gv.spirvRequirements.capabilities.push_back(5283);  // MeshShadingEXT
            gv.spirvRequirements.extensions.push_back("SPV_EXT_mesh_shader");
          }
          gv.type = irType(g.type, r);
          gv.range = r;
          Handle<ir::GlobalVariable> h = mb_->global(gv);
          globals_[g.decl] = GlobalRef::of(h, -1, nullptr);
          if (g.kind == sema::GlobalKind::Static && g.decl && g.decl->init) staticInits_.push_back({g.decl, h});
          break;
        }
        case sema::GlobalKind::PushConstant: {
          // [[vk::push_constant]] S pc; / ConstantBuffer<S> pc: a Block in PushConstant memory
          // with the structured-buffer layout rule (DXC's sBufferLayoutRule), no binding.
          const sema::Type* t = g.type;
          bool cb = t && t->isResource();
          const sema::Type* st = cb ? t->elementType() : t;
          if (!st || !st->isStruct()) internal(r, "push constant without a struct type");
          std::vector<LayoutEngine::Member> ms;
          std::vector<const ast::VarDecl*> decls;
          for (const sema::StructField& f : st->fields()) {
            LayoutEngine::Member mm{std::string(f.name.str()), memType(f.type, storageLayout_, majorOf(f.type), r),
                                    majorOf(f.type), std::nullopt};
            if (auto o = vkOffset(f.decl)) mm.offset = o;
            ms.push_back(mm);
            decls.push_back(f.decl);
          }
          ir::GlobalVariable gv;
          gv.name = g.name;
          gv.space = ir::AddressSpace::PushConstant;
          if (g.shaderRecord) {  // [[vk::shader_record_ext]]: the same block in ShaderRecordBufferKHR
            gv.space = ir::AddressSpace::SpirvClass;
            gv.spirvClass = 5343;  // ShaderRecordBufferKHR (= ShaderRecordBufferNV)
          }
          gv.access = ir::StorageAccess::Load;
          gv.type = storageLayout_.structure((cb ? "type.ConstantBuffer." : "type.PushConstant.") + st->toString(), ms);
          checkExplicitOffsets(storageLayout_, ms, gv.type, decls, r);
          gv.range = r;
          Handle<ir::GlobalVariable> h = mb_->global(gv);
          globals_[g.decl] = GlobalRef::of(h, -1, cb ? t : nullptr);
          break;
        }
        case sema::GlobalKind::SpecConstant: {
          // [[vk::constant_id(N)]]: a specialization constant whose default is the
          // initializer Sema folded (converted to the variable's type).
          ir::Scalar sc = irScalar(g.type, r);
          sema::ConstValue cv = sema_.constValue(g.decl->init);
          ir::Literal l;
          if (sc.kind == ir::ScalarKind::Bool)
            l = ir::Literal::boolean(cv.asBool());
          else if (sc.kind == ir::ScalarKind::Float)
            l = ir::Literal::ofFloat(sc, float(cv.asFloat()));
          else
            l = ir::Literal::of(sc, sc.kind == ir::ScalarKind::Sint ? uint64_t(int64_t(int32_t(cv.asInt())))
                                                                    : uint64_t(uint32_t(cv.asUint())));
          specConsts_[g.decl] = mb_->specConstant(l, g.specId, g.name);
          break;
        }
        case sema::GlobalKind::SpirvStorageClass:
        case sema::GlobalKind::SpirvBuiltin:
          inlineSpirvGlobal(g, r);  // lower_inline_spirv.cpp
          break;
        case sema::GlobalKind::Uniform: {
          if (holdsResource(g.type)) {  // a struct of resources (lower_resources.cpp)
            resourceStruct(g, r);
            const std::vector<StructResource>& rs = resourceStructs_[g.decl];
            if (rs.empty()) break;
            sema::GlobalVar first = g;
            first.type = rs[0].resource;
            request(first, rs[0].global, r);
            const StructResource& last = rs.back();
            requests.back().count = last.offset + std::max(last.arraySize, 1u);
            break;
          }
          LayoutEngine::Member mm{g.name, memType(g.type, uniformLayout_, majorOf(g.type), r), majorOf(g.type),
                                  std::nullopt};
          if (globalsMembers.empty()) {  // its binding request goes here, filled in below
            globalsRequest = requests.size();
            requests.push_back({});
            bound.push_back({});
          }
          globalsMembers.push_back(mm);
          // register(cN): byte offset N * 16 in $Globals (FXC, DXC).
          if (g.binding.hasRegister && g.binding.regClass == 'c') globalsMembers.back().offset = g.binding.index * 16;
          globalsDecls.push_back(g.decl);
          break;
        }
        case sema::GlobalKind::CBuffer: {
          if (!g.cbuffer) internal(r, "cbuffer global without its declaration");
          // A tbuffer is a read-only storage buffer laid out with the storage rule (DXC).
          bool tb = g.cbuffer->isTBuffer;
          // [[vk::shader_record_ext]] cbuffer: a ShaderRecordBufferKHR block with the
          // ConstantBuffer<S> record's (push-constant) layout rule, no binding (DXC).
          bool record = g.shaderRecord;
          LayoutEngine& le = tb || record ? storageLayout_ : uniformLayout_;
          std::vector<LayoutEngine::Member> ms;
          for (ast::VarDecl* v : g.members) {
            LayoutEngine::Member mm{std::string(v->name.str()), memType(v->type, le, majorOf(v->type), v->range),
                                    majorOf(v->type), std::nullopt};
            // [[vk::offset]] wins over packoffset (DXC); packoffset(cN.c) is N * 16 + c * 4.
            if (v->packOffset) mm.offset = v->packOffset->reg * 16 + v->packOffset->component * 4;
            if (auto o = vkOffset(v)) mm.offset = o;
            ms.push_back(mm);
          }
          ir::GlobalVariable gv;
          gv.name = g.name;
          gv.space = tb ? ir::AddressSpace::Storage : ir::AddressSpace::Uniform;
          gv.access = ir::StorageAccess::Load;
          gv.resource = tb ? ir::ResourceKind::TextureBuffer : ir::ResourceKind::ConstantBuffer;
          if (record) {
            gv.space = ir::AddressSpace::SpirvClass;
            gv.spirvClass = 5343;  // ShaderRecordBufferKHR
            gv.resource = ir::ResourceKind::None;
          }
          gv.type = le.structure((record ? "type.ShaderRecordBufferKHR." : "type.") + g.name, ms);
          noteStruct(gv.type, g.cbuffer->nameRange,
                     std::vector<const ast::VarDecl*>(g.members.begin(), g.members.end()));
          checkExplicitOffsets(le, ms, gv.type, std::vector<const ast::VarDecl*>(g.members.begin(), g.members.end()),
                               r);
          gv.range = r;
          Handle<ir::GlobalVariable> h = mb_->global(gv);
          for (size_t i = 0; i < g.members.size(); ++i) globals_[g.members[i]] = GlobalRef::of(h, int32_t(i), nullptr);
          if (!record) request(g, h, r);
          break;
        }
        case sema::GlobalKind::Resource: {
          const sema::Type* t = g.type;
          // An array of resources (ir.hpp, ARRAYS OF RESOURCES): one global of a sized array
          // of what a single resource of the element type would have, with one binding.
          uint32_t arraySize = 0;
          if (t && t->isArray()) {
            const sema::Type* et = t->elementType();
            if (et && et->isArray()) unsupported(r, "a multi-dimensional array of resources");
            if (et && et->isResource() &&
                (et->resourceKind() == sema::ResourceKind::AppendStructuredBuffer ||
                 et->resourceKind() == sema::ResourceKind::ConsumeStructuredBuffer))
              unsupported(r, std::string("an array of ") + sema::resourceKindName(et->resourceKind()));
            // `Texture2D ts[]`: a runtime-sized array (SPIR-V OpTypeRuntimeArray; ir.hpp).
            arraySize = t->isUnsizedArray() || t->arraySize() == 0 ? GlobalRef::kRuntimeArray : t->arraySize();
            t = et;
          }
          if (!t || !t->isResource()) internal(r, "resource global without a resource type");
          Handle<ir::GlobalVariable> h = resourceVariable(g.name, t, arraySize, g.imageFormat, r);
          // globallycoherent: DXC's Coherent decoration (23) on the variable, so that the
          // resource's writes are visible to the other workgroups of the dispatch; MSL and
          // WGSL have no equivalent and warn (ir::reportIgnoredHints). Before flattenArray,
          // which copies the variable.
          if (g.decl && g.decl->typeSpec && (g.decl->typeSpec->mods & ast::TM_GloballyCoherent))
            m_->globals[h].spirvDecorations.push_back(
                ir::SpirvDecoration{ir::SpirvDecoration::Kind::Literal, 23, {}, {}});
          if (g.decl && (t->resourceKind() == sema::ResourceKind::SubpassInput ||
                         t->resourceKind() == sema::ResourceKind::SubpassInputMS))
            for (const ast::Attribute* a : g.decl->attributes)
              if (a && !a->invalid && a->semaId == uint16_t(sema::AttrId::VkInputAttachmentIndex) &&
                  a->args.size() == 1) {
                sema::ConstValue cv = sema_.constValue(a->args[0]);
                if (cv.valid() && cv.asInt() >= 0) m_->globals[h].inputAttachmentIndex = uint32_t(cv.asInt());
              }
          globals_[g.decl] = GlobalRef::of(h, -1, t, arraySize);
          request(g, h, r);
          if (arraySize && arraySize != GlobalRef::kRuntimeArray && opts_.bindings.flattenArrays)
            flattenArray(h, arraySize);  // lower_heap.cpp
          else if (arraySize && arraySize != GlobalRef::kRuntimeArray)
            resourceArrays.push_back({requests.size() - 1, arraySize});
          if (t->isSampledTexture()) {  // the texture half of a combined image sampler
            requests.back().combined = BindingRequest::Combined::Texture;
            sampledTextures_.insert(h.index);
          }
          // Append/Consume buffers always have their counter (DXC); an RWStructuredBuffer
          // gets one when IncrementCounter/DecrementCounter is lowered.
          if (t->resourceKind() == sema::ResourceKind::AppendStructuredBuffer ||
              t->resourceKind() == sema::ResourceKind::ConsumeStructuredBuffer)
            counterFor(h, r);
          break;
        }
      }
    } catch (LowerAbort&) {}
  }

  if (!globalsMembers.empty()) {
    ir::GlobalVariable gv;
    gv.name = "$Globals";
    gv.space = ir::AddressSpace::Uniform;
    gv.access = ir::StorageAccess::Load;
    gv.resource = ir::ResourceKind::ConstantBuffer;
    gv.type = uniformLayout_.structure("type.$Globals", globalsMembers);
    noteStruct(gv.type, SourceRange{}, globalsDecls);
    checkExplicitOffsets(uniformLayout_, globalsMembers, gv.type, globalsDecls, SourceRange{});
    Handle<ir::GlobalVariable> h = mb_->global(gv);
    for (size_t i = 0; i < globalsDecls.size(); ++i) globals_[globalsDecls[i]] = GlobalRef::of(h, int32_t(i), nullptr);
    BindingRequest q;
    q.name = "$Globals";
    q.globals = true;
    q.naturalClass = 'b';
    requests[globalsRequest] = q;
    bound[globalsRequest] = h;
  }
  if (!resourceStructs_.empty())
    for (const auto& [i, n] : resourceArrays) {
      if (n > kMaxStructBindings) {
        diags_.report(DiagId::NotSupportedYet, requests[i].range,
                      {"an array of more than " + std::to_string(kMaxStructBindings) +
                       " resources in a shader with a global struct of resources (each element takes a binding)"});
        continue;
      }
      requests[i].count = n;
    }
}

Handle<ir::GlobalVariable> Lowerer::counterFor(Handle<ir::GlobalVariable> buffer, SourceRange r) {
  if (auto it = counters_.find(buffer.index); it != counters_.end()) return it->second;
  if (m_->globals[buffer].heap) return counters_[buffer.index] = m_->globals[buffer].counter = heapCounter(r);
  if (flattenedElements_.count(buffer.index))
    unsupported(r, "the counter of a buffer in an array flattened by -fspv-flatten-resource-arrays");
  if (!requestOfGlobal_.count(buffer.index)) internal(r, "a counter for a buffer without a binding request");
  ir::StructMember mem;
  mem.name = "counter";
  mem.type = m_->types.scalar(ir::Scalar::i32());
  mem.offset = 0;
  ir::GlobalVariable gv;
  gv.name = "counter.var." + m_->globals[buffer].name;
  gv.space = ir::AddressSpace::Storage;
  gv.access = ir::StorageAccess::LoadStore;
  gv.resource = ir::ResourceKind::CounterBuffer;
  gv.type = m_->types.structure("type.ACSBuffer.counter", {mem});
  // An array of buffers has an array of counters, indexed alike (DXC).
  if (const ir::Type& bt = irT(m_->globals[buffer].type); bt.kind == ir::TypeKind::Array)
    gv.type = m_->types.array(gv.type, bt.arraySize);
  gv.range = m_->globals[buffer].range;
  Handle<ir::GlobalVariable> h = mb_->global(gv);
  counters_[buffer.index] = h;
  m_->globals[buffer].counter = h;
  return h;
}

Handle<ir::GlobalVariable> Lowerer::sampledTextureSampler(Handle<ir::GlobalVariable> texture, int comparison,
                                                          SourceRange r) {
  (void)r;
  // Sampled both ways: the one sampler keeps its first kind (the IR lets a combined image
  // sampler's sampler serve both; WGSL refuses it).
  if (auto it = sampledSamplers_.find(texture.index); it != sampledSamplers_.end()) return it->second;
  ir::GlobalVariable gv;
  gv.name = m_->globals[texture].name + "_sampler";
  gv.space = ir::AddressSpace::Handle;
  gv.type = m_->types.sampler(comparison == 1);
  gv.resource = comparison == 1 ? ir::ResourceKind::SamplerComparison : ir::ResourceKind::Sampler;
  gv.access = ir::StorageAccess::Load;
  gv.range = m_->globals[texture].range;
  Handle<ir::GlobalVariable> h = mb_->global(gv);
  sampledSamplers_[texture.index] = h;
  return h;
}

void Lowerer::assignAllBindings() {
  // Each counter's request right after its buffer's, so implicit bindings follow DXC's order;
  // a vk::SampledTexture's sampler right after its texture (the same set and binding).
  std::vector<BindingRequest> requests;
  std::vector<Handle<ir::GlobalVariable>> bound;
  for (size_t i = 0; i < bindingRequests_.size(); ++i) {
    size_t mainIndex = requests.size();
    requests.push_back(bindingRequests_[i]);
    bound.push_back(bindingGlobals_[i]);
    if (sampledTextures_.count(bindingGlobals_[i].index)) {
      Handle<ir::GlobalVariable> smp = sampledTextureSampler(bindingGlobals_[i], -1, bindingRequests_[i].range);
      BindingRequest q;
      q.name = m_->globals[smp].name;
      q.range = bindingRequests_[i].range;
      q.samplerOf = int32_t(mainIndex);
      q.combined = BindingRequest::Combined::Sampler;
      requests.push_back(q);
      bound.push_back(smp);
      continue;
    }
    auto it = counters_.find(bindingGlobals_[i].index);
    if (it == counters_.end()) continue;
    BindingRequest q;
    q.name = m_->globals[it->second].name;
    q.range = bindingRequests_[i].range;
    q.counterOf = int32_t(mainIndex);
    requests.push_back(q);
    bound.push_back(it->second);
  }
  std::vector<BindingResult> rs = assignBindings(requests, opts_.bindingShifts, diags_, opts_.bindings);
  std::vector<ir::ResourceBinding> taken;
  for (size_t i = 0; i < rs.size(); ++i)  // every binding a request takes (a struct or array: several)
    for (uint32_t k = 0; k < std::max(requests[i].count, 1u); ++k)
      taken.push_back(ir::ResourceBinding{rs[i].binding.group, rs[i].binding.binding + k});
  assignHeapBindings(taken);  // after every other resource (lower_heap.cpp)
  for (size_t i = 0; i < rs.size(); ++i) {
    ir::GlobalVariable& gv = m_->globals[bound[i]];
    gv.binding = rs[i].binding;
    if (rs[i].partner >= 0) {  // [[vk::combinedImageSampler]]: the two halves point at each other
      gv.combinedImageSampler = true;
      gv.combined = bound[size_t(rs[i].partner)];
    }
  }
  for (const auto& [decl, rs] : resourceStructs_) {  // a struct's resources: the first one's binding + offset
    if (rs.empty() || !m_->globals[rs[0].global].binding) continue;
    ir::ResourceBinding b = *m_->globals[rs[0].global].binding;
    for (const StructResource& x : rs)
      m_->globals[x.global].binding = ir::ResourceBinding{b.group, b.binding + x.offset};
  }
  for (const auto& [array, elements] : flattened_) {  // element k on the array's binding + k
    ir::ResourceBinding b = *m_->globals[Handle<ir::GlobalVariable>(array)].binding;
    for (size_t k = 0; k < elements.size(); ++k)
      m_->globals[elements[k]].binding = ir::ResourceBinding{b.group, b.binding + uint32_t(k)};
  }
}

// ---------------------------------------------------------------- functions

Handle<ir::Function> Lowerer::declareFunction(ast::FunctionDecl* fd, const ResourceArgs& resources) {
  std::vector<uint32_t> key;
  for (const ResourceArg& r : resources) {
    key.push_back(r.ref.global.index);
    key.push_back(r.literal);
    key.push_back(uint32_t(r.path.size()));
    key.insert(key.end(), r.path.begin(), r.path.end());
    key.push_back(r.interpolant);
  }
  if (resources.empty()) {
    auto it = functions_.find(fd);
    if (it != functions_.end()) return it->second;
  } else if (auto it = specializations_.find({fd, key}); it != specializations_.end()) {
    return it->second;
  }
  std::vector<ir::FunctionArgument> args;
  if (hasThisParam(fd)) {
    if (!fd->owner->type) internal(fd->range, "method of an untyped struct");
    ir::FunctionArgument a;
    a.name = "this";
    a.type = m_->types.pointer(irType(fd->owner->type, fd->range), ir::AddressSpace::Function);
    args.push_back(a);
  }
  for (ast::ParamDecl* p : fd->params) {
    if (p->type && resourceOrArray(p->type)) {
      if (isStreamType(p->type)) continue;  // a geometry shader stream: no value (lower_stages.cpp)
      bool bound = false;
      for (const ResourceArg& r : resources) bound |= r.param == p && r.path.empty();
      if (!bound) unsupported(p->range, "a resource parameter here");
      continue;
    }
    if (globalParams_.count(p)) continue;  // a ray tracing entry point's payload: its variable
    ir::FunctionArgument a;
    a.name = std::string(p->name.str());
    a.type = irType(p->type, p->range);
    a.declRange = p->nameRange;
    if (p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut || (p->type && p->type->isRayQuery())) {
      a.type = m_->types.pointer(a.type, ir::AddressSpace::Function);
      if (!entryDecls_.count(fd)) a.spirvDecorations = decorationsOf(p->attributes, p->range);  // (by-value: the local)
    }
    args.push_back(a);
  }
  std::optional<ir::FunctionResult> result;
  // A function returning a resource has no IR result: its callers use the global it
  // returns (lower_resources.cpp).
  if (fd->returnType && !fd->returnType->isVoid() && !fd->returnType->isResource())
    result = ir::FunctionResult{irType(fd->returnType, fd->range), {}, {}};
  std::string name = std::string(fd->name.str());
  if (fd->owner) name = fd->owner->name.str().empty() ? name : std::string(fd->owner->name.str()) + "." + name;
  Handle<ir::Function> f = mb_->function(name, std::move(args), std::move(result));
  m_->functions[f].range = fd->range;
  m_->functions[f].declRange = declarationRange(fd);
  for (const ast::Attribute* a : fd->attributes)
    if (a && !a->invalid && a->semaId == uint16_t(sema::AttrId::NoInline)) m_->functions[f].noInline = true;
  functionRequirements(fd, m_->functions[f].spirvRequirements);
  m_->functions[f].spirvDecorations = decorationsOf(fd->attributes, fd->range);
  if (resources.empty())
    functions_[fd] = f;
  else
    specializations_[{fd, key}] = f;
  pendingBodies_.push_back({fd, f, resources});
  return f;
}

void Lowerer::lowerFunctionBody(ast::FunctionDecl* fd, Handle<ir::Function> f, const ResourceArgs& resources) {
  if (!fd->body) unsupported(fd->range, "a function without a body");
  // The resource parameters stand for their globals while the body is lowered.
  struct Bind {
    std::unordered_map<const ast::Decl*, GlobalRef>& map;
    const ResourceArgs& rs;
    Bind(std::unordered_map<const ast::Decl*, GlobalRef>& m, const ResourceArgs& r) : map(m), rs(r) {
      for (const ResourceArg& a : rs)
        if (a.path.empty() && !a.interpolant) map[a.param] = a.ref;
    }
    ~Bind() {
      for (const ResourceArg& a : rs)
        if (a.path.empty() && !a.interpolant) map.erase(a.param);
    }
  } bind(globals_, resources);
  // Interpolant parameters stand for their inputs (lower_interpolant.cpp); a body lowered
  // early, inside another's, keeps the outer binding apart.
  std::unordered_map<const ast::Decl*, Interpolant> outerInterpolants;
  outerInterpolants.swap(interpolantParams_);
  struct Restore {
    std::unordered_map<const ast::Decl*, Interpolant>& cur;
    std::unordered_map<const ast::Decl*, Interpolant>& outer;
    ~Restore() { cur.swap(outer); }
  } restore{interpolantParams_, outerInterpolants};
  for (const ResourceArg& a : resources)
    if (a.interpolant) interpolantParams_[a.param] = Interpolant{a.ref.global, a.path};
  ir::FunctionBuilder b = mb_->build(f);
  fb_ = &b;
  loweredBodies_.insert(f.index);
  locals_.clear();
  ptrArgs_.clear();
  curReturn_ = fd->returnType && fd->returnType->isResource() ? &returnedRes_[f.index] : nullptr;
  resetResourceState();
  seedResourceArgs(resources);  // the resources inside struct parameters (lower_resources.cpp)
  returnType_ = fd->returnType;
  returnIrType_ = m_->functions[f].result ? m_->functions[f].result->type : Handle<ir::Type>{};
  hasThis_ = hasThisParam(fd);
  thisType_ = hasThis_ ? fd->owner->type : nullptr;
  b.setRange(fd->range);
  scope_ = ~0u;
  uint32_t arg = hasThis_ ? 1 : 0;  // IR argument index (`this` first; resource parameters have none)
  for (size_t i = 0; i < fd->params.size(); ++i) {
    ast::ParamDecl* p = fd->params[i];
    if (p->type && resourceOrArray(p->type)) continue;
    if (globalParams_.count(p)) continue;  // (lvalue() finds its variable)
    uint32_t ai = arg++;
    if (p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut || (p->type && p->type->isRayQuery())) {
      ptrArgs_[p] = ai;  // (a RayQuery: by reference, lower_call.cpp)
      continue;
    }
    // Parameters are mutable in HLSL: copy into a local.
    uint32_t l = b.addLocal(std::string(p->name.str()), m_->functions[f].arguments[ai].type);
    b.fn().locals[l].declRange = p->nameRange;
    b.fn().locals[l].parameter = uint32_t(i + 1);
    // (An entry point's parameters decorate its stage variables instead.)
    if (!entryDecls_.count(fd)) b.fn().locals[l].spirvDecorations = decorationsOf(p->attributes, p->range, p->type);
    b.store(b.local(l), b.arg(ai));
    locals_[p] = l;
  }
  stmt(fd->body);
  b.finish();
  fb_ = nullptr;
}

// ---------------------------------------------------------------- driver

std::unique_ptr<ir::Module> Lowerer::run() {
  uint32_t errorsBefore = diags_.errorCount();
  lowerGlobals();
  globalRequirements();
  for (const sema::EntryPoint& ep : program_.entryPoints) {
    try {
      lowerEntryPoint(ep);
    } catch (LowerAbort&) {
      fb_ = nullptr;
    }
  }
  // Bodies of every function reached (declaring a callee queues it).
  for (size_t i = 0; i < pendingBodies_.size(); ++i) {
    PendingBody pb = pendingBodies_[i];              // a copy: lowering may queue more bodies
    if (loweredBodies_.count(pb.f.index)) continue;  // lowered early (returns a resource)
    try {
      lowerFunctionBody(pb.fd, pb.f, pb.resources);
    } catch (LowerAbort&) {
      fb_ = nullptr;
    }
  }
  assignAllBindings();
  if (diags_.errorCount() > errorsBefore) return nullptr;
  if (opts_.validateIR && !ir::validate(*m_, diags_)) return nullptr;
  return std::move(m_);
}

std::unique_ptr<ir::Module> lowerProgram(const ast::TranslationUnit& tu, const sema::Program& program,
                                         const sema::Sema& sema, const LowerOptions& options, DiagEngine& diags) {
  Lowerer l(tu, program, sema, options, diags);
  return l.run();
}

}  // namespace oneshader::lower
