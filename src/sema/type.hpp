// Semantic types of HLSL, interned in a TypeContext: two types are the same iff their
// pointers are equal. Sema writes them into the AST (Expr::type, VarDecl::type,
// TypeSpec::resolved, FunctionDecl::returnType, StructDecl::type); lowering reads them.
//
// ============================================================================
// THE ANNOTATION CONTRACT: what Sema guarantees to lowering when check() returns true
// (no errors were reported). With errors, the tree is still well-formed (every Expr has a
// type, possibly the error type) but lowering must not run.
//
//  1. Every Expr has a non-null `type`. The error type never appears after a successful
//     check. Literal types (LiteralInt / LiteralFloat) never appear either: every literal
//     and every constant subexpression built only from literals is given a concrete type
//     (int, uint, float, ... as the context requires).
//  2. `isLValue` is set on every expression that designates storage (variables,
//     parameters, fields, swizzles without duplicates, array/vector/matrix/buffer
//     elements).
//  3. Every implicit conversion is an explicit ImplicitCastExpr node whose type is the
//     destination type and whose `castKind` names the conversion (see CastKind in
//     ast.hpp). Shape conversions and element conversions are separate nodes, shape
//     reduction first, element conversion next, splat last:
//     `float3 v = i;` is ImplicitCast(VectorSplat, float3) over ImplicitCast(IntToFloat,
//     float) over DeclRef(int); `int3 t = f4;` is IntegralCast... over VectorTruncate.
//     VectorTruncate keeps the leading components; VectorToScalar takes component 0 (also
//     of a matrix or a float1); MatrixTruncate keeps the top-left block; NoOp changes only
//     the spelling/layout (enum -> underlying int, row_major vs column_major). Argument
//     conversions of calls, return values, initializers, assignment right-hand sides,
//     conditions (ToBool to a bool scalar), indices and operands of binary operators are
//     all explicit, so the two operands of every BinaryExpr except `,` and `&&`/`||` (both
//     bool) have the same type, the common type (for comparisons: bool of that shape is
//     the result). Shifts: both operands have the left operand's (promoted) type.
//     A constant expression of literals converted to a type is ONE literal of that type,
//     folded at 64 bits as DXC does (`uint x = 1;` is IntLiteral:uint, `uint g = -1` is
//     4294967295:uint, `float f = 1;` is FloatLiteral 1:float, `0.1 * 0.05` next to a float
//     is one FloatLiteral:float holding the double product rounded once; a bool
//     destination gets a BoolLiteral). Its `foldedFrom` is the subtree as written (still
//     literal-typed, not part of the checked tree). A non-constant literal expression has
//     the destination type pushed down to its leaves.
//  4. Compound assignments (`a += b`) and increments are typed: the BinaryExpr has the
//     type of the left-hand side; its rhs has been converted to the *computation type*
//     Sema::compoundComputationType(expr) (the common type of lhs and rhs with lhs's
//     shape): for `int n; n += 1.5;` the rhs is float, lowering computes
//     float(n) + 1.5 and converts back to int. Unary ++/-- have the operand's type.
//  5. DeclRefExpr::decl is set (VarDecl / ParamDecl / FieldDecl / EnumConstantDecl).
//     A FieldDecl means `this.field` inside a method. Names of cbuffer members refer to
//     the member VarDecl whose parent is the CBufferDecl. Enum constants have
//     EnumConstantDecl::constValue.
//  6. Calls are resolved: a user function call has CallExpr::callee (always the decl with
//     the body: calls to prototypes are redirected to the definition; for templates the
//     instantiated FunctionDecl, listed in Program::functions); an intrinsic call has
//     CallExpr::intrinsic = IntrinsicId; a method call on a built-in object
//     (`buf.Load(i)`, `tot.InterlockedAdd(0, v)`) has `object` set and the intrinsic id;
//     a method call on a struct has `object` and `callee` (the method); a method called
//     without object inside another method of the same struct (`add(v)`) has callee set
//     and object == nullptr: the object is `this`. Missing trailing arguments take the
//     ParamDecl::init default (already converted to the parameter type; Sema appends it
//     to CallExpr::args, so user calls have one argument per parameter). Out/inout
//     arguments are modifiable l-values, of the parameter type or of another numeric type
//     that converts both ways (lowering converts on copy-in and copy-out, as DXC); for the
//     `original_value` out argument of Interlocked*, an int where the destination is uint
//     or the reverse is accepted: same width, bit-cast on store. GetDimensions outputs may
//     be any numeric scalar (converted from the uint result).
//     ConstructExpr `float4(v2, 1, 2)` has the constructed type; each argument keeps its
//     shape and has been converted to the constructed component type; they are
//     flattened in order.
//     An explicit CastExpr's `sub` has already been converted to the cast type through
//     ImplicitCastExprs, so the CastExpr itself is a no-op -- except (S)0 / (float[4])x:
//     then sub is ImplicitCast(Flat, S) over the scalar: every leaf gets the value.
//     ImplicitCast(Flat, T) over a non-scalar (a struct, array, vector or matrix, explicit
//     or, between aggregates of the same leaf types, implicit): T's leaves are the
//     operand's leading scalar leaves in order (vector components, matrix rows, array
//     elements, fields), each converted to T's leaf type. ImplicitCast(NoOp, S) over a
//     ConstantBuffer<S> / TextureBuffer<S> is a copy of the block as an S.
//  7. MemberExpr: `field` for struct members (FieldDecl::index is the position; the base
//     may also be a ConstantBuffer<S>/TextureBuffer<S>, read-only, whose S has the field;
//     with single inheritance `struct D : B` the fields of B come first in D's
//     Type::fields() with the same FieldDecls and indices), or
//     `swizzleLen`/`swizzle[]` (isMatrixSwizzle for `_m01`/`_12`: row * 4 + col).
//     A swizzle of a scalar (`f.xxx`) has swizzle indices 0.
//  8. IndexExpr on a StructuredBuffer/RWStructuredBuffer/Buffer/RWBuffer has the element
//     type (and is an l-value; writes only through RW kinds); on vectors the component
//     type; on matrices the row vector type. The index is an integer scalar; on textures
//     (`Tex[uint2]`, `RWTex[id.xy] = v`) it is uint/uintN with N = textureCoordDims.
//     Texture methods: Sample(s, floatN) / SampleLevel(s, floatN, float) give the element
//     type; Load(intN+1) (RW: intN) uses the BabLoad id (tell by the object's type);
//     GetDimensions([uint mip,] out w, ...[, out levels]) with numeric scalar outputs.
//  9. InitListExpr has the target type. Either (structured form) it has one initializer
//     per array element / struct field / vector or matrix component, each converted to
//     that element's type (nested InitListExprs allowed), or (flat form) its initializers
//     are non-list values whose scalar leaves, in order, fill the target's leaves (their
//     component types already converted to the target component type for vector/matrix
//     targets).
// 10. Constant values: array sizes are in the Array types; [numthreads] and register
//     annotations are in the Program; Sema::constValue(expr) gives the folded value of a
//     constant expression (static const globals and enum constants included).
//     SizeofExpr has type uint and is always constant (Sema::constValue gives the bytes).
// ============================================================================
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "syntax/ast.hpp"

