#include "sema/type.hpp"

#include <cassert>
#include <algorithm>

namespace oneshader::sema {

namespace {
struct ResInfo {
  const char* name;
  uint8_t templ;
  bool writable;
};
constexpr ResInfo kRes[] = {
#define OS_RESOURCE(id, spelling, templ, writable) {spelling, templ, writable != 0},
#include "sema/resources.def"
#undef OS_RESOURCE
};
}  // namespace

uint32_t scalarBits(ScalarKind k) {
  switch (k) {
    case ScalarKind::Int16:
    case ScalarKind::Uint16:
    case ScalarKind::Half: return 16;
    case ScalarKind::Int64:
    case ScalarKind::Uint64:
    case ScalarKind::Double:
    case ScalarKind::LiteralInt:
    case ScalarKind::LiteralFloat: return 64;
    default: return 32;
  }
}

int scalarRank(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return 0;
    case ScalarKind::Int16: return 1;
    case ScalarKind::Uint16: return 2;
    case ScalarKind::LiteralInt: return 3;  // adopts the other operand's type (see Sema)
    case ScalarKind::Int: return 4;
    case ScalarKind::Uint: return 5;
    case ScalarKind::Int64: return 6;
    case ScalarKind::Uint64: return 7;
    case ScalarKind::LiteralFloat: return 8;
    case ScalarKind::Half: return 9;
    case ScalarKind::Float: return 10;
    case ScalarKind::Double: return 11;
  }
  return 0;
}

const char* scalarKindName(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int16: return "int16_t";
    case ScalarKind::Uint16: return "uint16_t";
    case ScalarKind::Int: return "int";
    case ScalarKind::Uint: return "uint";
    case ScalarKind::Int64: return "int64_t";
    case ScalarKind::Uint64: return "uint64_t";
    case ScalarKind::Half: return "half";
    case ScalarKind::Float: return "float";
    case ScalarKind::Double: return "double";
    case ScalarKind::LiteralInt: return "literal int";
    case ScalarKind::LiteralFloat: return "literal float";
  }
  return "?";
}

const char* resourceKindName(ResourceKind k) { return kRes[static_cast<size_t>(k)].name; }
bool resourceHasElementType(ResourceKind k) { return kRes[static_cast<size_t>(k)].templ != 0; }
bool resourceIsWritable(ResourceKind k) { return kRes[static_cast<size_t>(k)].writable; }
bool lookupResourceKind(std::string_view name, ResourceKind& out) {
  for (size_t i = 0; i < sizeof(kRes) / sizeof(kRes[0]); ++i) {
    if (name == kRes[i].name) {
      out = static_cast<ResourceKind>(i);
      return true;
    }
  }
  return false;
}

const Type* Type::componentType() const {
  switch (kind_) {
    case TypeKind::Scalar: return this;
    case TypeKind::Vector:
    case TypeKind::Matrix: return elem_;
    case TypeKind::Enum: return elem_;
    default: return nullptr;
  }
}

uint32_t Type::componentCount() const {
  switch (kind_) {
    case TypeKind::Scalar:
    case TypeKind::Enum: return 1;
    case TypeKind::Vector: return n_;
    case TypeKind::Matrix: return n_ * m_;
    default: return 0;
  }
}

bool Type::relaxedPrecision() const {
  const Type* c = componentType();
  if (!c || c->kind_ != TypeKind::Scalar) return false;
  return c->spelling_ != ScalarSpelling::Plain && c->spelling_ != ScalarSpelling::HalfAsFloat &&
         c->spelling_ != ScalarSpelling::Int8Packed && c->spelling_ != ScalarSpelling::Uint8Packed &&
         scalarBits(c->scalar_) == 32;
}

const StructField* Type::findField(ast::Ident name) const {
  for (const auto& f : fields_)
    if (f.name == name) return &f;
  for (const auto& f : packedFields_)
    if (f.name == name) return &f;
  return nullptr;
}

