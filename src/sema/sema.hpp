// Semantic analysis: names, types, conversions, overloads, templates, constants, attributes.
// Annotates the AST in place (see the annotation contract in sema/type.hpp) and produces a
// sema::Program: the entry points and the global resources/variables lowering needs.
//
// Usage:
//   sema::TypeContext types;
//   sema::Sema sema(astCtx, types, diags, opts);
//   bool ok = sema.check(tu);            // false when errors were reported
//   const sema::Program& prog = sema.program();
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "diag/diag.hpp"
#include "intrinsics/intrinsics.hpp"
#include "sema/type.hpp"
#include "syntax/ast.hpp"

namespace oneshader::sema {

struct SemaOptions {
  bool enable16BitTypes = false;  // -enable-16bit-types
  std::string entryPoint;         // -E (empty: entry points come from [shader("...")])
  std::string profile;            // -T, e.g. "cs_6_0" (its prefix gives the -E entry's stage)
  uint32_t hlslVersion = 2021;    // -HV
};

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
  Callable,  // the ray tracing pipeline
  Library,
};
const char* stageName(Stage s);  // "compute", "pixel", "closesthit", ...
inline bool isRayTracingStage(Stage s) { return s >= Stage::RayGeneration && s <= Stage::Callable; }
// "cs_6_0" -> Compute; "ps_6_5" -> Pixel; false when not a stage profile.
bool stageFromProfile(std::string_view profile, Stage& out);
// "compute" -> Compute ([shader("...")] spelling); false when unknown.
bool stageFromName(std::string_view name, Stage& out);

// Compute-stage system values (and the ones other stages use, for reflection).
enum class SystemValue : uint8_t {
  None,  // a user semantic (TEXCOORD0, ...)
  DispatchThreadID,
  GroupID,
  GroupThreadID,
  GroupIndex,
  Position,
  Target,
  VertexID,
  InstanceID,
  IsFrontFace,
  SampleIndex,
  Depth,
};

struct EntryParam {
  ast::ParamDecl* decl = nullptr;
  SystemValue sv = SystemValue::None;
  std::string semantic;  // as written
  uint32_t semanticIndex = 0;
};

struct EntryPoint {
  ast::FunctionDecl* decl = nullptr;
  std::string name;
  Stage stage = Stage::Compute;
  uint32_t numThreads[3] = {1, 1, 1};  // compute/mesh/amplification: [numthreads(x, y, z)]
  // A dimension that names a [[vk::constant_id]] constant: the argument (numThreads holds
  // the constant's default); nullptr for an integer constant.
  const ast::Expr* numThreadsSpec[3] = {nullptr, nullptr, nullptr};
  bool hasNumThreads = false;
  std::vector<EntryParam> params;
  std::string returnSemantic;
  // User functions reachable from this entry point (callees first, entry last), for lowering.
  std::vector<ast::FunctionDecl*> callGraph;
};

struct Binding {
  char regClass = 0;  // 't','u','b','s','c' from register(...); 0 if none
  uint32_t index = 0;
  uint32_t space = 0;
  bool hasRegister = false;
  bool spaceWritten = false;  // register(..., spaceM) named the space (else -auto-binding-space's)
  bool hasVkBinding = false;  // [[vk::binding(b, s)]]
  bool vkSetWritten = false;  // [[vk::binding(b, s)]] named the set
  uint32_t vkBinding = 0, vkSet = 0;
  bool hasVkCounterBinding = false;  // [[vk::counter_binding(b)]]
  uint32_t vkCounterBinding = 0;
};

enum class GlobalKind : uint8_t {
  Resource,  // buffers, textures, samplers, ConstantBuffer<T>
  CBuffer,   // cbuffer/tbuffer block (members listed)
  Groupshared,
  Static,             // static (and static const) globals: private per invocation
  Uniform,            // a non-static global outside a cbuffer: member of the implicit $Globals cbuffer
  PushConstant,       // [[vk::push_constant]]: a struct (or ConstantBuffer<struct>) in push-constant memory
  SpecConstant,       // [[vk::constant_id(N)]]: a scalar specialization constant (specId, specDefault)
  SpirvStorageClass,  // [[vk::ext_storage_class(N)]]: a variable in SPIR-V storage class spirvValue
  SpirvBuiltin,       // [[vk::ext_builtin_input/output(B)]]: the Input (Output: spirvOutput) built-in spirvValue
};

