// The AST of HLSL 2021, produced by the Parser and annotated in place by Sema.
//
// Memory: every node lives in the arena of an AstContext (a bump allocator); nodes are
// trivially destructible (the arena never runs destructors) and children are arena
// arrays exposed as std::span. Identifiers are interned: two Idents are equal iff they
// point at the same entry.
//
// Downcasting is clang-style: every node has a kind enum and a static classof, and
// isa<T>(n) / cast<T>(n) / dyn_cast<T>(n) work on Decl*, Stmt*, Expr* (const or not).
//
// Sema slots: fields documented "Sema:" are nullptr/empty after parsing; Sema fills them
// (types, resolved declarations, implicit casts, intrinsic ids) and lowering relies on them.
#pragma once
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "syntax/source.hpp"
#include "syntax/token.hpp"

namespace oneshader::sema {
class Type;
}

namespace oneshader::ast {

// ---------------------------------------------------------------------------
// Identifiers
// ---------------------------------------------------------------------------
struct IdentEntry {
  const char* chars;
  uint32_t length;
};

// An interned identifier: a pointer to its table entry. Null ("no name") is allowed.
class Ident {
 public:
  Ident() = default;
  explicit Ident(const IdentEntry* e) : e_(e) {}
  std::string_view str() const { return e_ ? std::string_view(e_->chars, e_->length) : std::string_view(); }
  bool empty() const { return e_ == nullptr; }
  explicit operator bool() const { return e_ != nullptr; }
  const IdentEntry* entry() const { return e_; }
  friend bool operator==(Ident a, Ident b) { return a.e_ == b.e_; }
  friend bool operator!=(Ident a, Ident b) { return a.e_ != b.e_; }
  struct Hash {
    size_t operator()(Ident i) const { return std::hash<const void*>()(i.e_); }
  };

 private:
  const IdentEntry* e_ = nullptr;
};

struct Decl;
struct Stmt;
struct Expr;
struct TypeSpec;
struct StructDecl;
struct FunctionDecl;
struct FieldDecl;
struct VarDecl;
struct CompoundStmt;
struct TemplateParamDecl;
struct TranslationUnit;

// ---------------------------------------------------------------------------
// The context: arena + identifier table
// ---------------------------------------------------------------------------
class AstContext {
 public:
  AstContext() = default;
  AstContext(const AstContext&) = delete;
  AstContext& operator=(const AstContext&) = delete;

  // Raw arena allocation (never freed individually).
  void* allocate(size_t size, size_t align) {
    size_t p = (cur_ + align - 1) & ~(align - 1);
    if (p + size > end_) {
      newChunk(size + align);
      p = (cur_ + align - 1) & ~(align - 1);
    }
    cur_ = p + size;
    return reinterpret_cast<void*>(p);
  }

  // Creates a node. Nodes must be trivially destructible: the arena runs no destructors.
  template <class T, class... A>
  T* make(A&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena nodes must be trivially destructible");
    return new (allocate(sizeof(T), alignof(T))) T(std::forward<A>(args)...);
  }

  // Copies a sequence into the arena.
  template <class T>
  std::span<T> copy(std::span<const T> src) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (src.empty()) return {};
    T* p = static_cast<T*>(allocate(sizeof(T) * src.size(), alignof(T)));
    for (size_t i = 0; i < src.size(); ++i) new (p + i) T(src[i]);
    return std::span<T>(p, src.size());
  }
  template <class T>
  std::span<T> copy(const std::vector<T>& v) {
    return copy(std::span<const T>(v.data(), v.size()));
  }

  // Copies a string into the arena (NUL-terminated); the view stays valid as long as the context.
  std::string_view saveString(std::string_view s) {
    char* p = static_cast<char*>(allocate(s.size() + 1, 1));
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    p[s.size()] = 0;
    return std::string_view(p, s.size());
  }

  // Interns an identifier.
  Ident ident(std::string_view s) {
    auto it = idents_.find(s);
    if (it != idents_.end()) return Ident(it->second);
    std::string_view saved = saveString(s);
    auto* e = make<IdentEntry>(IdentEntry{saved.data(), static_cast<uint32_t>(saved.size())});
    idents_.emplace(saved, e);
    return Ident(e);
  }
  // Looks up without interning (empty Ident when never interned).
  Ident lookupIdent(std::string_view s) const {
    auto it = idents_.find(s);
    return it == idents_.end() ? Ident() : Ident(it->second);
  }