static std::string scalarSpellingName(const Type* t) {
  switch (t->spelling()) {
    case ScalarSpelling::Min16Float: return "min16float";
    case ScalarSpelling::Min10Float: return "min10float";
    case ScalarSpelling::Min16Int: return "min16int";
    case ScalarSpelling::Min12Int: return "min12int";
    case ScalarSpelling::Min16Uint: return "min16uint";
    case ScalarSpelling::HalfAsFloat: return "half";
    case ScalarSpelling::Int8Packed: return "int8_t4_packed";
    case ScalarSpelling::Uint8Packed: return "uint8_t4_packed";
    case ScalarSpelling::Plain: break;
  }
  return scalarKindName(t->scalarKind());
}

std::string Type::toString() const {
  switch (kind_) {
    case TypeKind::Void: return "void";
    case TypeKind::Error: return "<error>";
    case TypeKind::String: return "string";
    case TypeKind::Scalar: return scalarSpellingName(this);
    case TypeKind::Vector: {
      if (isLiteralKind(elem_->scalar_)) return "vector<" + scalarSpellingName(elem_) + ", " + std::to_string(n_) + ">";
      return scalarSpellingName(elem_) + std::to_string(n_);
    }
    case TypeKind::Matrix: {
      std::string s = flag_ ? "row_major " : "";
      return s + scalarSpellingName(elem_) + std::to_string(n_) + "x" + std::to_string(m_);
    }
    case TypeKind::Array: {
      // Innermost dimensions print last: float[4][2] is array(array(float,2),4).
      std::string dims;
      const Type* t = this;
      while (t->kind_ == TypeKind::Array) {
        dims += t->flag_ ? "[]" : "[" + std::to_string(t->n_) + "]";
        t = t->elem_;
      }
      return t->toString() + dims;
    }
    case TypeKind::Struct:
    case TypeKind::Enum: return name_;
    case TypeKind::Resource: {
      std::string s = resourceKindName(res_);
      if (rov_) s = "RasterizerOrdered" + s.substr(2);  // after "RW"
      if (flag_) {                                      // vk::SampledTexture2D, vk::SampledTextureCUBE (DXC's spelling)
        std::string dim = s.substr(7);                  // after "Texture"
        if (dim.compare(0, 4, "Cube") == 0) dim = "CUBE" + dim.substr(4);
        s = "vk::SampledTexture" + dim;
      }
      if (elem_) s += "<" + elem_->toString() + ">";
      return s;
    }
    case TypeKind::RayQuery:
      return "RayQuery<" + std::to_string(n_) + (m_ ? ", " + std::to_string(m_) : std::string()) + ">";
    case TypeKind::BufferPointer:
      return "BufferPointer<" + elem_->toString() + (n_ ? ", " + std::to_string(n_) : std::string()) + ">";
    case TypeKind::SpirvType: {
      std::string s =
          flag_ ? "vk::SpirvOpaqueType<" + std::to_string(n_)
                : "vk::SpirvType<" + std::to_string(n_) + ", " + std::to_string(m_) + ", " + std::to_string(align_);
      for (const Type* p : params_) s += ", " + p->toString();
      return s + ">";
    }
    case TypeKind::IntegralConstant:
      return "vk::integral_constant<" + elem_->toString() + ", " + std::to_string(value_) + ">";
    case TypeKind::SpirvLiteral: return "vk::Literal<" + elem_->toString() + ">";
    case TypeKind::DescriptorHeap: {
      std::string s = n_ ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap";
      return flag_ ? "an entry of " + s : s;
    }
    case TypeKind::Function: {
      std::string s = elem_->toString() + "(";
      for (size_t i = 0; i < params_.size(); ++i) {
        if (i) s += ", ";
        s += params_[i]->toString();
      }
      return s + ")";
    }
  }
  return "?";
}

// ---------------------------------------------------------------------------
TypeContext::TypeContext() {
  void_ = make(TypeKind::Void);
  error_ = make(TypeKind::Error);
  string_ = make(TypeKind::String);
  for (int sampler = 0; sampler < 2; ++sampler)
    for (int entry = 0; entry < 2; ++entry) {
      Type* t = make(TypeKind::DescriptorHeap);
      t->n_ = uint32_t(sampler);
      t->flag_ = entry != 0;
      heaps_[sampler][entry] = t;
    }
}

Type* TypeContext::make(TypeKind k) {
  types_.emplace_back();
  Type* t = &types_.back();
  t->kind_ = k;
  return t;
}

