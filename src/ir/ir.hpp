// OneShader IR: one Module of arenas with typed 32-bit handles (naga-style).
//
// Shape
//  - Module: interned types, constants, global variables, functions, entry points.
//  - Function: arguments, result, local variables, an expression arena (a DAG of pure
//    values and pointers) and a structured statement tree (statements + blocks arenas).
//  - Expressions are evaluated where an `Emit` statement covers them (exactly like naga).
//    Expressions that are not "emitted" (they have no evaluation point of their own) are:
//    Literal, Constant, ZeroValue, GlobalVariable, LocalVariable, FunctionArgument,
//    Builtin, CallResult, AtomicResult, SubgroupResult. Every other expression must be
//    covered by an Emit before it is used (the validator checks this). An Emit range may
//    span non-emitted expressions; for them it is a no-op (so builders can emit ranges).
//  - Every expression carries its result type (`Expression::type`), resolved by whoever
//    builds it (the Builder infers it for you). Pointer-valued expressions have a
//    Pointer type.
//
// Semantics decided here (lowering must follow them)
//  - MATRICES: an IR Matrix{columns C, rows R} is column-major-of-vectors, like SPIR-V,
//    WGSL and MSL: it is C column vectors of R components, `AccessIndex(m, i)` is column i.
//    HLSL row/column semantics are resolved in LOWERING, the way DXC does for SPIR-V:
//    an HLSL floatRxC becomes an IR Matrix{columns = R, rows = C} (HLSL row i = IR
//    column i), mul(a, b) swaps operands, and HLSL `row_major` / `column_major` memory
//    layout flips to ColMajor / RowMajor decorations on struct members.
//  - BUFFERS ARE WRAPPED BY LOWERING: a global in AddressSpace::Storage / Uniform /
//    PushConstant has a Struct type (the "block"). StructuredBuffer<T> is
//    struct { T data[]; } with the array stride of T; (RW)ByteAddressBuffer is
//    struct { uint data[]; } with stride 4; ConstantBuffer/cbuffer is the struct of its
//    members. The SPIR-V backend adds the Block decoration to those structs; it does not
//    wrap anything itself. Builder::storageBufferBlock() makes the wrapper.
//  - LAYOUT IS IN THE TYPES: struct member offsets, array strides and matrix strides /
//    majorness live in the IR types (computed by lowering with ir/layout.hpp). Arrays with
//    stride 0 have no explicit layout (Function/Private/WorkGroup values). Backends emit
//    exactly what the types say.
//  - Read-only-ness of a buffer is `GlobalVariable::access` (not part of the type).
//  - Out/inout parameters are Pointer{base, Function} arguments; lowering does DXC-style
//    copy-in/copy-out through a Function-space local.
//  - ARRAYS OF RESOURCES (`Texture2D ts[4]`, `StructuredBuffer<T> bufs[2]`): the global's
//    type is a sized Array (stride 0) of what one resource would have: in Handle space an
//    Array of Image / Sampler, so the GlobalVariable expression is the array VALUE and
//    `Access(g, i)` / `AccessIndex(g, k)` on it is one image / sampler value; in Storage /
//    Uniform space an Array of the block struct, so `Access(g, i)` is a pointer to one block
//    (then AccessIndex 0 for the data member, as for a single buffer). The only uses of a
//    Handle-space array global are Access / AccessIndex directly on its GlobalVariable
//    expression. `Expression::nonUniform` on such an Access says the index is not dynamically
//    uniform (HLSL NonUniformResourceIndex): SPIR-V decorates the access chain and the values
//    loaded / sampled-image-combined from it NonUniform. The resource has ONE binding (the
//    Vulkan descriptor count is the array size), as DXC does for SPIR-V. A runtime-sized array
//    (arraySize 0: `Texture2D ts[]`, a descriptor heap's array of one resource type) is
//    OpTypeRuntimeArray with RuntimeDescriptorArray; MSL and WGSL refuse it.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/source.hpp"  // SourceRange