  size_t bytesAllocated() const { return total_; }

 private:
  void newChunk(size_t atLeast) {
    size_t sz = atLeast > kChunk ? atLeast : kChunk;
    // Not zero-filled: every node is constructed in place (issue 11: zeroing the first
    // 64 KB was a fortieth of compiling a small shader).
    chunks_.push_back(std::make_unique_for_overwrite<char[]>(sz));
    cur_ = reinterpret_cast<uintptr_t>(chunks_.back().get());
    end_ = cur_ + sz;
    total_ += sz;
  }
  static constexpr size_t kChunk = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> chunks_;
  uintptr_t cur_ = 0, end_ = 0;
  size_t total_ = 0;
  std::unordered_map<std::string_view, IdentEntry*> idents_;
};

// ---------------------------------------------------------------------------
// isa / cast / dyn_cast
// ---------------------------------------------------------------------------
template <class T, class B>
inline bool isa(const B* n) {
  return n && T::classof(n);
}
template <class T, class B>
inline T* cast(B* n) {
  assert(isa<T>(n));
  return static_cast<T*>(n);
}
template <class T, class B>
inline const T* cast(const B* n) {
  assert(isa<T>(n));
  return static_cast<const T*>(n);
}
template <class T, class B>
inline T* dyn_cast(B* n) {
  return isa<T>(n) ? static_cast<T*>(n) : nullptr;
}
template <class T, class B>
inline const T* dyn_cast(const B* n) {
  return isa<T>(n) ? static_cast<const T*>(n) : nullptr;
}

// ---------------------------------------------------------------------------
// Attributes: [numthreads(64,1,1)], [shader("compute")], [unroll(4)], [[vk::binding(0,1)]].
// Ray payload access qualifiers on fields (`float4 c : read(caller) : write(closesthit);`)
// are also Attributes, with ns "payload" and the stages as DeclRefExpr arguments.
// ---------------------------------------------------------------------------
struct Attribute {
  Ident ns;                    // "vk" for [[vk::binding]]; empty for [numthreads]
  Ident name;                  // "numthreads", "binding", ...
  std::span<Expr*> args;       // argument expressions (string literals for [shader("...")])
  SourceRange range;           // the attribute inside its brackets
  bool doubleBracket = false;  // written [[...]]
  // Sema: the row of sema/attributes.def (kUnknownAttr when not in the table), and whether
  // the table's checks (subject, argument count and kinds) failed, so that handlers skip it.
  static constexpr uint16_t kUnknownAttr = 0xFFFF;
  uint16_t semaId = kUnknownAttr;
  bool invalid = false;
};

// ---------------------------------------------------------------------------
// Type syntax
// ---------------------------------------------------------------------------
// One template argument: exactly one of `type` / `expr` is set.
struct TemplateArg {
  TypeSpec* type = nullptr;
  Expr* expr = nullptr;
};

enum TypeMod : uint16_t {
  TM_Const = 1 << 0,
  TM_RowMajor = 1 << 1,
  TM_ColumnMajor = 1 << 2,
  TM_Snorm = 1 << 3,
  TM_Unorm = 1 << 4,
  TM_Unsigned = 1 << 5,  // `unsigned int` (name stays "int")
  TM_Volatile = 1 << 6,
  TM_GloballyCoherent = 1 << 7,
};

// A written type: [mods] [ns::]*name [<args>] [dims]. E.g. `const row_major float4x4`,
// `vector<float, 4>`, `RWStructuredBuffer<MyStruct>`, `vk::SpirvType<...>`, `Foo::Inner`.
// `name` is "void" for void. `inlineStruct` is set for `struct { ... } x;` / `struct S {..} x;`
// (then `name` is the struct's name, possibly empty).
struct TypeSpec {
  SourceRange range;
  std::span<Ident> qualifiers;  // namespace/struct path before the name: vk::SpirvType -> [vk]
  Ident name;
  std::span<TemplateArg> templateArgs;
  bool hasTemplateArgs = false;     // `Foo<>` has args = {} but hasTemplateArgs = true
  bool leadingGlobalScope = false;  // `::Foo`
  uint16_t mods = 0;                // TypeMod bits
  std::span<Expr*> arrayDims;       // only for abstract types (casts, template args, using X = T[4]);
                                    // nullptr entries are unsized `[]`
  StructDecl* inlineStruct = nullptr;
  // `typename Tmpl<args>::name` (a member type of a class template instance, dependent or
  // not): the path up to and including the template-id; `qualifiers` is then the path after
  // it (`typename A<T>::B::C` -> scopeType A<T>, qualifiers [B], name C). Resolved when the
  // enclosing template is instantiated.
  TypeSpec* scopeType = nullptr;
  // Sema: the resolved type.
  const sema::Type* resolved = nullptr;
};