namespace oneshader::sema {

enum class TypeKind : uint8_t {
  Void,
  Error,  // result of an erroneous expression: converts to and from anything silently
  Scalar,
  Vector,
  Matrix,
  Array,
  Struct,
  Resource,  // buffers, textures, samplers, ConstantBuffer<T>
  Function,
  Enum,
  String,         // string literals (attribute args, printf)
  BufferPointer,  // vk::BufferPointer<T, A>: a PhysicalStorageBuffer pointer value (8 bytes)
  // Inline SPIR-V types (shared/design/inline-spirv.md section 9, sema_vk.cpp):
  SpirvType,         // vk::SpirvType<op, size, align, operands...> / vk::SpirvOpaqueType<op, operands...>
  IntegralConstant,  // vk::integral_constant<T, v>: an operand only (the id of a constant)
  SpirvLiteral,      // vk::Literal<vk::integral_constant<T, v>>: an operand only (literal words)
  // SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap (the heap, indexable) and one of
  // its entries (`ResourceDescriptorHeap[i]`: converts to any resource type; lower_heap.cpp).
  DescriptorHeap,
  RayQuery,  // RayQuery<FLAGS[, FLAGS2]>: an inline ray tracing state object (a local variable)
};

// The physical scalar kinds. LiteralInt/LiteralFloat are HLSL's untyped literals, used
// only during checking (see the contract above).
enum class ScalarKind : uint8_t {
  Bool,
  Int16,
  Uint16,
  Int,
  Uint,
  Int64,
  Uint64,
  Half,
  Float,
  Double,
  LiteralInt,
  LiteralFloat,
};

// How the type was spelled when it is a min-precision type, or `half` without
// -enable-16bit-types. The physical kind follows DXC's SPIR-V mapping: with
// -enable-16bit-types, min16float/min10float are half, min16int/min12int int16,
// min16uint uint16; without it they are 32-bit with the RelaxedPrecision decoration.
// `half` without -enable-16bit-types is a 32-bit float (no RelaxedPrecision).
// int8_t4_packed / uint8_t4_packed (SM 6.6) are 32-bit uints spelled apart (DXC: a uint in SPIR-V).
enum class ScalarSpelling : uint8_t {
  Plain,
  Min16Float,
  Min10Float,
  Min16Int,
  Min12Int,
  Min16Uint,
  HalfAsFloat,
  Int8Packed,
  Uint8Packed
};

inline bool isIntegralKind(ScalarKind k) {
  return (k >= ScalarKind::Int16 && k <= ScalarKind::Uint64) || k == ScalarKind::LiteralInt;
}
inline bool isFloatKind(ScalarKind k) {
  return (k >= ScalarKind::Half && k <= ScalarKind::Double) || k == ScalarKind::LiteralFloat;
}
inline bool isSignedKind(ScalarKind k) {
  return k == ScalarKind::Int16 || k == ScalarKind::Int || k == ScalarKind::Int64 || k == ScalarKind::LiteralInt;
}
inline bool isUnsignedKind(ScalarKind k) {
  return k == ScalarKind::Uint16 || k == ScalarKind::Uint || k == ScalarKind::Uint64;
}
inline bool isLiteralKind(ScalarKind k) { return k == ScalarKind::LiteralInt || k == ScalarKind::LiteralFloat; }
// Bit width of the physical kind (bool: 32 as stored in buffers; literals: 64).
uint32_t scalarBits(ScalarKind k);
// Conversion rank used by the usual arithmetic conversions:
// bool < int16 < uint16 < int < uint < int64 < uint64 < half < float < double.
int scalarRank(ScalarKind k);
const char* scalarKindName(ScalarKind k);  // "bool", "int16_t", "uint", "half", "literal int", ...

enum class ResourceKind : uint8_t {
#define OS_RESOURCE(id, spelling, templ, writable) id,
#include "sema/resources.def"
#undef OS_RESOURCE
};
const char* resourceKindName(ResourceKind k);  // HLSL spelling ("RWStructuredBuffer")
bool resourceHasElementType(ResourceKind k);   // takes <T> (possibly defaulted: Texture2D = Texture2D<float4>)
bool resourceIsWritable(ResourceKind k);       // UAV (RW*, Append/Consume)
// Resource kind from its HLSL name; false if `name` is not a resource type.
bool lookupResourceKind(std::string_view name, ResourceKind& out);

class Type;

struct StructField {
  ast::Ident name;
  const Type* type = nullptr;
  ast::FieldDecl* decl = nullptr;
};

class Type {
 public:
  TypeKind kind() const { return kind_; }