const Type* TypeContext::scalar(ScalarKind k, ScalarSpelling s) {
  auto key = std::make_pair(int(k), int(s));
  auto it = scalars_.find(key);
  if (it != scalars_.end()) return it->second;
  Type* t = make(TypeKind::Scalar);
  t->scalar_ = k;
  t->spelling_ = s;
  scalars_.emplace(key, t);
  return t;
}

const Type* TypeContext::vector(const Type* s, uint32_t n) {
  assert(s && s->isScalar());
  auto key = std::make_pair(s, n);
  auto it = vectors_.find(key);
  if (it != vectors_.end()) return it->second;
  Type* t = make(TypeKind::Vector);
  t->elem_ = s;
  t->n_ = n;
  vectors_.emplace(key, t);
  return t;
}

const Type* TypeContext::matrix(const Type* s, uint32_t rows, uint32_t cols, bool rowMajor) {
  assert(s && s->isScalar());
  auto key = std::make_tuple(s, rows, cols, rowMajor);
  auto it = matrices_.find(key);
  if (it != matrices_.end()) return it->second;
  Type* t = make(TypeKind::Matrix);
  t->elem_ = s;
  t->n_ = rows;
  t->m_ = cols;
  t->flag_ = rowMajor;
  matrices_.emplace(key, t);
  return t;
}

const Type* TypeContext::array(const Type* elem, uint32_t n) {
  auto key = std::make_tuple(elem, n, false);
  auto it = arrays_.find(key);
  if (it != arrays_.end()) return it->second;
  Type* t = make(TypeKind::Array);
  t->elem_ = elem;
  t->n_ = n;
  arrays_.emplace(key, t);
  return t;
}

const Type* TypeContext::unsizedArray(const Type* elem) {
  auto key = std::make_tuple(elem, 0u, true);
  auto it = arrays_.find(key);
  if (it != arrays_.end()) return it->second;
  Type* t = make(TypeKind::Array);
  t->elem_ = elem;
  t->flag_ = true;
  arrays_.emplace(key, t);
  return t;
}

const Type* TypeContext::bufferPointer(const Type* pointee, uint32_t alignment) {
  auto key = std::make_pair(pointee, alignment);
  auto it = bufferPointers_.find(key);
  if (it != bufferPointers_.end()) return it->second;
  Type* t = make(TypeKind::BufferPointer);
  t->elem_ = pointee;
  t->n_ = alignment;
  bufferPointers_.emplace(key, t);
  return t;
}

const Type* TypeContext::spirvType(uint32_t opcode, uint32_t size, uint32_t alignment, bool opaque,
                                   const std::vector<const Type*>& operands) {
  auto key = std::make_tuple(opcode, size, alignment, opaque, operands);
  auto it = spirvTypes_.find(key);
  if (it != spirvTypes_.end()) return it->second;
  Type* t = make(TypeKind::SpirvType);
  t->n_ = opcode;
  t->m_ = size;
  t->align_ = alignment;
  t->flag_ = opaque;
  t->params_ = operands;
  spirvTypes_.emplace(std::move(key), t);
  return t;
}

const Type* TypeContext::integralConstant(const Type* ct, int64_t value) {
  auto key = std::make_pair(ct, value);
  auto it = integralConstants_.find(key);
  if (it != integralConstants_.end()) return it->second;
  Type* t = make(TypeKind::IntegralConstant);
  t->elem_ = ct;
  t->value_ = value;
  integralConstants_.emplace(key, t);
  return t;
}

const Type* TypeContext::spirvLiteral(const Type* c) {
  auto it = spirvLiterals_.find(c);
  if (it != spirvLiterals_.end()) return it->second;
  Type* t = make(TypeKind::SpirvLiteral);
  t->elem_ = c;
  spirvLiterals_.emplace(c, t);
  return t;
}

const Type* TypeContext::rayQuery(uint32_t flags, uint32_t flags2) {
  auto key = std::make_pair(flags, flags2);
  auto it = rayQueries_.find(key);
  if (it != rayQueries_.end()) return it->second;
  Type* t = make(TypeKind::RayQuery);
  t->n_ = flags;
  t->m_ = flags2;
  rayQueries_.emplace(key, t);
  return t;
}