// register(t0, space1) / register(ps_5_0, b2) / register(space3) is not valid but parsed.
struct RegisterAnnot {
  SourceRange range;
  Ident profile;       // optional shader profile (rare, legacy)
  Ident slot;          // spelling of the slot: "t0", "u12", "b3", "s0", "c4"; empty if absent
  char regClass = 0;   // 't','u','b','s','c' (lower-cased), 0 if no slot
  uint32_t index = 0;  // the number after the class letter
  bool hasSpace = false;
  uint32_t space = 0;  // spaceN
};

// packoffset(c2.y): register 2, component 1.
struct PackOffsetAnnot {
  SourceRange range;
  uint32_t reg = 0;
  uint8_t component = 0;  // 0..3 (x/y/z/w or r/g/b/a)
  bool hasComponent = false;
};

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------
enum class ExprKind : uint8_t {
  IntLiteral,
  FloatLiteral,
  BoolLiteral,
  StringLiteral,
  DeclRef,
  Paren,
  Unary,
  Binary,
  Conditional,
  Cast,          // explicit (T)x
  ImplicitCast,  // inserted by Sema
  Construct,     // float4(a, b), vector<float,4>(x), S(...)
  Call,
  Member,
  Index,
  InitList,
  Sizeof,
  This,
  Error,  // placeholder after a parse error (keeps the tree well-formed)
};

struct Expr {
  ExprKind kind;
  SourceRange range;
  // Sema: the expression's type and whether it designates an l-value.
  const sema::Type* type = nullptr;
  bool isLValue = false;

 protected:
  explicit Expr(ExprKind k) : kind(k) {}
};

// Same enumerators, same order, as oneshader::IntSuffix / FloatSuffix in syntax/lexer.hpp.
enum class IntSuffix : uint8_t { None, U, L, UL, LL, ULL };
struct IntLiteralExpr : Expr {
  IntLiteralExpr() : Expr(ExprKind::IntLiteral) {}
  uint64_t value = 0;
  IntSuffix suffix = IntSuffix::None;
  bool overflow = false;  // malformed or did not fit in 64 bits (the lexer reported it)
  // Sema: the literal-typed expression this literal was folded from (`-16`, `1 << 4`);
  // null for a literal as written. Its subtree keeps its literal types and is not part
  // of the checked tree.
  const Expr* foldedFrom = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::IntLiteral; }
};

enum class FloatSuffix : uint8_t { None, F, H, L };  // 1.0, 1.0f, 1.0h (half), 1.0l / 1.0lf (double)
struct FloatLiteralExpr : Expr {
  FloatLiteralExpr() : Expr(ExprKind::FloatLiteral) {}
  double value = 0;
  FloatSuffix suffix = FloatSuffix::None;
  const Expr* foldedFrom = nullptr;  // as IntLiteralExpr::foldedFrom (`0.1 * 0.05`)
  static bool classof(const Expr* e) { return e->kind == ExprKind::FloatLiteral; }
};

struct BoolLiteralExpr : Expr {
  BoolLiteralExpr() : Expr(ExprKind::BoolLiteral) {}
  bool value = false;
  const Expr* foldedFrom = nullptr;  // as IntLiteralExpr::foldedFrom (`0.1 + 0.2 == 0.3`)
  static bool classof(const Expr* e) { return e->kind == ExprKind::BoolLiteral; }
};

struct StringLiteralExpr : Expr {
  StringLiteralExpr() : Expr(ExprKind::StringLiteral) {}
  std::string_view value;  // escapes processed; adjacent literals concatenated; arena-owned
  static bool classof(const Expr* e) { return e->kind == ExprKind::StringLiteral; }
};