  bool isVoid() const { return kind_ == TypeKind::Void; }
  bool isError() const { return kind_ == TypeKind::Error; }
  bool isScalar() const { return kind_ == TypeKind::Scalar; }
  bool isVector() const { return kind_ == TypeKind::Vector; }
  bool isMatrix() const { return kind_ == TypeKind::Matrix; }
  bool isArray() const { return kind_ == TypeKind::Array; }
  bool isStruct() const { return kind_ == TypeKind::Struct; }
  bool isResource() const { return kind_ == TypeKind::Resource; }
  bool isEnum() const { return kind_ == TypeKind::Enum; }
  bool isFunction() const { return kind_ == TypeKind::Function; }
  bool isString() const { return kind_ == TypeKind::String; }
  bool isBufferPointer() const { return kind_ == TypeKind::BufferPointer; }
  bool isSpirvType() const { return kind_ == TypeKind::SpirvType; }
  bool isIntegralConstant() const { return kind_ == TypeKind::IntegralConstant; }
  bool isSpirvLiteral() const { return kind_ == TypeKind::SpirvLiteral; }
  // An operand of an inline SPIR-V type, never the type of a value.
  bool isSpirvOperandOnly() const { return isIntegralConstant() || isSpirvLiteral(); }
  bool isDescriptorHeap() const { return kind_ == TypeKind::DescriptorHeap && !flag_; }
  bool isHeapEntry() const { return kind_ == TypeKind::DescriptorHeap && flag_; }
  bool isSamplerHeap() const { return kind_ == TypeKind::DescriptorHeap && n_; }  // heap or entry
  bool isRayQuery() const { return kind_ == TypeKind::RayQuery; }
  // Scalar, vector or matrix (of any scalar kind, bool included).
  bool isNumeric() const { return kind_ == TypeKind::Scalar || kind_ == TypeKind::Vector || kind_ == TypeKind::Matrix; }
  bool isScalarOrVector() const { return kind_ == TypeKind::Scalar || kind_ == TypeKind::Vector; }
  bool isAggregate() const { return kind_ == TypeKind::Array || kind_ == TypeKind::Struct; }