namespace oneshader::ir {

// ---------------------------------------------------------------- handles and arenas
template <class T>
struct Handle {
  static constexpr uint32_t kInvalid = ~0u;
  uint32_t index = kInvalid;
  constexpr Handle() = default;
  constexpr explicit Handle(uint32_t i) : index(i) {}
  constexpr bool valid() const { return index != kInvalid; }
  constexpr explicit operator bool() const { return valid(); }
  friend constexpr bool operator==(Handle a, Handle b) { return a.index == b.index; }
  friend constexpr bool operator!=(Handle a, Handle b) { return a.index != b.index; }
  friend constexpr bool operator<(Handle a, Handle b) { return a.index < b.index; }
};

template <class T>
class Arena {
 public:
  Handle<T> append(T v) {
    items_.push_back(std::move(v));
    return Handle<T>(uint32_t(items_.size() - 1));
  }
  T& operator[](Handle<T> h) { return items_[h.index]; }
  const T& operator[](Handle<T> h) const { return items_[h.index]; }
  bool contains(Handle<T> h) const { return h.index < items_.size(); }
  uint32_t size() const { return uint32_t(items_.size()); }
  bool empty() const { return items_.empty(); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  auto begin() { return items_.begin(); }
  auto end() { return items_.end(); }
  std::vector<T>& raw() { return items_; }
  const std::vector<T>& raw() const { return items_; }
  void reserve(size_t n) { items_.reserve(n); }

 private:
  std::vector<T> items_;
};

// A contiguous range of handles [first, first + count) in an arena or pool.
struct Range {
  uint32_t first = 0, count = 0;
};

// ---------------------------------------------------------------- stages
// The pipeline stage of an entry point. The IR has its own enum (the driver maps the public
// oneshader::ShaderStage onto it), so the public API can change without touching the IR.
enum class Stage : uint8_t {
  Vertex,
  Pixel,
  Geometry,
  Hull,
  Domain,
  Compute,
  Mesh,
  Amplification,
  RayGeneration,
  Intersection,
  AnyHit,
  ClosestHit,
  Miss,
  Callable,  // ray tracing (SPIR-V only)
};
inline bool isRayTracingStage(Stage s) { return s >= Stage::RayGeneration && s <= Stage::Callable; }

// ---------------------------------------------------------------- types
enum class ScalarKind : uint8_t { Bool, Sint, Uint, Float };

struct Scalar {
  ScalarKind kind = ScalarKind::Float;
  uint8_t width = 32;  // bits: 16, 32, 64; Bool is always 32 here (it has no memory size)
  static constexpr Scalar boolean() { return {ScalarKind::Bool, 32}; }
  static constexpr Scalar i32() { return {ScalarKind::Sint, 32}; }
  static constexpr Scalar u32() { return {ScalarKind::Uint, 32}; }
  static constexpr Scalar f32() { return {ScalarKind::Float, 32}; }
  static constexpr Scalar f16() { return {ScalarKind::Float, 16}; }
  static constexpr Scalar f64() { return {ScalarKind::Float, 64}; }
  static constexpr Scalar i64() { return {ScalarKind::Sint, 64}; }
  static constexpr Scalar u64() { return {ScalarKind::Uint, 64}; }
  static constexpr Scalar i16() { return {ScalarKind::Sint, 16}; }
  static constexpr Scalar u16() { return {ScalarKind::Uint, 16}; }
  friend constexpr bool operator==(Scalar a, Scalar b) { return a.kind == b.kind && a.width == b.width; }
  friend constexpr bool operator!=(Scalar a, Scalar b) { return !(a == b); }
  bool isInteger() const { return kind == ScalarKind::Sint || kind == ScalarKind::Uint; }
};

enum class AddressSpace : uint8_t {
  Function,         // local variables
  Private,          // static globals
  WorkGroup,        // groupshared
  Uniform,          // cbuffer / ConstantBuffer (SPIR-V Uniform + Block)
  Storage,          // (RW)StructuredBuffer, (RW)ByteAddressBuffer (SPIR-V StorageBuffer + Block)
  PushConstant,     // [[vk::push_constant]]
  Handle,           // textures and samplers (SPIR-V UniformConstant)
  Input,            // entry point inputs (lowering: [[vk::ext_builtin_input]] globals only)
  Output,           // entry point outputs (lowering: [[vk::ext_builtin_output]] globals only)
  PhysicalStorage,  // vk::RawBufferLoad/Store, vk::BufferPointer: SPIR-V PhysicalStorageBuffer, only
                    // reached through pointers made from 64-bit addresses; pointees are laid out
  SpirvClass,       // inline SPIR-V [[vk::ext_storage_class(N)]] with no other meaning here: the SPIR-V
                    // storage class is Type::spirvClass / GlobalVariable::spirvClass
};

enum class MatrixLayout : uint8_t { None, ColMajor, RowMajor };

// SubpassData: a subpass input (HLSL SubpassInput / SubpassInputMS; SPIR-V Dim SubpassData,
// Sampled 2, Format Unknown, declared with ImageClass::Sampled): read only by ImageLoad with
// no coordinate operand of its own (SPIR-V OpImageRead at (0, 0), plus the sample for a
// multisampled one), in pixel shaders; MSL and WGSL have no form for it.
enum class ImageDim : uint8_t { D1, D2, D3, Cube, Buffer, SubpassData };
enum class ImageClass : uint8_t { Sampled, Depth, Storage };

struct ImageInfo {
  ImageDim dim = ImageDim::D2;
  ImageClass cls = ImageClass::Sampled;
  bool arrayed = false;
  bool multisampled = false;
  Scalar sampled = Scalar::f32();  // component type of a sampled / storage texel
  uint8_t format = 0;              // storage images: 0 = Unknown, else spv::ImageFormat value
  bool formatInferred = false;     // `format` comes from the element type, not [[vk::image_format]]
  friend bool operator==(const ImageInfo&, const ImageInfo&) = default;
};

// Interface binding of an entry-point argument, result or struct member.
enum class BuiltIn : uint8_t {
  None,
  // compute
  GlobalInvocationId,
  WorkGroupId,
  LocalInvocationId,
  LocalInvocationIndex,
  NumWorkGroups,
  // subgroups (any stage)
  SubgroupSize,
  SubgroupLocalInvocationId,
  // graphics
  Position,  // vertex output / fragment input (FragCoord)
  FragDepth,
  FrontFacing,
  VertexIndex,
  InstanceIndex,
  SampleIndex,
  PrimitiveId,  // fragment input (SPIR-V needs the Geometry capability)
  ViewIndex,    // SV_ViewID: vertex / fragment input, u32 (SPIR-V MultiView)
  // [[vk::builtin("...")]]: Vulkan built-ins that have no HLSL semantic
  PointSize,         // vertex output, f32
  HelperInvocation,  // fragment input, bool
  BaseVertex,
  BaseInstance,
  DrawIndex,    // vertex inputs, u32 (SPIR-V DrawParameters)
  DeviceIndex,  // any input, u32 (SPIR-V DeviceGroup)
  // more system values (DXC's SPIR-V.rst table)
  Layer,             // SV_RenderTargetArrayIndex: vertex output / pixel input, u32
  ViewportIndex,     // SV_ViewportArrayIndex: vertex output / pixel input, u32
  StencilRef,        // SV_StencilRef: pixel output, u32 (SPIR-V FragStencilRefEXT)
  SampleMask,        // SV_Coverage: pixel input / output, u32 (SPIR-V: an array of one uint)
  FullyCovered,      // SV_InnerCoverage: pixel input, bool (SPIR-V FullyCoveredEXT)
  ShadingRate,       // SV_ShadingRate: pixel input (ShadingRateKHR) / vertex output (PrimitiveShadingRateKHR), u32
  BaryCoord,         // SV_Barycentrics: pixel input, float3 (BaryCoordKHR)
  BaryCoordNoPersp,  // noperspective SV_Barycentrics (BaryCoordNoPerspKHR)
  FragDepthGreater,  // SV_DepthGreaterEqual: FragDepth with the DepthGreater mode, f32
  FragDepthLess,     // SV_DepthLessEqual: FragDepth with the DepthLess mode, f32
  // SV_ClipDistanceN / SV_CullDistanceN: vertex output / pixel input, one f32 array per
  // direction holding every such value (its type is the argument's or member's, not fixed).
  ClipDistance,
  CullDistance,
};
const char* builtinName(BuiltIn b);
// DXC's [[vk::builtin]] spelling ("PointSize") of the built-ins only that attribute gives,
// nullptr for the others.
const char* vkBuiltinSpelling(BuiltIn b);

struct Binding {
  enum class Kind : uint8_t { None, BuiltIn, Location } kind = Kind::None;
  BuiltIn builtin = BuiltIn::None;
  uint32_t location = 0;
  enum class Interpolation : uint8_t { Perspective, Linear, Flat } interpolation = Interpolation::Perspective;
  // Where a fragment input is sampled: HLSL `centroid` / `sample` (SPIR-V Centroid / Sample).
  enum class Sampling : uint8_t { Center, Centroid, Sample } sampling = Sampling::Center;
  // [[vk::index(N)]] on a pixel output at location 0: its dual-source blending source
  // (SPIR-V Index N, WGSL @blend_src(N), MSL index(N)); -1 without the attribute.
  int8_t blendIndex = -1;
  std::string semantic;  // the HLSL semantic ("SV_DispatchThreadID", "TEXCOORD0"), for reflection
  static Binding builtinOf(BuiltIn b) {
    Binding r;
    r.kind = Kind::BuiltIn;
    r.builtin = b;
    return r;
  }
  static Binding locationOf(uint32_t l) {
    Binding r;
    r.kind = Kind::Location;
    r.location = l;
    return r;
  }
  bool isBuiltin() const { return kind == Kind::BuiltIn; }
  friend bool operator==(const Binding&, const Binding&) = default;
};

// ---------------------------------------------------------------- inline SPIR-V requirements
// Inline SPIR-V (see "inline SPIR-V" below): what a construct asks the module to declare
// when it is emitted ([[vk::ext_capability]], [[vk::ext_extension]] on an instruction's
// declaration, a function, a variable, ...).
struct SpirvRequirements {
  std::vector<uint32_t> capabilities;  // spv::Capability values
  std::vector<std::string> extensions;
  bool empty() const { return capabilities.empty() && extensions.empty(); }
  friend bool operator==(const SpirvRequirements&, const SpirvRequirements&) = default;
};

struct Constant;
// A decoration spelled by [[vk::ext_decorate]] (`OpDecorate X dec literals...`),
// [[vk::ext_decorate_id]] (`OpDecorateId X dec ids...`, the ids are constants) or
// [[vk::ext_decorate_string]] (`OpDecorateString X dec "strings"...`, `words` hold the
// encoded strings). On a struct member it is OpMemberDecorate (Id / String: the member
// forms of those instructions).
struct SpirvDecoration {
  enum class Kind : uint8_t { Literal, Id, String } kind = Kind::Literal;
  uint32_t decoration = 0;
  std::vector<uint32_t> words;
  std::vector<Handle<Constant>> ids;
  friend bool operator==(const SpirvDecoration&, const SpirvDecoration&) = default;
};

struct Type;

struct StructMember {
  std::string name;
  Handle<Type> type;
  uint32_t offset = 0;                             // byte offset (meaningful when the struct has layout)
  MatrixLayout matrixLayout = MatrixLayout::None;  // for matrix (or array-of-matrix) members
  uint32_t matrixStride = 0;
  Binding binding;                                // entry-point interface structs only
  std::vector<SpirvDecoration> spirvDecorations;  // [[vk::ext_decorate*]] on the field
  friend bool operator==(const StructMember&, const StructMember&) = default;
};

enum class TypeKind : uint8_t {
  Scalar,
  Vector,
  Matrix,
  Array,
  Struct,
  Pointer,
  Atomic,
  Image,
  Sampler,
  SpirvType,  // inline SPIR-V (vk::SpirvType / vk::SpirvOpaqueType): `Op<opcode> operands...`
  // Ray tracing (SPIR-V only: the driver rejects them for MSL and WGSL before lowering).
  AccelerationStructure,  // RaytracingAccelerationStructure: a Handle-space resource (OpTypeAccelerationStructureKHR)
  RayQuery,               // RayQuery<FLAGS>: a Function / Private variable (OpTypeRayQueryKHR); its
                          // operations are SpirvInst statements on a pointer to it (lower_raytracing.cpp)
};

// One operand of an inline SPIR-V type (TypeKind::SpirvType), in order (inline-spirv.md
// section 9): the id of a type, the id of a scalar constant (vk::integral_constant<T, v>:
// `type` is the scalar type, `words` its value, one word or two, low first), or literal
// words (vk::Literal<vk::integral_constant<T, v>>).
struct SpirvTypeOperand {
  enum class Kind : uint8_t { Type, Constant, Literal } kind = Kind::Type;
  Handle<Type> type;
  std::vector<uint32_t> words;
  friend bool operator==(const SpirvTypeOperand&, const SpirvTypeOperand&) = default;
};

// One flat, tagged type record; fields not meaningful for `kind` stay default.
struct Type {
  TypeKind kind = TypeKind::Scalar;
  Scalar scalar;                                // Scalar, Vector, Matrix, Atomic
  uint8_t size = 0;                             // Vector: component count 2..4; Matrix: rows (column size)
  uint8_t columns = 0;                          // Matrix: column count 2..4
  bool comparisonSampler = false;               // Sampler
  AddressSpace space = AddressSpace::Function;  // Pointer
  uint32_t spirvClass = 0;                      // Pointer in AddressSpace::SpirvClass: the SPIR-V storage class
  Handle<Type> base;                            // Array element, Pointer pointee
  uint32_t arraySize = 0;                       // Array: element count; 0 = runtime-sized
  uint32_t stride = 0;                          // Array: byte stride; 0 = no explicit layout
  ImageInfo image;                              // Image
  std::string name;                             // Struct name (part of its identity)
  std::vector<StructMember> members;            // Struct
  uint32_t structSize = 0;                      // Struct: byte size when laid out (0 = no layout)
  // SpirvType: `Op<spirvOpcode> operands...`, declared once per distinct record. `spirvOpaque`
  // (vk::SpirvOpaqueType) has no layout; otherwise (vk::SpirvType) it occupies `spirvSize`
  // bytes aligned to `spirvAlign` under every layout rule. `spirvRequirements`: the
  // [[vk::ext_capability]] / [[vk::ext_extension]] of the aliases that name it, declared
  // with the type. The SPIR-V backend alone emits it (the driver rejects it for MSL / WGSL).
  uint32_t spirvOpcode = 0;
  uint32_t spirvSize = 0, spirvAlign = 0;
  bool spirvOpaque = false;
  std::vector<SpirvTypeOperand> spirvOperands;
  SpirvRequirements spirvRequirements;