// A name: `x`, `ns::x`, `Color::Red`, `S::staticMember`, `tmpl<int>` (rare).
struct DeclRefExpr : Expr {
  DeclRefExpr() : Expr(ExprKind::DeclRef) {}
  std::span<Ident> qualifiers;
  Ident name;
  std::span<TemplateArg> templateArgs;
  bool hasTemplateArgs = false;
  bool leadingGlobalScope = false;
  // `Tmpl<args>::name`: the qualifier path ends in a template-id (its own qualifiers are the
  // path before it); `qualifiers` is then empty.
  TypeSpec* scopeType = nullptr;
  // Sema: the declaration the name resolves to (VarDecl, FunctionDecl, EnumConstantDecl, ...).
  Decl* decl = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::DeclRef; }
};

struct ParenExpr : Expr {
  ParenExpr() : Expr(ExprKind::Paren) {}
  Expr* sub = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Paren; }
};

enum class UnaryOp : uint8_t { PreInc, PreDec, PostInc, PostDec, Plus, Minus, Not, BitNot };
const char* unaryOpSpelling(UnaryOp op);  // "++" / "--" / "+" / "-" / "!" / "~"
inline bool isPostfix(UnaryOp op) { return op == UnaryOp::PostInc || op == UnaryOp::PostDec; }

struct UnaryExpr : Expr {
  UnaryExpr() : Expr(ExprKind::Unary) {}
  UnaryOp op = UnaryOp::Plus;
  Expr* sub = nullptr;
  SourceRange opRange;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Unary; }
};

enum class BinaryOp : uint8_t {
  Mul,
  Div,
  Rem,
  Add,
  Sub,
  Shl,
  Shr,
  Lt,
  Gt,
  Le,
  Ge,
  Eq,
  Ne,
  BitAnd,
  BitXor,
  BitOr,
  LogAnd,
  LogOr,
  Assign,
  MulAssign,
  DivAssign,
  RemAssign,
  AddAssign,
  SubAssign,
  ShlAssign,
  ShrAssign,
  AndAssign,
  XorAssign,
  OrAssign,
  Comma,
};
const char* binaryOpSpelling(BinaryOp op);  // "*", "+=", ",", ...
inline bool isAssignment(BinaryOp op) { return op >= BinaryOp::Assign && op <= BinaryOp::OrAssign; }
inline bool isCompoundAssignment(BinaryOp op) { return op > BinaryOp::Assign && op <= BinaryOp::OrAssign; }
inline bool isComparison(BinaryOp op) { return op >= BinaryOp::Lt && op <= BinaryOp::Ne; }
// For a compound assignment, the arithmetic operator (AddAssign -> Add).
BinaryOp compoundBaseOp(BinaryOp op);

struct BinaryExpr : Expr {
  BinaryExpr() : Expr(ExprKind::Binary) {}
  BinaryOp op = BinaryOp::Add;
  Expr* lhs = nullptr;
  Expr* rhs = nullptr;
  SourceRange opRange;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Binary; }
};

struct ConditionalExpr : Expr {
  ConditionalExpr() : Expr(ExprKind::Conditional) {}
  Expr* cond = nullptr;
  Expr* thenExpr = nullptr;
  Expr* elseExpr = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Conditional; }
};

// Explicit C-style cast `(float3)x`, `(MyStruct)0`.
struct CastExpr : Expr {
  CastExpr() : Expr(ExprKind::Cast) {}
  TypeSpec* typeSpec = nullptr;
  Expr* sub = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Cast; }
};

enum class CastKind : uint8_t {
  NoOp,          // same type (e.g. dropping const)
  IntegralCast,  // int <-> uint, int16 <-> int32, ...
  FloatingCast,  // half <-> float <-> double
  IntToFloat,
  FloatToInt,
  ToBool,          // numeric -> bool (x != 0)
  BoolToInt,       // bool -> int/uint
  BoolToFloat,     // bool -> float
  VectorSplat,     // scalar -> vector/matrix (replicate)
  VectorTruncate,  // float4 -> float3 (keep leading components)
  MatrixTruncate,  // float4x4 -> float3x3
  VectorToScalar,  // float1 / vector -> scalar (first component)
  ArrayToPointer,  // unused by HLSL; reserved
  Flat,            // element-wise conversion of an aggregate (struct/array) from a flat list
  IntToPointer,    // uint64_t -> vk::BufferPointer (OpConvertUToPtr)
  PointerToInt,    // vk::BufferPointer -> uint64_t (OpConvertPtrToU)
  HeapToResource,  // an entry of a descriptor heap -> the resource type it is read as (SM 6.6)
};
const char* castKindName(CastKind k);