  // ---- Scalar / vector / matrix ----
  // The scalar type of a scalar/vector/matrix (itself for a scalar; the underlying type
  // for an enum); nullptr otherwise.
  const Type* componentType() const;
  ScalarKind scalarKind() const { return componentType()->scalar_; }  // requires componentType()
  // 1 for scalars, n for vectors, rows*cols for matrices, 0 for anything else.
  uint32_t componentCount() const;
  uint32_t vectorSize() const { return n_; }             // vectors
  uint32_t rows() const { return n_; }                   // matrices
  uint32_t cols() const { return m_; }                   // matrices
  bool rowMajor() const { return flag_; }                // matrices: declared row_major
  ScalarSpelling spelling() const { return spelling_; }  // scalars
  // Decorate with RelaxedPrecision: a min-precision type kept at 32 bits.
  bool relaxedPrecision() const;
  bool isBool() const {
    auto* c = componentType();
    return c && c->scalar_ == ScalarKind::Bool;
  }
  bool isIntegral() const {
    auto* c = componentType();
    return c && isIntegralKind(c->scalar_);
  }
  bool isFloating() const {
    auto* c = componentType();
    return c && isFloatKind(c->scalar_);
  }
  bool isLiteral() const {
    auto* c = componentType();
    return c && isLiteralKind(c->scalar_);
  }

  // ---- Array ----
  const Type* elementType() const { return elem_; }  // arrays; resources (nullptr if none)
  uint32_t arraySize() const { return n_; }          // 0 when unsized
  bool isUnsizedArray() const { return kind_ == TypeKind::Array && flag_; }

  // ---- Struct ----
  ast::StructDecl* structDecl() const { return struct_; }
  // The members as stored: one per field, except that a bitfield packed into the member
  // of the bitfield before it (FieldDecl::index, bitOffset) is not one.
  std::span<const StructField> fields() const { return fields_; }
  // Whether a field is a bitfield (they come first in their storage member).
  bool hasBitfields() const {
    for (const auto& f : fields_)
      if (f.decl && f.decl->bitCount) return true;
    return false;
  }
  const StructField* findField(ast::Ident name) const;  // bitfields packed away too
  std::span<const StructField> packedFields() const { return packedFields_; }