  friend bool operator==(const Type&, const Type&) = default;
};

// The type records of the convenience constructors, made through D::intern (CRTP): for a
// TypeArena they intern, for a TypeQuery they only look up.
template <class D>
class TypeMakers {
 public:
  Handle<Type> scalar(Scalar s) {
    Type t;
    t.kind = TypeKind::Scalar;
    t.scalar = s;
    return self().intern(t);
  }
  Handle<Type> vector(Scalar s, uint32_t size) {
    Type t;
    t.kind = TypeKind::Vector;
    t.scalar = s;
    t.size = uint8_t(size);
    return self().intern(t);
  }
  Handle<Type> matrix(Scalar s, uint32_t columns, uint32_t rows) {
    Type t;
    t.kind = TypeKind::Matrix;
    t.scalar = s;
    t.columns = uint8_t(columns);
    t.size = uint8_t(rows);
    return self().intern(t);
  }
  Handle<Type> array(Handle<Type> base, uint32_t size, uint32_t stride = 0) {
    Type t;
    t.kind = TypeKind::Array;
    t.base = base;
    t.arraySize = size;
    t.stride = stride;
    return base.valid() ? self().intern(t) : Handle<Type>{};
  }
  Handle<Type> runtimeArray(Handle<Type> base, uint32_t stride) { return array(base, 0, stride); }
  // spirvClass: the SPIR-V storage class of an AddressSpace::SpirvClass pointer.
  Handle<Type> pointer(Handle<Type> base, AddressSpace space, uint32_t spirvClass = 0) {
    Type t;
    t.kind = TypeKind::Pointer;
    t.base = base;
    t.space = space;
    t.spirvClass = spirvClass;
    return base.valid() ? self().intern(t) : Handle<Type>{};
  }
  Handle<Type> atomic(Scalar s) {
    Type t;
    t.kind = TypeKind::Atomic;
    t.scalar = s;
    return self().intern(t);
  }
  Handle<Type> image(const ImageInfo& info) {
    Type t;
    t.kind = TypeKind::Image;
    t.image = info;
    return self().intern(t);
  }
  Handle<Type> accelerationStructure() {
    Type t;
    t.kind = TypeKind::AccelerationStructure;
    return self().intern(t);
  }
  Handle<Type> rayQuery() {
    Type t;
    t.kind = TypeKind::RayQuery;
    return self().intern(t);
  }
  Handle<Type> sampler(bool comparison = false) {
    Type t;
    t.kind = TypeKind::Sampler;
    t.comparisonSampler = comparison;
    return self().intern(t);
  }
  Handle<Type> structure(std::string name, std::vector<StructMember> members, uint32_t size = 0) {
    Type t;
    t.kind = TypeKind::Struct;
    t.name = std::move(name);
    t.members = std::move(members);
    t.structSize = size;
    for (const StructMember& m : t.members)
      if (!m.type.valid()) return {};
    return self().intern(t);
  }

 private:
  D& self() { return static_cast<D&>(*this); }
};

// Interned types: equal records give the same handle (hash-consing).
class TypeArena : public TypeMakers<TypeArena> {
 public:
  Handle<Type> intern(const Type& t);
  // Scalars are interned for nearly every expression: remembered per (kind, width), so
  // that the common case builds no Type record (issue 11: lowering's largest cost).
  Handle<Type> scalar(Scalar s) {
    const unsigned w = s.width == 16 ? 0 : s.width == 32 ? 1 : s.width == 64 ? 2 : 3;
    const unsigned k = unsigned(s.kind) * 3 + w;
    if (w == 3 || k >= scalars_.size()) return TypeMakers<TypeArena>::scalar(s);
    if (!scalars_[k].valid()) scalars_[k] = TypeMakers<TypeArena>::scalar(s);
    return scalars_[k];
  }
  // The handle of an equal record, or an invalid handle when there is none (adds nothing).
  Handle<Type> find(const Type& t) const;
  // A pointer to a struct being built that contains it (a linked list through PhysicalStorage
  // pointers): `forwardPointer` makes a placeholder pointer record, unique, whose pointee
  // is not known yet; `completeForward` gives it its pointee once that struct is interned,
  // making it THE pointer type of (base, space) (no such pointer may exist yet).
  Handle<Type> forwardPointer(AddressSpace space);
  void completeForward(Handle<Type> pointer, Handle<Type> base);
  const Type& operator[](Handle<Type> h) const { return types_[h]; }
  bool contains(Handle<Type> h) const { return types_.contains(h); }
  uint32_t size() const { return types_.size(); }
  const Arena<Type>& all() const { return types_; }