// Sema: an implicit conversion. The element-wise conversion applies per component for
// vectors/matrices (e.g. IntToFloat from int3 to float3).
struct ImplicitCastExpr : Expr {
  ImplicitCastExpr() : Expr(ExprKind::ImplicitCast) {}
  CastKind castKind = CastKind::NoOp;
  Expr* sub = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::ImplicitCast; }
};

// Constructor-style `float4(a, b)`, `vector<float, 4>(x)`, `uint2(0, 0)`, `MyStruct(...)`.
struct ConstructExpr : Expr {
  ConstructExpr() : Expr(ExprKind::Construct) {}
  TypeSpec* typeSpec = nullptr;
  std::span<Expr*> args;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Construct; }
};

// A call by name: `f(x)`, `ns::f(x)`, `f<int>(x)`; a method call `obj.m(x)` (object set,
// name = "m"); `S::staticMethod(x)`. `calleeExpr` is set only for unusual callees that
// are not names (e.g. `(f)(x)`); Sema may reject those.
struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::Call) {}
  std::span<Ident> qualifiers;
  Ident name;
  SourceRange nameRange;
  std::span<TemplateArg> templateArgs;
  bool hasTemplateArgs = false;
  TypeSpec* scopeType = nullptr;  // `Tmpl<args>::f(x)`, as DeclRefExpr::scopeType
  Expr* object = nullptr;         // method calls: `buf.Load(i)`, `Total.InterlockedAdd(0, v)`
  Expr* calleeExpr = nullptr;
  std::span<Expr*> args;
  // Sema: the resolved user function (nullptr for intrinsics) and the intrinsic id.
  FunctionDecl* callee = nullptr;
  uint32_t intrinsic = ~0u;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Call; }
};

// `base.member` (fields, swizzles). Sema sets `field` for struct members, or the swizzle:
// for vectors swizzle[i] is the component 0..3; for matrices (`._m01`, `._12`) swizzle[i]
// is row * 4 + column (0-based).
struct MemberExpr : Expr {
  MemberExpr() : Expr(ExprKind::Member) {}
  Expr* base = nullptr;
  Ident member;
  SourceRange memberRange;
  bool isArrow = false;        // `->` (not HLSL; parsed so Sema can report it)
  FieldDecl* field = nullptr;  // Sema
  uint8_t swizzle[4] = {0, 0, 0, 0};
  uint8_t swizzleLen = 0;        // Sema: > 0 when this is a swizzle
  bool isMatrixSwizzle = false;  // Sema
  static bool classof(const Expr* e) { return e->kind == ExprKind::Member; }
};

struct IndexExpr : Expr {
  IndexExpr() : Expr(ExprKind::Index) {}
  Expr* base = nullptr;
  Expr* index = nullptr;
  // Sema: `t.mips[level][p]` / `t.sample[s][p]` become base `t`, index `p` and this, the
  // mip level or the sample index.
  Expr* level = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Index; }
};

// `{1, 2, {3, 4}}` (elements may be nested InitListExprs).
struct InitListExpr : Expr {
  InitListExpr() : Expr(ExprKind::InitList) {}
  std::span<Expr*> inits;
  static bool classof(const Expr* e) { return e->kind == ExprKind::InitList; }
};

// sizeof(T) or sizeof expr: exactly one of typeSpec / sub.
struct SizeofExpr : Expr {
  SizeofExpr() : Expr(ExprKind::Sizeof) {}
  TypeSpec* typeSpec = nullptr;
  Expr* sub = nullptr;
  static bool classof(const Expr* e) { return e->kind == ExprKind::Sizeof; }
};

struct ThisExpr : Expr {
  ThisExpr() : Expr(ExprKind::This) {}
  static bool classof(const Expr* e) { return e->kind == ExprKind::This; }
};

struct ErrorExpr : Expr {
  ErrorExpr() : Expr(ExprKind::Error) {}
  static bool classof(const Expr* e) { return e->kind == ExprKind::Error; }
};

// ---------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------
enum class DeclKind : uint8_t {
  Var,
  Param,
  Field,
  Function,
  Struct,
  CBuffer,
  Typedef,
  Namespace,
  Enum,
  EnumConstant,
  TemplateParam,
  UsingNamespace,
  StaticAssert,
};