const Type* TypeContext::resource(ResourceKind k, const Type* elem, bool sampled, bool rasterOrdered) {
  auto key = std::make_pair(int(k) | (sampled ? 0x100 : 0) | (rasterOrdered ? 0x200 : 0), elem);
  auto it = resources_.find(key);
  if (it != resources_.end()) return it->second;
  Type* t = make(TypeKind::Resource);
  t->res_ = k;
  t->elem_ = elem;
  t->flag_ = sampled;
  t->rov_ = rasterOrdered;
  resources_.emplace(key, t);
  return t;
}

const Type* TypeContext::function(const Type* ret, std::span<const Type* const> params) {
  std::vector<const Type*> key;
  key.push_back(ret);
  key.insert(key.end(), params.begin(), params.end());
  auto it = functions_.find(key);
  if (it != functions_.end()) return it->second;
  Type* t = make(TypeKind::Function);
  t->elem_ = ret;
  t->params_.assign(params.begin(), params.end());
  functions_.emplace(std::move(key), t);
  return t;
}

const Type* TypeContext::structType(ast::StructDecl* d, std::string displayName) {
  auto it = nominal_.find(d);
  if (it != nominal_.end()) return it->second;
  Type* t = make(TypeKind::Struct);
  t->struct_ = d;
  t->name_ = std::move(displayName);
  nominal_.emplace(d, t);
  return t;
}

void TypeContext::rebindStruct(const Type* st, ast::StructDecl* d) {
  Type* t = const_cast<Type*>(st);
  t->struct_ = d;
  nominal_[d] = st;
}

void TypeContext::setStructFields(const Type* st, std::vector<StructField> fields, std::vector<StructField> packed) {
  // Types are owned here; the struct's field list is completed after its members are checked.
  const_cast<Type*>(st)->fields_ = std::move(fields);
  const_cast<Type*>(st)->packedFields_ = std::move(packed);
}

const Type* TypeContext::enumType(ast::EnumDecl* d, const Type* underlying, std::string displayName) {
  auto it = nominal_.find(d);
  if (it != nominal_.end()) return it->second;
  Type* t = make(TypeKind::Enum);
  t->enum_ = d;
  t->elem_ = underlying;
  t->name_ = std::move(displayName);
  nominal_.emplace(d, t);
  return t;
}

const Type* TypeContext::withComponent(const Type* shapeOf, const Type* component) {
  switch (shapeOf->kind()) {
    case TypeKind::Vector: return vector(component, shapeOf->vectorSize());
    case TypeKind::Matrix: return matrix(component, shapeOf->rows(), shapeOf->cols(), shapeOf->rowMajor());
    default: return component;
  }
}

uint64_t clangSizeOf(const Type* x, uint64_t* alignOut) {
  uint64_t ignored = 1;
  uint64_t& align = alignOut ? *alignOut : ignored;
  if (x->isEnum()) x = x->underlyingType();
  if (x->isNumeric()) {
    ScalarKind k = x->componentType()->scalarKind();
    uint64_t w = k == ScalarKind::Bool ? 4 : scalarBits(k) / 8;
    align = std::max(align, w);
    return w * x->componentCount();
  }
  if (x->isSpirvType() && !x->isSpirvOpaque()) {  // vk::SpirvType<op, size, alignment, ...>
    align = std::max<uint64_t>(align, std::max<uint32_t>(x->spirvAlignment(), 1));
    return x->spirvSize();
  }
  if (x->isArray() && !x->isUnsizedArray()) {
    uint64_t el = clangSizeOf(x->elementType(), &align);
    return el == UINT64_MAX ? el : el * x->arraySize();
  }
  if (x->isBufferPointer()) {
    align = std::max<uint64_t>(align, 8);
    return 8;
  }
  if (x->isStruct()) {
    uint64_t size = 0, structAlign = 1;
    for (const StructField& f : x->fields()) {
      uint64_t a = 1;
      uint64_t fs = clangSizeOf(f.type, &a);
      if (fs == UINT64_MAX) return UINT64_MAX;
      size = (size + a - 1) / a * a + fs;
      structAlign = std::max(structAlign, a);
    }
    align = std::max(align, structAlign);
    return (size + structAlign - 1) / structAlign * structAlign;
  }
  return UINT64_MAX;
}

}  // namespace oneshader::sema