  // ---- Resource ----
  ResourceKind resourceKind() const { return res_; }
  bool isWritableResource() const { return kind_ == TypeKind::Resource && resourceIsWritable(res_); }
  // vk::SampledTexture1D .. vk::SampledTextureCUBEArray<T> (DXC): a combined image sampler
  // as one object. resourceKind() is the Texture kind it samples like (Texture2D for
  // vk::SampledTexture2D); its methods are that texture's without the sampler argument.
  bool isSampledTexture() const { return kind_ == TypeKind::Resource && flag_; }
  // RasterizerOrdered{Buffer,ByteAddressBuffer,StructuredBuffer,Texture1D..3D}: the RW kind
  // of the same name (resourceKind()), accessed in rasterization order (DXC: the RW* type
  // plus fragment shader interlock).
  bool isRasterizerOrdered() const { return kind_ == TypeKind::Resource && rov_; }

  // ---- vk::BufferPointer<T, A> ----
  const Type* pointeeType() const { return elem_; }
  uint32_t pointerAlignment() const { return n_; }  // A (0: not given)

  // ---- vk::SpirvType / vk::SpirvOpaqueType ----
  uint32_t spirvOpcode() const { return n_; }
  uint32_t spirvSize() const { return m_; }  // SpirvType only (opaque: 0)
  uint32_t spirvAlignment() const { return align_; }
  bool isSpirvOpaque() const { return kind_ == TypeKind::SpirvType && flag_; }
  std::span<const Type* const> spirvOperands() const { return params_; }
  // ---- vk::integral_constant<T, v> (T: constantType()) / vk::Literal<C> (C: literalOf()) ----
  const Type* constantType() const { return elem_; }
  int64_t constantValue() const { return value_; }
  const Type* literalOf() const { return elem_; }
  // ---- RayQuery<FLAGS, FLAGS2> ----
  uint32_t rayQueryFlags() const { return n_; }
  uint32_t rayQueryFlags2() const { return m_; }

  // ---- Enum ----
  ast::EnumDecl* enumDecl() const { return enum_; }
  const Type* underlyingType() const { return elem_; }  // enums

  // ---- Function ----
  const Type* returnType() const { return elem_; }
  std::span<const Type* const> paramTypes() const { return params_; }

  // HLSL spelling for diagnostics: "float3", "int2x3", "RWStructuredBuffer<uint>",
  // "float[4]", "S", "min16float", "literal int".
  std::string toString() const;

 private:
  friend class TypeContext;
  TypeKind kind_ = TypeKind::Void;
  ScalarKind scalar_ = ScalarKind::Int;
  ScalarSpelling spelling_ = ScalarSpelling::Plain;
  ResourceKind res_{};
  bool rov_ = false;   // resource: RasterizerOrdered*
  bool flag_ = false;  // matrix: row major; array: unsized; resource: vk::SampledTexture; heap: entry
  uint32_t n_ = 0, m_ = 0;
  uint32_t align_ = 0;          // SpirvType: alignment
  int64_t value_ = 0;           // IntegralConstant: the value
  const Type* elem_ = nullptr;  // vector/matrix: scalar; array/resource: element; enum: underlying; function: return
  ast::StructDecl* struct_ = nullptr;
  ast::EnumDecl* enum_ = nullptr;
  std::vector<StructField> fields_;
  std::vector<StructField> packedFields_;
  std::vector<const Type*> params_;
  std::string name_;  // struct/enum display name
};

// Owns and interns all types. Not thread-safe; one per compilation.
class TypeContext {
 public:
  TypeContext();
  TypeContext(const TypeContext&) = delete;
  TypeContext& operator=(const TypeContext&) = delete;