 private:
  Arena<Type> types_;
  std::array<Handle<Type>, 12> scalars_{};      // scalar(): per ScalarKind x {16, 32, 64} bits
  std::vector<std::vector<uint32_t>> buckets_;  // open hashing: hash -> type indices
  uint32_t count_ = 0;
  void rehash();
};

uint64_t hashType(const Type& t);

// A read-only view of a TypeArena with the same interface: "interning" looks the record up
// and gives an invalid handle for a type the arena does not hold. The validator checks a
// `const Module&` through it with the same type rules (ir/util.hpp) the builder interns
// with: a result type that is not in the module cannot be the expression's type.
class TypeQuery : public TypeMakers<TypeQuery> {
 public:
  explicit TypeQuery(const TypeArena& types) : types_(types) {}
  Handle<Type> intern(const Type& t) const { return types_.find(t); }
  const Type& operator[](Handle<Type> h) const { return types_[h]; }
  bool contains(Handle<Type> h) const { return types_.contains(h); }

 private:
  const TypeArena& types_;
};

// ---------------------------------------------------------------- constants
struct Literal {
  Scalar scalar = Scalar::u32();
  union {
    bool b;
    int64_t i;
    uint64_t u;
    double f;  // f16/f32/f64 all stored as double; the backend narrows
  };
  Literal() : u(0) {}
  static Literal boolean(bool v) {
    Literal l;
    l.scalar = Scalar::boolean();
    l.u = 0;
    l.b = v;
    return l;
  }
  static Literal i32(int32_t v) {
    Literal l;
    l.scalar = Scalar::i32();
    l.i = v;
    return l;
  }
  static Literal u32(uint32_t v) {
    Literal l;
    l.scalar = Scalar::u32();
    l.u = v;
    return l;
  }
  static Literal f32(float v) {
    Literal l;
    l.scalar = Scalar::f32();
    l.f = v;
    return l;
  }
  static Literal of(Scalar s, uint64_t bits) {
    Literal l;
    l.scalar = s;
    l.u = bits;
    return l;
  }
  static Literal ofFloat(Scalar s, double v) {
    Literal l;
    l.scalar = s;
    l.f = v;
    return l;
  }
  bool operator==(const Literal& o) const { return scalar == o.scalar && u == o.u; }
};

// The operation of a SpecOp constant (below).
enum class SpecOpKind : uint8_t {
  Unary,    // op = UnaryOp, operands [a]
  Binary,   // op = BinaryOp, operands [a, b] of one type (shifts: b may differ in signedness)
  Select,   // operands [condition (bool), accept, reject]
  Convert,  // operands [a]: a 32-bit integer or bool scalar to the constant's type (another of them)
};

struct Constant {
  enum class Kind : uint8_t { Literal, Composite, Zero, SpecOp } kind = Kind::Literal;
  std::string name;  // may be empty
  Handle<Type> type;
  Literal value;     // Literal
  Range components;  // Composite, SpecOp: range in Module::constantComponents
  // A specialization constant ([[vk::constant_id(N)]]): a scalar Literal whose `value` is the
  // default the pipeline may replace (SPIR-V OpSpecConstant* with SpecId N, WGSL
  // `@id(N) override`, MSL `[[function_constant(N)]]`). Never merged with another constant.
  bool spec = false;
  uint32_t specId = 0;
  // SpecOp: an operation on earlier constants, at least one of them specialization-dependent
  // (a `spec` constant, or a SpecOp or Composite over one), evaluated when the pipeline is
  // created: SPIR-V OpSpecConstantOp, a WGSL override-expression, an MSL program-scope
  // `constant` initialised from the function constants. The type is a 32-bit integer or bool
  // scalar; only the operations the SPIR-V Shader capability allows in OpSpecConstantOp are
  // made (integer arithmetic, shifts, bitwise, logical, comparisons, select, sign changes).
  // A Composite with a specialization-dependent component is one too (OpSpecConstantComposite).
  SpecOpKind specOp = SpecOpKind::Unary;
  uint8_t op = 0;  // SpecOp Unary / Binary: UnaryOp / BinaryOp
};

// ---------------------------------------------------------------- resources / globals
enum class ResourceKind : uint8_t {
  None,            // not a resource (static / groupshared / push constant)
  ConstantBuffer,  // cbuffer, ConstantBuffer<T>
  StructuredBuffer,
  RWStructuredBuffer,
  ByteAddressBuffer,
  RWByteAddressBuffer,
  Texture1D,
  Texture2D,
  Texture3D,
  TextureCube,
  Texture2DArray,
  TextureCubeArray,
  Texture2DMS,
  RWTexture1D,
  RWTexture2D,
  RWTexture3D,
  RWTexture2DArray,
  Buffer,
  RWBuffer,
  Sampler,
  SamplerComparison,
  Texture1DArray,
  Texture2DMSArray,
  RWTexture1DArray,
  AppendStructuredBuffer,
  ConsumeStructuredBuffer,  // shaped like RWStructuredBuffer
  CounterBuffer,            // the associated counter of an RW/Append/Consume structured buffer: struct { int }
  TextureBuffer,            // tbuffer, TextureBuffer<T>: a read-only storage buffer of one struct (std430, DXC)
  AccelerationStructure,    // RaytracingAccelerationStructure (Handle space, register t)
  SubpassInput,
  SubpassInputMS,  // an ImageDim::SubpassData image
};
const char* resourceKindName(ResourceKind k);

struct ResourceBinding {
  uint32_t group = 0;  // Vulkan descriptor set / WGSL group
  uint32_t binding = 0;
  friend bool operator==(const ResourceBinding&, const ResourceBinding&) = default;
};

struct HlslRegister {
  char cls = 0;  // 't', 'u', 'b', 's'; 0 = none given
  uint32_t index = 0, space = 0;
};

enum class StorageAccess : uint8_t { Load = 1, Store = 2, LoadStore = 3 };

struct GlobalVariable {
  std::string name;
  AddressSpace space = AddressSpace::Private;
  StorageAccess access = StorageAccess::LoadStore;  // Storage: Load = read-only
  Handle<Type> type;                                // the stored type (not a pointer)
  std::optional<ResourceBinding> binding;
  ResourceKind resource = ResourceKind::None;
  HlslRegister reg;
  Handle<Constant> init;  // Private only; optional
  SourceRange range;
  SpirvRequirements spirvRequirements;            // inline SPIR-V: declared when the global is used
  uint32_t spirvClass = 0;                        // AddressSpace::SpirvClass: the SPIR-V storage class
  std::vector<SpirvDecoration> spirvDecorations;  // [[vk::ext_decorate*]]
  // [[vk::ext_builtin_input/output(B)]]: the SPIR-V BuiltIn B of the Input / Output variable
  // (one variable per built-in, shared with the entry point's own built-ins).
  std::optional<uint32_t> spirvBuiltin;
  // [[vk::combinedImageSampler]]: this Handle-space image (sampled, not an array) or sampler
  // and `combined`, the other half, share one descriptor set and binding and are ONE
  // combined image sampler descriptor (lowering pairs them; bindings.hpp). SPIR-V (DXC):
  // the image's variable holds an OpTypeSampledImage, loaded and sampled directly when the
  // sampler is its partner and through OpImage otherwise; the sampler has no variable and
  // samples only its partner. MSL and WGSL keep two resources (WGSL moves the sampler to a
  // free binding of the group). `combined` is invalid where the partner is not in the
  // module (an entry point's module that does not use it); the flag stays.
  bool combinedImageSampler = false;
  Handle<GlobalVariable> combined;
  // The HLSL type of a bound resource as DXC's -fspv-reflect spells it for
  // SPV_GOOGLE_user_type ("rwstructuredbuffer:<float>", "cbuffer", "texture2d"); empty
  // for other globals.
  std::string userType;
  // An RW/Append/Consume structured buffer's counter (ResourceKind::CounterBuffer), once
  // lowering made one (-fspv-reflect: HlslCounterBufferGOOGLE); invalid where the counter
  // is not in the module.
  Handle<GlobalVariable> counter;
  // One of a descriptor heap's runtime arrays (SM 6.6 ResourceDescriptorHeap /
  // SamplerDescriptorHeap, or the resource heap's counters): one array per resource type
  // read from the heap, all of one heap on its one binding (DXC; lower_heap.cpp).
  bool heap = false;
  // A rasterizer ordered view (RasterizerOrdered*): SPIR-V wraps the pixel entry point's body
  // in OpBegin/EndInvocationInterlockEXT (SPV_EXT_fragment_shader_interlock), MSL puts the
  // resource in [[raster_order_group(0)]]; WGSL has no form for it.
  bool rasterOrdered = false;
  // [[vk::input_attachment_index(N)]] on a subpass input: SPIR-V InputAttachmentIndex N (a
  // subpass input without the attribute has none, as in DXC).
  std::optional<uint32_t> inputAttachmentIndex;
};

// ---------------------------------------------------------------- operators
// Operators: one row each in ir/ops.def (printed name, the text targets' operator).
enum class UnaryOp : uint8_t {
#define UNARY(e, ...) e,
#include "ir/ops.def"
#undef UNARY
};

// Multiply on matrix/vector operands means the linear-algebra product in IR (column vector)
// semantics: Matrix*Vector, Vector*Matrix, Matrix*Matrix, Matrix*Scalar, Vector*Scalar
// (scalar*vector too). Component-wise otherwise.
enum class BinaryOp : uint8_t {
#define BINARY(e, ...) e,
#include "ir/ops.def"
#undef BINARY
};

struct OperatorInfo {
  const char* name;   // IR text ("shr")
  const char* token;  // MSL / WGSL operator (">>")
};
const OperatorInfo& unaryInfo(UnaryOp op);
const OperatorInfo& binaryInfo(BinaryOp op);

// Math operations: one row each in ir/math.def (names, result rule, target spellings).
enum class MathFunction : uint8_t {
#define MATH(e, ...) e,
#include "ir/math.def"
#undef MATH
};
// How a math operation's result type follows from its first operand (math.def).
enum class MathResult : uint8_t { Same, Scalar, Transposed, U32, F32x2, Modf, Frexp };
struct MathInfo {
  const char* name;  // IR text and diagnostics ("inverse_sqrt")
  MathResult result;
  const char* msl;   // MSL function, "" when the printer spells it
  const char* wgsl;  // WGSL built-in, "" when the printer spells it
};
const MathInfo& mathInfo(MathFunction f);
inline const char* mathFunctionName(MathFunction f) { return mathInfo(f).name; }
// Modf and Frexp (two results). `Math(Modf | Frexp, a = x)` with x a float scalar or
// vector T and no other operand gives a STRUCT VALUE of two members (ir/util.hpp
// modfResultType / frexpResultType make the interned type, the builder infers it):
//   Modf  -> struct modf_result[_vecN]_fW  { T fract; T whole; }
//   Frexp -> struct frexp_result[_vecN]_fW { T fract; i32 or vecN<i32> exp; }
// The parts are read with AccessIndex 0 / 1 on that value. Member names and order are
// WGSL's modf()/frexp() result structs; SPIR-V is GLSL.std.450 ModfStruct / FrexpStruct
// with this struct as the result type (OpCompositeExtract for the parts); MSL is
// modf(x, thread T& whole) / frexp(x, thread int& exp) into a temporary. HLSL lowering
// (DXC's shape): modf(x, out ip) = whole stored to ip, fract returned; frexp(x, out e) =
// exp converted to T's float type and stored to e, fract returned; integer modf
// arguments are converted to f32 and the parts back.

enum class RelationalFunction : uint8_t { All, Any, IsNan, IsInf };

enum class AtomicOp : uint8_t {
  Add,
  Subtract,
  And,
  InclusiveOr,
  ExclusiveOr,
  Min,
  Max /*signedness from the type*/,
  Exchange,
  CompareExchange,
};

// Subgroup (wave / quad) operations. One IR statement kind covers them all; the
// `collective` says Reduce / InclusiveScan / ExclusiveScan for the arithmetic ones and
// for BallotBitCount.
enum class SubgroupOp : uint8_t {
  Elect,  // WaveIsFirstLane                 Basic
  All,
  Any,
  AllEqual,        // WaveActiveAllTrue/AnyTrue/AllEqual  Vote
  Ballot,          // WaveActiveBallot (uint4)         Ballot
  BallotBitCount,  // argument is a ballot (uint4)     Ballot
  BroadcastFirst,  // WaveReadLaneFirst                Ballot
  Broadcast,       // lane must be dynamically uniform Ballot
  Shuffle,         // WaveReadLaneAt                   Shuffle
  ShuffleXor,      //                                   Shuffle
  ShuffleUp,
  ShuffleDown,  //                                   ShuffleRelative
  Add,
  Mul,
  Min,
  Max,
  And,
  Or,
  Xor,            // WaveActive*/WavePrefix*          Arithmetic
  QuadBroadcast,  // QuadReadLaneAt                   Quad
  QuadSwapX,
  QuadSwapY,
  QuadSwapDiagonal,  // QuadReadAcrossX/Y/Diagonal  Quad
  // SPV_NV_shader_subgroup_partitioned                                   PartitionedNV
  Partition,  // WaveMatch: a = value, result uint4 (lanes with an equal value)
  // WaveMultiPrefix*: exclusive scan among the lanes of the partition `b` (uint4 mask)
  // that contains this lane (collective ExclusiveScan).
  PartitionedAdd,
  PartitionedMul,
  PartitionedAnd,
  PartitionedOr,
  PartitionedXor,
};
enum class CollectiveOp : uint8_t { None, Reduce, InclusiveScan, ExclusiveScan };
const char* subgroupOpName(SubgroupOp op);
// Vulkan's VkSubgroupFeatureFlagBits (oneshader::SubgroupFeature in the public API has the
// same values; the driver checks that).
namespace vk {
enum SubgroupFeatureBit : uint32_t {
  SubgroupBasic = 0x1,
  SubgroupVote = 0x2,
  SubgroupArithmetic = 0x4,
  SubgroupBallot = 0x8,
  SubgroupShuffle = 0x10,
  SubgroupShuffleRelative = 0x20,
  SubgroupClustered = 0x40,
  SubgroupQuad = 0x80,
  SubgroupPartitionedNV = 0x100,
};
}  // namespace vk
// The vk::SubgroupFeatureBit one op needs.
uint32_t subgroupFeatureOf(SubgroupOp op);
// The HLSL intrinsic a subgroup operation comes from ("WavePrefixSum"), for diagnostics.
const char* subgroupHlslName(SubgroupOp op, CollectiveOp c);

// Barriers. Scopes and memory classes are IR enums; the HLSL barrier intrinsics map
// to them with hlslBarrier() using DXC's SPIR-V choices:
//   GroupMemoryBarrier               MemoryBarrier  mem=Workgroup sem=AcqRel|Workgroup
//   GroupMemoryBarrierWithGroupSync  ControlBarrier exec=Workgroup mem=Workgroup sem=AcqRel|Workgroup
//   DeviceMemoryBarrier              MemoryBarrier  mem=Device sem=AcqRel|Uniform|Image
//   DeviceMemoryBarrierWithGroupSync ControlBarrier exec=Workgroup mem=Device sem=AcqRel|Uniform|Image
//   AllMemoryBarrier                 MemoryBarrier  mem=Device sem=AcqRel|Uniform|Image|Workgroup
//   AllMemoryBarrierWithGroupSync    ControlBarrier exec=Workgroup mem=Device sem=AcqRel|Uniform|Image|Workgroup
enum class MemoryScope : uint8_t { Device, Workgroup, Subgroup, Invocation };
enum BarrierMemory : uint8_t {  // bit set; AcquireRelease ordering is implied
  BarrierWorkgroup = 1,         // groupshared
  BarrierUniform = 2,           // buffers (SPIR-V UniformMemory covers StorageBuffer)
  BarrierImage = 4,
};
enum class HlslBarrier : uint8_t {
  GroupMemoryBarrier,
  GroupMemoryBarrierWithGroupSync,
  DeviceMemoryBarrier,
  DeviceMemoryBarrierWithGroupSync,
  AllMemoryBarrier,
  AllMemoryBarrierWithGroupSync,
};

// ---------------------------------------------------------------- image sampling
// How an ImageSample expression samples. HLSL method -> operands -> SPIR-V (DXC's mapping,
// SPIR-V.rst "Texture" methods) -> WGSL / MSL 2.4 forms for the text writers:
//   Implicit          Sample              (none)          OpImageSampleImplicitLod
//                       textureSample / t.sample(s, uv)                      pixel shaders only
//   Level             SampleLevel         d = level       OpImageSampleExplicitLod Lod
//                       textureSampleLevel / sample(s, uv, level(l))
//   Bias              SampleBias          bias            OpImageSampleImplicitLod Bias
//                       textureSampleBias / sample(s, uv, bias(b))            pixel shaders only
//   Grad              SampleGrad          gradX, gradY    OpImageSampleExplicitLod Grad
//                       textureSampleGrad / sample(s, uv, gradient2d(gx, gy)) (gradient3d /
//                       gradientcube by dimension; MSL has no 1D gradients)
//   Compare           SampleCmp           depthRef        OpImageSampleDrefImplicitLod
//                       textureSampleCompare / sample_compare(s, uv, ref)     pixel shaders only
//   CompareLevelZero  SampleCmpLevelZero  depthRef        OpImageSampleDrefExplicitLod Lod 0.0
//                       textureSampleCompareLevel / sample_compare(s, uv, ref, level(0))
// Every kind may carry `offset`: a constant integer texel offset (int, int2 or int3 by
// dimension; never on cube images), SPIR-V ConstOffset, WGSL/MSL `offset` argument.
// Compare kinds take a comparison sampler and give a scalar of the sampled type; the others
// take a non-comparison sampler and give a vector of 4 (a scalar for Depth-class images).
//   CompareBias       SampleCmpBias       depthRef, bias  OpImageSampleDrefImplicitLod Bias  (SM 6.8)
//   CompareGrad       SampleCmpGrad       depthRef, gradX, gradY  OpImageSampleDrefExplicitLod Grad (SM 6.8)
//   CompareLevel      SampleCmpLevel      depthRef, d = level     OpImageSampleDrefExplicitLod Lod (SM 6.7)
//   Gather            Gather[Red..Alpha]  index = component 0..3  OpImageGather
//                       textureGather(c, ...) / t.gather(s, uv, offset, component::c)
//   GatherCompare     GatherCmp[Red]      depthRef        OpImageDrefGather
//                       textureGatherCompare / t.gather_compare(s, uv, ref)
// Gathers give a vector of 4 of the sampled scalar; their `offset` constant may also be an
// array of four 2-component offsets (SPIR-V ConstOffsets; the text targets gather four times),
// and a gather's offset that is not a constant is `dynOffset` (SPIR-V Offset).
// `minLod` (HLSL's clamp argument) is SPIR-V's MinLod operand. `sparse` (the HLSL `out uint
// status` overloads; also on ImageLoad): the result is a struct { u32 residency code, T }
// (OpImageSparse*), read with AccessIndex 0 and 1.
enum class SampleKind : uint8_t {
  Implicit,
  Level,
  Bias,
  Grad,
  Compare,
  CompareLevelZero,
  CompareBias,
  CompareGrad,
  CompareLevel,
  Gather,
  GatherCompare
};
const char* sampleKindName(SampleKind k);
inline bool sampleIsImplicitLod(SampleKind k) {
  return k == SampleKind::Implicit || k == SampleKind::Bias || k == SampleKind::Compare || k == SampleKind::CompareBias;
}
inline bool sampleIsCompare(SampleKind k) {
  return k == SampleKind::Compare || k == SampleKind::CompareLevelZero || k == SampleKind::CompareBias ||
         k == SampleKind::CompareGrad || k == SampleKind::CompareLevel || k == SampleKind::GatherCompare;
}
inline bool sampleIsGather(SampleKind k) { return k == SampleKind::Gather || k == SampleKind::GatherCompare; }

// ---------------------------------------------------------------- expressions
struct Function;

enum class ExprKind : uint8_t {
  Literal,              // literal
  Constant,             // constant
  ZeroValue,            // type
  Compose,              // type, operands = components (vector: scalars or vectors; matrix: columns; array; struct)
  Splat,                // a = scalar; type = vector
  Swizzle,              // a = vector; index = pattern (2 bits per component, component count = type's size)
  Access,               // a = base (pointer or value), b = dynamic index
  AccessIndex,          // a = base (pointer or value), index = constant index / member
  Load,                 // a = pointer
  LocalVariable,        // local
  GlobalVariable,       // global (result is a pointer in the global's space, except Handle space: the value)
  FunctionArgument,     // index
  Builtin,              // builtin: an input built-in value read anywhere (SubgroupSize, SubgroupLocalInvocationId)
  Unary,                // op = UnaryOp, a
  Binary,               // op = BinaryOp, a, b
  Select,               // a = condition (bool or bool vector), b = accept, c = reject
  Convert,              // a; type = target (same shape, other scalar: numeric conversion, bool<->number;
                        // a 64-bit integer <-> a PhysicalStorage pointer: OpConvertUToPtr / OpConvertPtrToU)
  Bitcast,              // a; type = target (same bit width; also a 64-bit integer or PhysicalStorage
                        // pointer -> a PhysicalStorage pointer: OpBitcast)
  Math,                 // op = MathFunction, a, b, c, d (unused: invalid)
  Relational,           // op = RelationalFunction, a
  ArrayLength,          // a = pointer to a runtime-sized array member of a buffer block (AccessIndex of the global,
                        // or of Access(global, i) for an element of an array of buffers)
  ImageSample,          // a = image, b = sampler, c = coordinate; d = level (SampleLevel) or invalid (implicit lod);
                        // `sample` says which kind (see SampleKind), with bias / gradX / gradY /
                        // depthRef / offset as that kind needs
  ImageLoad,            // a = image, b = coordinate, c = level/sample or invalid
  ImageQuerySize,       // a = image, b = level or invalid
                        // (result: u32 or uvecN, N = dims + arrayed; sampled non-MS textures take a level)
  CallResult,           // function (set by the Call statement)
  AtomicResult,         // set by an Atomic statement
  SubgroupResult,       // set by a Subgroup statement
  SpirvInstResult,      // set by a SpirvInst statement (inline SPIR-V: the instruction's result id)
  ImageQueryLevels,     // a = image (sampled, non-MS): number of mip levels (u32)
  ImageQuerySamples,    // a = image (multisampled): number of samples (u32)
  ImageQueryLod,        // a = image, b = sampler, c = coordinate; index 0: the clamped level of detail
                        // (HLSL CalculateLevelOfDetail), 1: unclamped (f32; SPIR-V OpImageQueryLod .x / .y)
  ImageSparseResident,  // a = u32 residency code of a sparse ImageSample / ImageLoad (CheckAccessFullyMapped): bool
};

struct Expression {
  ExprKind kind = ExprKind::ZeroValue;
  uint8_t op = 0;  // UnaryOp / BinaryOp / MathFunction / RelationalFunction
  BuiltIn builtin = BuiltIn::None;
  Handle<Type> type;  // result type (always set)
  Handle<Expression> a, b, c, d;
  uint32_t index = 0;  // AccessIndex index, FunctionArgument index, Swizzle pattern
  Literal literal;     // Literal
  Handle<Constant> constant;
  Handle<GlobalVariable> global;
  uint32_t local = ~0u;       // LocalVariable: index into Function::locals
  Handle<Function> function;  // CallResult
  Range operands;             // Compose: range in Function::operands
  // ImageSample only (see SampleKind): the kind, its extra operands, and an optional
  // constant texel offset.
  SampleKind sample = SampleKind::Implicit;
  Handle<Expression> bias, gradX, gradY, depthRef, minLod, dynOffset;
  Handle<Constant> offset;  // also ImageLoad: a constant texel offset
  bool sparse = false;      // ImageSample / ImageLoad: struct { u32 residency, texel } result
  // Access / AccessIndex into an array of resources only: the index is not dynamically
  // uniform (NonUniformResourceIndex); see ARRAYS OF RESOURCES above.
  bool nonUniform = false;
  // Load through a PhysicalStorage pointer: the SPIR-V `Aligned` memory operand (every such
  // access has one; 0: the natural alignment of the loaded type).
  uint32_t align = 0;
};

// Swizzle pattern helpers: component i of the result takes source component
// (pattern >> (2*i)) & 3.
constexpr uint32_t swizzlePattern(uint32_t c0, uint32_t c1 = 0, uint32_t c2 = 0, uint32_t c3 = 0) {
  return c0 | (c1 << 2) | (c2 << 4) | (c3 << 6);
}
constexpr uint32_t swizzleComponent(uint32_t pattern, uint32_t i) { return (pattern >> (2 * i)) & 3; }

// ---------------------------------------------------------------- statements
struct Block;
struct Statement;

struct SwitchCase {
  bool isDefault = false;
  int64_t value = 0;  // case literal (interpreted in the selector's type)
  Handle<Block> body;
  bool fallThrough = false;  // control continues into the next case's body
};

enum class StmtKind : uint8_t {
  Emit,    // range: expressions [first, first+count) are evaluated here, in order
  Block,   // block0
  If,      // a = condition, block0 = accept, block1 = reject (may be invalid)
  Switch,  // a = selector (Sint/Uint 32), range = cases in Function::cases
  Loop,    // block0 = body, block1 = continuing, a = break_if (optional; checked after continuing)
  Break,
  Continue,
  Return,      // a = value (optional)
  Kill,        // discard
  Store,       // a = pointer, b = value
  Call,        // function, range = arguments in Function::operands, result (CallResult) optional
  Atomic,      // op = AtomicOp, a = pointer, b = value, c = compare (CompareExchange), result (AtomicResult) optional
  Barrier,     // control (bool), execScope, memScope, memory (BarrierMemory bits)
  Subgroup,    // op = SubgroupOp, collective, a = argument (may be invalid: Elect, Ballot of true),
               // b = lane / delta (Broadcast, Shuffle*, QuadBroadcast), result (SubgroupResult)
  ImageStore,  // a = storage image, b = coordinate (integer), c = texel (vector of 4 of the sampled scalar)
  SpirvInst,   // inline SPIR-V: Function::spirvInsts[index]; result (SpirvInstResult) optional. SPIR-V only:
               // the driver reports inline SPIR-V for MSL / WGSL before lowering (OSH4101 / OSH5101)
  Debug,       // op = DebugOp. Printf: index = the format in Function::strings, range = the arguments in
               // Function::operands (scalars and vectors); SPIR-V NonSemantic.DebugPrintf / DebugBreak,
               // which a driver may ignore: the text targets have neither and drop it with a warning
};
enum class DebugOp : uint8_t { Printf, Break };

// Optimisation hints on structured control flow (HLSL [unroll], [loop], [fastopt] on loops;
// [branch], [flatten] on if and switch): SPIR-V LoopControl / SelectionControl. The text
// targets have no such controls and say so (a warning) when a hint is present.
enum class ControlHint : uint8_t { None, Unroll, DontUnroll, Flatten, DontFlatten };
const char* controlHintName(ControlHint h);  // "[unroll]", for diagnostics

struct Statement {
  StmtKind kind = StmtKind::Emit;
  uint8_t op = 0;
  ControlHint hint = ControlHint::None;  // Loop, If, Switch
  CollectiveOp collective = CollectiveOp::None;
  bool control = false;  // Barrier: ControlBarrier (true) or MemoryBarrier
  MemoryScope execScope = MemoryScope::Workgroup, memScope = MemoryScope::Workgroup;
  uint8_t memory = 0;  // Barrier: BarrierMemory bits
  Handle<Expression> a, b, c;
  Handle<Expression> result;
  Handle<Block> block0, block1;
  Handle<Function> function;
  Range range;         // Emit / Switch / Call
  uint32_t index = 0;  // SpirvInst: index into Function::spirvInsts
  uint32_t align = 0;  // Store through a PhysicalStorage pointer: `Aligned` (0: natural)
};

struct Block {
  std::vector<Handle<Statement>> stmts;
};

// ---------------------------------------------------------------- inline SPIR-V
// DXC's inline SPIR-V (shared/design/inline-spirv.md): instructions the HLSL source spells
// by opcode. Only the SPIR-V backend reads these; the text targets never see them (the
// driver rejects inline SPIR-V for MSL and WGSL at the HLSL use, before lowering).
//
// One operand of an inline instruction, in order.
struct SpirvOperand {
  enum class Kind : uint8_t {
    Id,       // the id of `value`: a value, or a pointer ([[vk::ext_reference]])
    Literal,  // literal words ([[vk::ext_literal]], execution-mode operands)
    TypeId,   // the id of `type` (vk::CooperativeMatrixLength<T>: OpCooperativeMatrixLengthKHR's
              // operand is the matrix type, not a value)
  } kind = Kind::Id;
  Handle<Expression> value;
  std::vector<uint32_t> words;
  Handle<Type> type;  // TypeId
};

struct SpirvInstruction {
  // Where the instruction goes: the function body (the call site), the entry point's
  // execution modes (vk::ext_execution_mode[_id]: `opcode` is OpExecutionMode /
  // OpExecutionModeId and the entry point id is prepended), or the types-and-constants
  // section (OpConstant / OpSpecConstant spelled by hand).
  enum class Placement : uint8_t { Body, ExecutionMode, Global } placement = Placement::Body;
  uint32_t opcode = 0;
  std::string set;          // extended instruction set: the instruction is OpExtInst from it
  bool hasResult = false;   // core opcodes with a void return have no result type or id
  Handle<Type> resultType;  // invalid with a result: %void (OpExtInst returning void)
  std::vector<SpirvOperand> operands;
  SpirvRequirements requirements;
  std::string declName;  // the HLSL declaration ("bitReverse64"), for diagnostics
  SourceRange declRange;
};

// ---------------------------------------------------------------- functions
struct FunctionArgument {
  std::string name;
  Handle<Type> type;
  Binding binding;  // entry points only
  // [[vk::ext_decorate*]]: on the OpFunctionParameter, or (entry points) on the stage
  // input variable (a Location or BuiltIn there replaces the automatic one).
  std::vector<SpirvDecoration> spirvDecorations;
  SourceRange declRange;  // debug information: the HLSL parameter's name (invalid: none)
};

struct FunctionResult {
  Handle<Type> type;
  Binding binding;                                // entry points only (a struct result's members carry their own)
  std::vector<SpirvDecoration> spirvDecorations;  // entry points: on the stage output variable
};

struct LocalVariable {
  std::string name;
  Handle<Type> type;                              // stored type
  Handle<Constant> init;                          // optional
  std::vector<SpirvDecoration> spirvDecorations;  // [[vk::ext_decorate*]]
  // Debug information only (SPIR-V NonSemantic.Shader.DebugInfo.100): the name of the HLSL
  // declaration this variable holds (invalid for the temporaries lowering makes), and for
  // the copy of a value parameter its 1-based position in the parameter list (0 otherwise).
  SourceRange declRange;
  uint32_t parameter = 0;
};

// Debug information only: a compound statement `{ ... }` of a function's source, the scope
// of the variables declared in it. `parent` is the enclosing one's index in
// Function::scopes, ~0u for the function's body. Lowering lists them outer before inner.
struct LexicalScope {
  SourceRange range;
  uint32_t parent = ~0u;
};

struct Function {
  std::string name;
  std::vector<FunctionArgument> arguments;
  std::optional<FunctionResult> result;
  std::vector<LocalVariable> locals;
  Arena<Expression> expressions;
  std::vector<SourceRange> exprRanges;  // parallel to expressions
  Arena<Statement> statements;
  std::vector<SourceRange> stmtRanges;  // parallel to statements
  Arena<Block> blocks;
  std::vector<Handle<Expression>> operands;  // Compose components, Call arguments
  std::vector<SwitchCase> cases;
  Handle<Block> body;
  SourceRange range;
  // Debug information: the declaration from its return type on (without attributes), and
  // its compound statements (LexicalScope).
  SourceRange declRange;
  std::vector<LexicalScope> scopes;
  bool noInline = false;                          // HLSL [noinline]: SPIR-V DontInline
  std::vector<SpirvInstruction> spirvInsts;       // SpirvInst statements
  std::vector<std::string> strings;               // Debug Printf formats
  std::vector<SpirvDecoration> spirvDecorations;  // [[vk::ext_decorate]] on the function (OpDecorate %fn)
  // Inline SPIR-V requirements of the function itself (its attributes, its parameters' and
  // locals'): declared when the function is emitted.
  SpirvRequirements spirvRequirements;

