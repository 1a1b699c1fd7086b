// Buffer memory layout (see layout.hpp for the rules).
#include "lower/layout.hpp"

#include <algorithm>

namespace oneshader::lower {
namespace {

uint32_t roundUp(uint32_t v, uint32_t a) { return a == 0 ? v : (v + a - 1) / a * a; }

uint32_t scalarBytes(ir::Scalar s) {
  if (s.kind == ir::ScalarKind::Bool) return 4;  // stored as a 32-bit value in buffers
  return s.width / 8;
}

// A vector of `size` bytes at `offset` improperly straddles a 16-byte boundary.
bool improperStraddle(uint32_t size, uint32_t offset) {
  return size <= 16 ? offset / 16 != (offset + size - 1) / 16 : offset % 16 != 0;
}

}  // namespace

const char* layoutRuleName(LayoutRule r) {
  switch (r) {
    case LayoutRule::RelaxedStd140: return "vector-relaxed std140";
    case LayoutRule::RelaxedStd430: return "vector-relaxed std430";
    case LayoutRule::DxCBuffer: return "dx cbuffer";
    case LayoutRule::DxStructured: return "dx structured";
    case LayoutRule::Scalar: return "scalar";
    case LayoutRule::Std140: return "std140";
    case LayoutRule::Std430: return "std430";
  }
  return "?";
}

LayoutRule layoutRuleFor(LayoutOption option, BufferClass cls) {
  switch (option) {
    case LayoutOption::Default:
      return cls == BufferClass::Uniform ? LayoutRule::RelaxedStd140 : LayoutRule::RelaxedStd430;
    case LayoutOption::DirectX: return cls == BufferClass::Uniform ? LayoutRule::DxCBuffer : LayoutRule::DxStructured;
    case LayoutOption::Scalar: return LayoutRule::Scalar;
    case LayoutOption::OpenGL: return cls == BufferClass::Uniform ? LayoutRule::Std140 : LayoutRule::Std430;
  }
  return LayoutRule::RelaxedStd430;
}

ir::MatrixLayout LayoutEngine::irMajor(HlslMajor m) const {
  bool hlslRowMajor = m == HlslMajor::RowMajor || (m == HlslMajor::Default && defaultRowMajor_);
  return hlslRowMajor ? ir::MatrixLayout::ColMajor : ir::MatrixLayout::RowMajor;
}

ir::MatrixLayout LayoutEngine::resolve(ir::MatrixLayout m) const {
  return m == ir::MatrixLayout::None ? irMajor(HlslMajor::Default) : m;
}

// One vector of a matrix in memory: (number of vectors, components per vector).
static void matrixVectors(const ir::Type& t, ir::MatrixLayout m, uint32_t& count, uint32_t& len) {
  if (m == ir::MatrixLayout::ColMajor) {
    count = t.columns;
    len = t.size;
  } else {
    count = t.size;
    len = t.columns;
  }
}

uint32_t LayoutEngine::matrixStride(ir::Handle<ir::Type> h, ir::MatrixLayout major) const {
  const ir::Type* t = &types_[h];
  while (t->kind == ir::TypeKind::Array) t = &types_[t->base];
  if (t->kind != ir::TypeKind::Matrix) return 0;
  uint32_t count = 0, len = 0;
  matrixVectors(*t, resolve(major), count, len);
  uint32_t w = scalarBytes(t->scalar);
  switch (rule_) {
    case LayoutRule::Scalar:
    case LayoutRule::DxStructured: return len * w;
    case LayoutRule::RelaxedStd140:
    case LayoutRule::Std140:
    case LayoutRule::DxCBuffer: return roundUp(w * (len == 3 ? 4 : len), 16);
    case LayoutRule::RelaxedStd430:
    case LayoutRule::Std430: return w * (len == 3 ? 4 : len);
  }
  return 0;
}

SizeAlign LayoutEngine::sizeAlign(ir::Handle<ir::Type> h, ir::MatrixLayout major) const {
  const ir::Type& t = types_[h];
  const bool elemAligned =
      rule_ == LayoutRule::Scalar || rule_ == LayoutRule::DxStructured || rule_ == LayoutRule::DxCBuffer;
  switch (t.kind) {
    case ir::TypeKind::Scalar:
    case ir::TypeKind::Atomic: {
      uint32_t w = scalarBytes(t.scalar);
      return {w, w};
    }
    case ir::TypeKind::Vector: {
      uint32_t w = scalarBytes(t.scalar);
      uint32_t n = t.size;
      return {n * w, elemAligned ? w : (n == 3 ? 4 : n) * w};
    }
    case ir::TypeKind::Matrix: {
      uint32_t count = 0, len = 0;
      matrixVectors(t, resolve(major), count, len);
      uint32_t w = scalarBytes(t.scalar);
      uint32_t stride = matrixStride(h, major);
      switch (rule_) {
        case LayoutRule::Scalar:
        case LayoutRule::DxStructured: return {count * len * w, w};
        case LayoutRule::DxCBuffer: return {stride * (count - 1) + len * w, stride};
        case LayoutRule::RelaxedStd140:
        case LayoutRule::RelaxedStd430:
        case LayoutRule::Std140:
        case LayoutRule::Std430: return {count * stride, stride};
      }
      return {};
    }
    case ir::TypeKind::Array: {
      SizeAlign e = elementForArray(t.base, major);
      uint32_t stride = t.stride ? t.stride : strideOf(e);
      uint32_t align = e.align;
      if (isStd140Like(rule_) || rule_ == LayoutRule::DxCBuffer) align = roundUp(align, 16);
      if (t.arraySize == 0) return {0, align};
      if (rule_ == LayoutRule::DxCBuffer) return {e.size + stride * (t.arraySize - 1), align};
      return {stride * t.arraySize, align};
    }
    case ir::TypeKind::Struct: {
      uint32_t align = 0;
      for (const ir::StructMember& m : t.members) align = std::max(align, sizeAlign(m.type, m.matrixLayout).align);
      // An empty struct still starts a new 16-byte slot in a cbuffer (std140 and FXC rules).
      if (t.members.empty()) align = 1;
      if (isStd140Like(rule_) || rule_ == LayoutRule::DxCBuffer) align = roundUp(align, 16);
      return {t.structSize, align};
    }
    case ir::TypeKind::Pointer:  // vk::BufferPointer: a 64-bit address
      return {8, 8};
    case ir::TypeKind::SpirvType:  // vk::SpirvType: its own size and alignment under every rule
      return {t.spirvSize, std::max<uint32_t>(t.spirvAlign, 1)};
    default: return {0, 1};
  }
}

SizeAlign LayoutEngine::elementForArray(ir::Handle<ir::Type> elem, ir::MatrixLayout major) const {
  return sizeAlign(elem, major);
}

uint32_t LayoutEngine::strideOf(SizeAlign e) const {
  uint32_t align = e.align;
  if (isStd140Like(rule_) || rule_ == LayoutRule::DxCBuffer) align = roundUp(align, 16);
  return roundUp(e.size, align);
}

uint32_t LayoutEngine::arrayStride(ir::Handle<ir::Type> elem, HlslMajor major) const {
  return strideOf(sizeAlign(elem, irMajor(major)));
}

ir::Handle<ir::Type> LayoutEngine::array(ir::Handle<ir::Type> elem, uint32_t count, HlslMajor major) {
  uint32_t stride = arrayStride(elem, major);
  return count == 0 ? types_.runtimeArray(elem, stride) : types_.array(elem, count, stride);
}

static bool containsMatrix(const ir::TypeArena& types, ir::Handle<ir::Type> h) {
  const ir::Type* t = &types[h];
  while (t->kind == ir::TypeKind::Array) t = &types[t->base];
  return t->kind == ir::TypeKind::Matrix;
}

ir::Handle<ir::Type> LayoutEngine::structure(std::string name, const std::vector<Member>& members) {
  const bool relaxed = isVectorRelaxed(rule_);
  std::vector<ir::StructMember> out;
  out.reserve(members.size());
  uint32_t offset = 0, maxAlign = 1;
  for (const Member& m : members) {
    ir::MatrixLayout major = irMajor(m.major);
    SizeAlign sa = sizeAlign(m.type, major);
    const ir::Type& mt = types_[m.type];
    if (relaxed) {
      uint32_t fieldAlign = sa.align;
      bool isVector = mt.kind == ir::TypeKind::Vector;
      if (isVector) {
        uint32_t w = scalarBytes(mt.scalar);
        if (w <= 4) fieldAlign = w;
      }
      offset = roundUp(offset, fieldAlign);
      if (isVector && improperStraddle(sa.size, offset)) offset = roundUp(offset, 16);
    } else {
      offset = roundUp(offset, sa.align);
    }
    if (m.offset) offset = *m.offset;
    ir::StructMember sm;
    sm.name = m.name;
    sm.type = m.type;
    sm.offset = offset;
    if (containsMatrix(types_, m.type)) {
      sm.matrixLayout = major;
      sm.matrixStride = matrixStride(m.type, major);
    }
    out.push_back(std::move(sm));
    maxAlign = std::max(maxAlign, sa.align);
    offset += sa.size;
  }
  uint32_t size = offset;
  if (!members.empty()) {
    switch (rule_) {
      case LayoutRule::Scalar:
      case LayoutRule::DxCBuffer: break;
      case LayoutRule::RelaxedStd140:
      case LayoutRule::Std140: size = roundUp(size, roundUp(maxAlign, 16)); break;
      case LayoutRule::RelaxedStd430:
      case LayoutRule::Std430:
      case LayoutRule::DxStructured: size = roundUp(size, maxAlign); break;
    }
  }
  return types_.structure(std::move(name), std::move(out), size);
}

ir::Handle<ir::Type> LayoutEngine::layOut(ir::Handle<ir::Type> h, HlslMajor major) {
  const ir::Type t = types_[h];  // copy: the arena may grow below
  switch (t.kind) {
    case ir::TypeKind::Array: {
      ir::Handle<ir::Type> elem = layOut(t.base, major);
      return array(elem, t.arraySize, major);
    }
    case ir::TypeKind::Struct: {
      std::vector<Member> ms;
      ms.reserve(t.members.size());
      for (const ir::StructMember& m : t.members) {
        HlslMajor mm = major;
        if (m.matrixLayout == ir::MatrixLayout::ColMajor) mm = HlslMajor::RowMajor;
        if (m.matrixLayout == ir::MatrixLayout::RowMajor) mm = HlslMajor::ColumnMajor;
        ms.push_back(Member{m.name, layOut(m.type, mm), mm, std::nullopt});
      }
      return structure(t.name, ms);
    }
    default: return h;
  }
}

std::vector<uint32_t> LayoutEngine::offsets(ir::Handle<ir::Type> structType) const {
  std::vector<uint32_t> r;
  for (const ir::StructMember& m : types_[structType].members) r.push_back(m.offset);
  return r;
}

}  // namespace oneshader::lower