struct GlobalVar {
  GlobalKind kind = GlobalKind::Static;
  ast::VarDecl* decl = nullptr;         // for CBuffer: nullptr (see cbuffer)
  ast::CBufferDecl* cbuffer = nullptr;  // for CBuffer
  std::string name;
  const Type* type = nullptr;  // resource / variable type; CBuffer: nullptr
  Binding binding;
  std::vector<ast::VarDecl*> members;  // CBuffer members in order
  uint32_t specId = 0;                 // SpecConstant: the constant_id
  uint8_t imageFormat = 0;             // [[vk::image_format]]: the spv::ImageFormat value (0: none)
  // [[vk::combinedImageSampler]] on a texture or sampler: lowering pairs it with the marked
  // sampler or texture on the same descriptor set and binding (one combined descriptor).
  // [[vk::shader_record_ext]] / [[vk::shader_record_nv]] on a ConstantBuffer<S> (kind
  // PushConstant): the block is in the ShaderRecordBufferKHR storage class instead.
  bool shaderRecord = false;
  bool combinedImageSampler = false;
  uint32_t spirvValue = 0;   // SpirvStorageClass: the class; SpirvBuiltin: the BuiltIn
  bool spirvOutput = false;  // SpirvBuiltin: ext_builtin_output
};

// A folded compile-time constant.
struct ConstValue {
  enum class Kind : uint8_t { None, Bool, Int, Uint, Float } kind = Kind::None;
  int64_t i = 0;  // Bool/Int (sign-extended), Uint (zero-extended)
  uint64_t u = 0;
  double f = 0;
  bool valid() const { return kind != Kind::None; }
  int64_t asInt() const;
  uint64_t asUint() const;
  double asFloat() const;
  bool asBool() const;
};

struct Program {
  std::vector<EntryPoint> entryPoints;
  std::vector<GlobalVar> globals;             // in declaration order
  std::vector<ast::FunctionDecl*> functions;  // every user function with a body that was
                                              // checked, template instantiations included
  std::vector<ast::StructDecl*> structs;      // struct types (instantiated templates included)
  // groupshared variables passed to DispatchMesh (an amplification shader's payload: SPIR-V
  // TaskPayloadWorkgroupEXT storage).
  std::vector<const ast::VarDecl*> meshPayloads;
  // Inline SPIR-V types named by a typedef / using alias with [[vk::ext_capability]] or
  // [[vk::ext_extension]]: the aliases, whose requirements go with the type wherever it is
  // emitted (inline-spirv.md section 6, OneShader's alias rule).
  std::unordered_map<const Type*, std::vector<const ast::TypedefDecl*>> spirvTypeAliases;
};

// The built-in functions of the implicit `vk` namespace (sema_vk.cpp): their ids live in
// CallExpr::intrinsic above every IntrinsicId (lowering and the driver tell them apart).
enum class VkBuiltin : uint32_t {
  First = 0x10000,
  ExtExecutionMode = First,  // vk::ext_execution_mode(mode, literals...)
  ExtExecutionModeId,        // vk::ext_execution_mode_id(mode, ids...)
  ReadClock,                 // vk::ReadClock(scope)
  RawBufferLoad,             // vk::RawBufferLoad<T>(address [, alignment])
  RawBufferStore,            // vk::RawBufferStore<T>(address, value [, alignment])
  BufferPointerGet,          // p.Get() on a vk::BufferPointer: the object (CallExpr::object) is
                             // the pointer, the call an l-value of the pointee type
  StaticPointerCast,         // vk::static_pointer_cast<T, A>(p): a pointer to a base struct
  ReinterpretPointerCast,    // vk::reinterpret_pointer_cast<T, A>(p)
  CooperativeMatrixLength,   // vk::CooperativeMatrixLength<T>(): OpCooperativeMatrixLengthKHR of
                             // the inline type T (CallExpr::templateArgs[0])
  Last = CooperativeMatrixLength,
};
inline bool isVkBuiltin(uint32_t intrinsic) {
  return intrinsic >= uint32_t(VkBuiltin::First) && intrinsic <= uint32_t(VkBuiltin::Last);
}
const char* vkBuiltinName(uint32_t id);  // "ReadClock"