struct Decl {
  DeclKind kind;
  SourceRange range;  // the whole declaration
  Ident name;         // may be empty (anonymous struct, static_assert, ...)
  SourceRange nameRange;
  std::span<Attribute*> attributes;
  Decl* parent = nullptr;  // enclosing struct / namespace / cbuffer / function (params); null at top level

 protected:
  explicit Decl(DeclKind k) : kind(k) {}
};

// Storage and other declaration flags.
enum StorageFlag : uint32_t {
  SF_Static = 1 << 0,
  SF_Const = 1 << 1,  // also mirrored in TypeSpec mods (TM_Const)
  SF_Groupshared = 1 << 2,
  SF_Uniform = 1 << 3,
  SF_Extern = 1 << 4,
  SF_Volatile = 1 << 5,
  SF_Precise = 1 << 6,
  SF_Shared = 1 << 7,
  SF_Inline = 1 << 8,
  SF_Export = 1 << 9,
  SF_Constexpr = 1 << 10,
};

enum InterpFlag : uint8_t {
  IF_Nointerpolation = 1 << 0,
  IF_Linear = 1 << 1,
  IF_Centroid = 1 << 2,
  IF_Noperspective = 1 << 3,
  IF_Sample = 1 << 4,
};

enum class ParamDir : uint8_t { None, In, Out, InOut };

// Geometry/mesh shader parameter qualifiers.
enum class PrimitiveMod : uint8_t {
  None,
  Point,
  Line,
  Triangle,
  LineAdj,
  TriangleAdj,
  Indices,
  Vertices,
  Primitives,
  Payload
};

// A variable: global, local, static, groupshared, resource, parameter (kind Param),
// struct field (FieldDecl, kind Field), cbuffer member (kind Var, parent = the CBufferDecl).
struct VarDecl : Decl {
  VarDecl() : Decl(DeclKind::Var) {}
  TypeSpec* typeSpec = nullptr;
  std::span<Expr*> arrayDims;     // float a[4][2] -> [4, 2]; nullptr entries are `[]`
  Expr* init = nullptr;           // `= expr` or `= {..}` (InitListExpr)
  std::span<Ident> qualifiers;    // out-of-line static member definition `int S::M = 1;` -> [S]
  uint32_t storage = 0;           // StorageFlag bits
  uint8_t interp = 0;             // InterpFlag bits
  ParamDir dir = ParamDir::None;  // params: in/out/inout (None = in)
  PrimitiveMod prim = PrimitiveMod::None;
  Ident semantic;  // `: SV_Position` (empty if none)
  SourceRange semanticRange;
  std::span<RegisterAnnot> registers;
  PackOffsetAnnot* packOffset = nullptr;
  // Sema: the declared type (including array dimensions).
  const sema::Type* type = nullptr;

  static bool classof(const Decl* d) {
    return d->kind == DeclKind::Var || d->kind == DeclKind::Param || d->kind == DeclKind::Field;
  }

 protected:
  explicit VarDecl(DeclKind k) : Decl(k) {}
};

struct ParamDecl : VarDecl {
  ParamDecl() : VarDecl(DeclKind::Param) {}
  uint32_t index = 0;  // position in the parameter list
  static bool classof(const Decl* d) { return d->kind == DeclKind::Param; }
};

struct FieldDecl : VarDecl {
  FieldDecl() : VarDecl(DeclKind::Field) {}
  Expr* bitWidth = nullptr;  // `uint a : 4;` (HLSL 2021 bitfields)
  // Sema: position among the struct's members as stored (Type::fields()). Consecutive
  // bitfields of one type share a member while their bits fit (DXC): `index` is that
  // member's and the value is `bitCount` bits at `bitOffset` in it (bitCount 0: not a
  // bitfield).
  uint32_t index = 0;
  uint8_t bitOffset = 0, bitCount = 0;
  static bool classof(const Decl* d) { return d->kind == DeclKind::Field; }
};

// template<typename T, uint N = 4>
struct TemplateParamDecl : Decl {
  TemplateParamDecl() : Decl(DeclKind::TemplateParam) {}
  bool isType = true;               // typename/class T; otherwise a non-type parameter
  TypeSpec* typeSpec = nullptr;     // non-type: its type
  TypeSpec* defaultType = nullptr;  // type parameter default
  Expr* defaultValue = nullptr;     // non-type parameter default
  uint32_t index = 0;
  static bool classof(const Decl* d) { return d->kind == DeclKind::TemplateParam; }
};