  const Expression& expr(Handle<Expression> h) const { return expressions[h]; }
  const Statement& stmt(Handle<Statement> h) const { return statements[h]; }
  const Block& block(Handle<Block> h) const { return blocks[h]; }
  SourceRange exprRange(Handle<Expression> h) const {
    return h.index < exprRanges.size() ? exprRanges[h.index] : SourceRange{};
  }
  SourceRange stmtRange(Handle<Statement> h) const {
    return h.index < stmtRanges.size() ? stmtRanges[h.index] : SourceRange{};
  }
  const Handle<Expression>* operandsOf(Range r) const { return operands.data() + r.first; }
};

// Pixel-shader execution modes from vk:: attributes (DXC's SPIR-V.rst): SPIR-V execution
// modes; MSL and WGSL have none of them and warn.
enum FragmentMode : uint32_t {
  FragPostDepthCoverage = 1u << 0,      // [[vk::post_depth_coverage]]
  FragEarlyAndLateTests = 1u << 1,      // [[vk::early_and_late_tests]]
  FragDepthUnchanged = 1u << 2,         // [[vk::depth_unchanged]]
  FragStencilUnchangedFront = 1u << 3,  // [[vk::stencil_ref_unchanged_front]]
  FragStencilGreaterFront = 1u << 4,    // [[vk::stencil_ref_greater_equal_front]]
  FragStencilLessFront = 1u << 5,       // [[vk::stencil_ref_less_equal_front]]
  FragStencilUnchangedBack = 1u << 6,   // [[vk::stencil_ref_unchanged_back]]
  FragStencilGreaterBack = 1u << 7,     // [[vk::stencil_ref_greater_equal_back]]
  FragStencilLessBack = 1u << 8,        // [[vk::stencil_ref_less_equal_back]]
  FragModeCount = 9,
};
const char* fragmentModeAttribute(uint32_t bit);  // "[[vk::post_depth_coverage]]"

struct EntryPoint {
  std::string name;
  Stage stage = Stage::Compute;
  Handle<Function> function;
  uint32_t workgroupSize[3] = {1, 1, 1};  // specialised dimensions: the default
  // A dimension set by a specialization constant ([numthreads(N, 1, 1)] with a
  // [[vk::constant_id]] N): a u32 constant, `spec` or a Convert SpecOp of one (an int N);
  // invalid for a fixed dimension. SPIR-V LocalSizeId (SPIR-V 1.6) or the WorkgroupSize
  // built-in, WGSL @workgroup_size(N), MSL: the host's threadsPerThreadgroup.
  Handle<Constant> workgroupSizeSpec[3];
  bool earlyFragmentTests = false;
  uint32_t fragmentModes = 0;  // FragmentMode bits (pixel entry points)
  SourceRange range;
};

struct Module {
  TypeArena types;
  Arena<Constant> constants;
  std::vector<Handle<Constant>> constantComponents;
  Arena<GlobalVariable> globals;
  Arena<Function> functions;
  std::vector<EntryPoint> entryPoints;
  // Debug information only: where the source declares a struct type, by type index (a
  // shorter vector, or an invalid `name`, for types without a declaration): the struct's
  // (or cbuffer's) name and each member's, in member order. Never part of a type's identity.
  struct StructSource {
    SourceRange name;
    std::vector<SourceRange> members;
  };
  std::vector<StructSource> structSources;