// Methods of RayQuery<FLAGS> (sema_raytracing.cpp, the table in rayquery.def): their ids live
// in CallExpr::intrinsic from RayQueryMethod::First on (above the vk:: built-ins).
enum class RayQueryMethod : uint32_t {
#define RAYQUERY_METHOD(id, ...) id,
#include "sema/rayquery.def"
#undef RAYQUERY_METHOD
  Count,
};
constexpr uint32_t kRayQueryMethodFirst = 0x20000;
inline bool isRayQueryMethod(uint32_t intrinsic) {
  return intrinsic >= kRayQueryMethodFirst && intrinsic < kRayQueryMethodFirst + uint32_t(RayQueryMethod::Count);
}
inline RayQueryMethod rayQueryMethodOf(uint32_t intrinsic) { return RayQueryMethod(intrinsic - kRayQueryMethodFirst); }
const char* rayQueryMethodName(RayQueryMethod m);

// The intrinsics of the ray tracing pipeline stages (TraceRay, ReportHit, CallShader,
// IgnoreHit, AcceptHitAndEndSearch, DispatchRaysIndex and the other system values;
// sema_raytracing.cpp, the table in rtpipeline.def): ids from kRtIntrinsicFirst on.
enum class RtIntrinsic : uint32_t {
#define RT_INTRINSIC(id, ...) id,
#include "sema/rtpipeline.def"
#undef RT_INTRINSIC
  Count,
};
constexpr uint32_t kRtIntrinsicFirst = 0x21000;
inline bool isRtIntrinsic(uint32_t intrinsic) {
  return intrinsic >= kRtIntrinsicFirst && intrinsic < kRtIntrinsicFirst + uint32_t(RtIntrinsic::Count);
}
inline RtIntrinsic rtIntrinsicOf(uint32_t intrinsic) { return RtIntrinsic(intrinsic - kRtIntrinsicFirst); }
const char* rtIntrinsicName(RtIntrinsic i);

class SemaImpl;

// Typed S-expression of a checked expression, e.g. `(+:float (IntToFloat:float i:int) f:float)`;
// implicit casts print as their CastKind name, literals as `1:int`.
std::string dumpTypedExpr(const ast::Expr* e);

class Sema {
 public:
  Sema(ast::AstContext& ctx, TypeContext& types, DiagEngine& diags, const SemaOptions& opts);
  ~Sema();
  Sema(const Sema&) = delete;
  Sema& operator=(const Sema&) = delete;

  // Checks the whole translation unit; returns false if any error was reported.
  bool check(ast::TranslationUnit* tu);
  const Program& program() const;

  // Folded value of a constant expression (literals, static const, enum constants, their
  // arithmetic); an invalid ConstValue when `e` is not constant.
  ConstValue constValue(const ast::Expr* e) const;
  // A specialization-constant expression (sema_impl.hpp, isSpecExpr): it reads a
  // [[vk::constant_id]] constant and lowers to a SpecOp constant tree.
  bool isSpecConstantExpr(const ast::Expr* e) const;
  // A `static const` scalar whose initializer is a specialization-constant expression.
  bool isSpecConstantVar(const ast::VarDecl* v) const;
  // For a compound assignment `a op= b`: the type in which `op` is computed (see the
  // contract in type.hpp). The type of the lhs for anything else.
  const Type* compoundComputationType(const ast::BinaryExpr* e) const;

 private:
  std::unique_ptr<SemaImpl> impl_;
};

}  // namespace oneshader::sema