struct FunctionDecl : Decl {
  FunctionDecl() : Decl(DeclKind::Function) {}
  std::span<Ident> qualifiers;  // out-of-line definition `void S::f() {}` -> [S]
  TypeSpec* returnTypeSpec = nullptr;
  std::span<ParamDecl*> params;
  CompoundStmt* body = nullptr;  // nullptr for a prototype
  Ident returnSemantic;          // `float4 main() : SV_Target`
  SourceRange returnSemanticRange;
  std::span<TemplateParamDecl*> templateParams;
  bool isTemplate = false;      // `template<>` gives isTemplate with no params
  uint32_t storage = 0;         // SF_Static, SF_Inline, SF_Export, SF_Precise
  uint8_t interp = 0;           // rare: interpolation modifiers on the return value
  bool isMethod = false;        // declared inside a struct (or S::f out of line)
  bool isConstMethod = false;   // `float get() const`
  StructDecl* owner = nullptr;  // the struct for methods
  Tok overloadedOp = Tok::eof;  // `operator+` -> Tok::plus; `operator[]` -> l_square; `operator()` -> l_paren
  // Sema: the resolved return type.
  const sema::Type* returnType = nullptr;
  static bool classof(const Decl* d) { return d->kind == DeclKind::Function; }
};

enum class TagKind : uint8_t { Struct, Class, Interface };

struct StructDecl : Decl {
  StructDecl() : Decl(DeclKind::Struct) {}
  TagKind tag = TagKind::Struct;
  std::span<TypeSpec*> bases;    // struct D : B, I
  std::span<Decl*> members;      // in order: fields, methods, static vars, nested types, typedefs
  std::span<FieldDecl*> fields;  // the non-static data members, in order
  std::span<FunctionDecl*> methods;
  std::span<TemplateParamDecl*> templateParams;
  bool isTemplate = false;
  // `template <> struct S<int, float> { ... }`: an explicit specialization of template S for
  // these arguments (isTemplate is set, templateParams empty); with parameters, a partial one.
  std::span<TemplateArg> specArgs;
  bool isSpecialization = false;
  bool isDefinition = false;  // false for a forward declaration `struct S;`
  // Sema: the struct type.
  const sema::Type* type = nullptr;
  static bool classof(const Decl* d) { return d->kind == DeclKind::Struct; }
};

struct CBufferDecl : Decl {
  CBufferDecl() : Decl(DeclKind::CBuffer) {}
  bool isTBuffer = false;
  std::span<RegisterAnnot> registers;
  std::span<Decl*> members;  // VarDecls (parent = this); may also hold nested decls
  static bool classof(const Decl* d) { return d->kind == DeclKind::CBuffer; }
};

// typedef float4 Color; typedef float F[4]; using V = vector<float, 3>; template<class T> using P = T;
struct TypedefDecl : Decl {
  TypedefDecl() : Decl(DeclKind::Typedef) {}
  TypeSpec* typeSpec = nullptr;
  std::span<Expr*> arrayDims;
  bool isUsing = false;
  std::span<TemplateParamDecl*> templateParams;
  bool isTemplate = false;
  const sema::Type* type = nullptr;  // Sema
  static bool classof(const Decl* d) { return d->kind == DeclKind::Typedef; }
};

struct NamespaceDecl : Decl {
  NamespaceDecl() : Decl(DeclKind::Namespace) {}
  std::span<Decl*> decls;
  static bool classof(const Decl* d) { return d->kind == DeclKind::Namespace; }
};

struct EnumConstantDecl : Decl {
  EnumConstantDecl() : Decl(DeclKind::EnumConstant) {}
  Expr* value = nullptr;  // explicit `= expr`, else nullptr
  // Sema: the constant's value.
  int64_t constValue = 0;
  static bool classof(const Decl* d) { return d->kind == DeclKind::EnumConstant; }
};

struct EnumDecl : Decl {
  EnumDecl() : Decl(DeclKind::Enum) {}
  bool isScoped = false;           // enum class / enum struct
  TypeSpec* underlying = nullptr;  // `enum E : uint`
  std::span<EnumConstantDecl*> enumerators;
  const sema::Type* type = nullptr;  // Sema
  static bool classof(const Decl* d) { return d->kind == DeclKind::Enum; }
};

// using namespace a::b;
struct UsingNamespaceDecl : Decl {
  UsingNamespaceDecl() : Decl(DeclKind::UsingNamespace) {}
  std::span<Ident> path;  // [a, b]
  static bool classof(const Decl* d) { return d->kind == DeclKind::UsingNamespace; }
};