  const Type* voidType() const { return void_; }
  const Type* errorType() const { return error_; }
  const Type* stringType() const { return string_; }
  const Type* scalar(ScalarKind k, ScalarSpelling s = ScalarSpelling::Plain);
  const Type* boolType() { return scalar(ScalarKind::Bool); }
  const Type* intType() { return scalar(ScalarKind::Int); }
  const Type* uintType() { return scalar(ScalarKind::Uint); }
  const Type* floatType() { return scalar(ScalarKind::Float); }
  const Type* vector(const Type* scalarType, uint32_t n);  // n in 1..4
  const Type* vector(ScalarKind k, uint32_t n) { return vector(scalar(k), n); }
  const Type* matrix(const Type* scalarType, uint32_t rows, uint32_t cols, bool rowMajor = false);
  const Type* array(const Type* elem, uint32_t n);  // n > 0
  const Type* unsizedArray(const Type* elem);
  const Type* resource(
      ResourceKind k, const Type* elem, bool sampled = false,
      bool rasterOrdered = false);  // elem may be nullptr; sampled: vk::SampledTexture (a Texture kind)
  const Type* function(const Type* ret, std::span<const Type* const> params);
  const Type* bufferPointer(const Type* pointee, uint32_t alignment);
  // Inline SPIR-V types (interned: the same arguments give the same type).
  const Type* spirvType(uint32_t opcode, uint32_t size, uint32_t alignment, bool opaque,
                        const std::vector<const Type*>& operands);
  const Type* integralConstant(const Type* t, int64_t value);
  const Type* spirvLiteral(const Type* integralConstant);
  // ResourceDescriptorHeap (sampler false) / SamplerDescriptorHeap; entry: one of its entries.
  const Type* descriptorHeap(bool sampler, bool entry) { return heaps_[sampler][entry]; }
  const Type* rayQuery(uint32_t flags, uint32_t flags2);
  // Struct and enum types are nominal: one per declaration.
  const Type* structType(ast::StructDecl* d, std::string displayName);
  // `packed`: bitfields stored in the member of an earlier bitfield (FieldDecl::index).
  void setStructFields(const Type* structType, std::vector<StructField> fields, std::vector<StructField> packed = {});
  // The definition of a struct whose type was made for a forward declaration (a
  // vk::BufferPointer to it, or a typedef of it, came first): the type now names `d`.
  void rebindStruct(const Type* structType, ast::StructDecl* d);
  const Type* enumType(ast::EnumDecl* d, const Type* underlying, std::string displayName);

  // Same shape (scalar / vector n / matrix r x c) with another component type.
  const Type* withComponent(const Type* shapeOf, const Type* component);
  // bool with the shape of `t`.
  const Type* boolLike(const Type* t) { return withComponent(t, boolType()); }

 private:
  Type* make(TypeKind k);
  std::deque<Type> types_;
  const Type* void_ = nullptr;
  const Type* error_ = nullptr;
  const Type* string_ = nullptr;
  const Type* heaps_[2][2] = {};
  std::map<std::pair<int, int>, const Type*> scalars_;
  std::map<std::pair<const Type*, uint32_t>, const Type*> vectors_;
  std::map<std::tuple<const Type*, uint32_t, uint32_t, bool>, const Type*> matrices_;
  std::map<std::tuple<const Type*, uint32_t, bool>, const Type*> arrays_;
  std::map<std::pair<int, const Type*>, const Type*> resources_;
  std::map<std::vector<const Type*>, const Type*> functions_;
  std::map<std::pair<const Type*, uint32_t>, const Type*> bufferPointers_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, bool, std::vector<const Type*>>, const Type*> spirvTypes_;
  std::map<std::pair<const Type*, int64_t>, const Type*> integralConstants_;
  std::map<const Type*, const Type*> spirvLiterals_;
  std::map<std::pair<uint32_t, uint32_t>, const Type*> rayQueries_;
  std::map<const void*, const Type*> nominal_;
};

// DXC's sizeof: clang's C layout of an HLSL type. A scalar is aligned to its size (bool: 4
// bytes); vectors and matrices are packed and aligned to their component; a struct aligns
// each member to the member's alignment and rounds its size up to its largest alignment (an
// empty struct is 0 bytes); an array is its element size times the count; vk::SpirvType
// has the size and alignment it states. UINT64_MAX: no size (resources, unsized arrays,
// opaque types). `align`, when given, is raised to the type's alignment.
uint64_t clangSizeOf(const Type* t, uint64_t* align = nullptr);

}  // namespace oneshader::sema