  const EntryPoint* findEntryPoint(std::string_view name) const;
};

// ---------------------------------------------------------------- helpers
// Scalar of a scalar/vector/matrix/atomic type; nullopt otherwise.
std::optional<Scalar> scalarOf(const TypeArena& types, Handle<Type> t);
// Component count: 1 for scalars, size for vectors; 0 otherwise.
uint32_t componentCount(const TypeArena& types, Handle<Type> t);
// The record for an HLSL barrier intrinsic (see the table above).
struct BarrierInfo {
  bool control;
  MemoryScope execScope, memScope;
  uint8_t memory;
};
BarrierInfo hlslBarrier(HlslBarrier b);

// How many times each expression of `f` is an operand (of another expression or of a
// non-Emit statement): the text writers inline single-use expressions and name the rest.
std::vector<uint32_t> countExpressionUses(const Function& f);

// Readable text dump of a module (deterministic).
std::string print(const Module& m);
std::string typeName(const TypeArena& types, Handle<Type> t);

}  // namespace oneshader::ir

namespace oneshader {
class DiagEngine;
namespace ir {
// Structural validation: handles in range, operand types, Emit-before-use, structured
// control flow, pointers where pointers are needed. Reports OSH9999 (InternalError)
// naming the function and node. Returns true when the module is well formed.
bool validate(const Module& m, DiagEngine& diags);
}  // namespace ir
}  // namespace oneshader