// static_assert(cond, "message");
struct StaticAssertDecl : Decl {
  StaticAssertDecl() : Decl(DeclKind::StaticAssert) {}
  Expr* cond = nullptr;
  StringLiteralExpr* message = nullptr;  // optional
  static bool classof(const Decl* d) { return d->kind == DeclKind::StaticAssert; }
};

// ---------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------
enum class StmtKind : uint8_t {
  Compound,
  Decl,
  Expr,
  If,
  For,
  While,
  DoWhile,
  Switch,
  Case,
  Break,
  Continue,
  Return,
  Discard,
  Empty,
};

struct Stmt {
  StmtKind kind;
  SourceRange range;
  std::span<Attribute*> attributes;  // [unroll], [loop], [branch], [flatten], [forcecase], ...

 protected:
  explicit Stmt(StmtKind k) : kind(k) {}
};

struct CompoundStmt : Stmt {
  CompoundStmt() : Stmt(StmtKind::Compound) {}
  std::span<Stmt*> body;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Compound; }
};

// `int a = 1, b;` -> two VarDecls sharing one TypeSpec. May also hold local struct/typedef decls.
struct DeclStmt : Stmt {
  DeclStmt() : Stmt(StmtKind::Decl) {}
  std::span<Decl*> decls;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Decl; }
};

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::Expr) {}
  Expr* expr = nullptr;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Expr; }
};

struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::If) {}
  Expr* cond = nullptr;
  Stmt* thenStmt = nullptr;
  Stmt* elseStmt = nullptr;  // may be nullptr
  static bool classof(const Stmt* s) { return s->kind == StmtKind::If; }
};

struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::For) {}
  Stmt* init = nullptr;  // DeclStmt or ExprStmt or nullptr
  Expr* cond = nullptr;  // may be nullptr
  Expr* inc = nullptr;   // may be nullptr
  Stmt* body = nullptr;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::For; }
};

struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::While) {}
  Expr* cond = nullptr;
  Stmt* body = nullptr;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::While; }
};

struct DoWhileStmt : Stmt {
  DoWhileStmt() : Stmt(StmtKind::DoWhile) {}
  Stmt* body = nullptr;
  Expr* cond = nullptr;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::DoWhile; }
};

// One `case V:` or `default:` label with the statements up to the next label (empty body =
// falls through into the next case).
struct CaseStmt : Stmt {
  CaseStmt() : Stmt(StmtKind::Case) {}
  Expr* value = nullptr;  // nullptr for default
  bool isDefault = false;
  std::span<Stmt*> body;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Case; }
};

// switch (cond) { case ...: ... }. The body is structured: a list of CaseStmts in order.
struct SwitchStmt : Stmt {
  SwitchStmt() : Stmt(StmtKind::Switch) {}
  Expr* cond = nullptr;
  std::span<CaseStmt*> cases;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Switch; }
};

struct BreakStmt : Stmt {
  BreakStmt() : Stmt(StmtKind::Break) {}
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Break; }
};
struct ContinueStmt : Stmt {
  ContinueStmt() : Stmt(StmtKind::Continue) {}
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Continue; }
};
struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::Return) {}
  Expr* value = nullptr;
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Return; }
};
struct DiscardStmt : Stmt {
  DiscardStmt() : Stmt(StmtKind::Discard) {}
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Discard; }
};
struct EmptyStmt : Stmt {
  EmptyStmt() : Stmt(StmtKind::Empty) {}
  static bool classof(const Stmt* s) { return s->kind == StmtKind::Empty; }
};

// ---------------------------------------------------------------------------
// The translation unit
// ---------------------------------------------------------------------------
struct TranslationUnit {
  std::span<Decl*> decls;
  SourceRange range;
};

// ---------------------------------------------------------------------------
// Dumping (ast_dump.cpp): a stable indented text form for tests and debugging.
// Expressions print as S-expressions, e.g. `(+ a (* b c))`, `(cast float3 x)`.
// ---------------------------------------------------------------------------
std::string dumpAst(const TranslationUnit& tu);
std::string dumpDecl(const Decl* d);
std::string dumpStmt(const Stmt* s);
std::string dumpExpr(const Expr* e);
std::string dumpTypeSpec(const TypeSpec* t);

}  // namespace oneshader::ast
