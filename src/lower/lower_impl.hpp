// Internal state of lowering, shared by lower_decl.cpp / lower_stmt.cpp / lower_expr.cpp /
// lower_call.cpp. Not a public interface.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "intrinsics/intrinsics.hpp"
#include "ir/builder.hpp"
#include "lower/bindings.hpp"
#include "lower/layout.hpp"
#include "ir/util.hpp"
#include "lower/lower.hpp"

namespace oneshader::lower {

// `e` without the parentheses and no-op implicit casts around it (lower_expr.cpp).
const ast::Expr* stripNoOps(const ast::Expr* e);
// Whether an index derives from NonUniformResourceIndex(...) (lower_expr.cpp).
bool usesNonUniformIndex(const ast::Expr* e, int depth = 0);

// Thrown after a coded diagnostic was reported: abandons the current function.
struct LowerAbort {};

struct MeshOutput;

// A place in memory: `ptr` points at a value of sema type `type`; when swizzleLen > 0 the
// designated value is that swizzle of the vector at `ptr`.
// An element of a texture / typed buffer (`Tex[p]`, `RWTex[p] = v`) has no pointer: it
// is `image` at `coord` (with `lod` for sampled textures), read and written as a texel.
struct LValue {
  ir::Handle<ir::Expression> ptr;
  const sema::Type* type = nullptr;
  uint8_t swizzle[4] = {0, 0, 0, 0};
  uint8_t swizzleLen = 0;
  // With swizzleLen > 0: the swizzle is a matrix one (`m._m01_m10`), entries row * 4 + col
  // of the HLSL matrix at `ptr` (IR column `row`, component `col`).
  bool matrixSwizzle = false;
  ir::Handle<ir::Expression> image, coord, lod;
  bool isImage() const { return image.valid(); }
  // `p.Get()` of a vk::BufferPointer<T, A> with A != 0: loads of it are `Aligned A` (DXC).
  uint32_t align = 0;
  // A mesh shader output array (`out vertices V verts[N]`, indices, primitives) or a struct
  // inside one element of it, before it reaches one stage variable: `ptr` is invalid, the
  // leaves from `meshLeaf` on are the value's, `meshIndex` (once indexed) the element.
  const MeshOutput* mesh = nullptr;
  ir::Handle<ir::Expression> meshIndex;
  uint32_t meshLeaf = 0;
  // A mesh shader SV_ClipDistance / SV_CullDistance value: `ptr` points at the vertex's
  // float array and the swizzle names the value's elements in it.
  bool meshClip = false;
  // SPV_NV_mesh_shader indices: the element's values are at meshFlatBase + swizzle[k] of
  // the flat uint array `ptr` points at.
  ir::Handle<ir::Expression> meshFlatBase;
  // A bitfield: `ptr` points at its storage member; loads extract its bits, stores insert them.
  const ast::FieldDecl* bitfield = nullptr;
};

// The stage variables of one mesh shader output array, one per leaf of its element type.
struct MeshOutput {
  const ast::ParamDecl* param = nullptr;
  uint32_t count = 0;
  std::vector<ir::Handle<ir::GlobalVariable>> globals;
  std::vector<ir::Handle<ir::Type>> declTypes, ioTypes;
  // Per leaf: its first element in the shared ClipDistance / CullDistance array, or -1.
  std::vector<int32_t> clipOffsets;
  uint32_t flatWidth = 0;  // SPV_NV_mesh_shader indices: values per primitive (2 or 3)
};

struct GlobalRef {
  ir::Handle<ir::GlobalVariable> global;
  int32_t member = -1;                   // cbuffer / $Globals member index, -1 for the global itself
  const sema::Type* resource = nullptr;  // resource globals: the resource type (an array's element type)
  // An array of resources (`Texture2D ts[4]`): its size. resourceRef() resolves `ts[i]` to a
  // GlobalRef with `index` set (the lowered index) and `nonUniform` when the index comes
  // from NonUniformResourceIndex.
  // kRuntimeArray for a runtime-sized one (`Texture2D ts[]`, a descriptor heap).
  static constexpr uint32_t kRuntimeArray = ~0u;
  uint32_t arraySize = 0;
  ir::Handle<ir::Expression> index;
  bool nonUniform = false;
  bool isElement() const { return index.valid(); }
  // A whole global (or a cbuffer / $Globals member): no element index.
  static GlobalRef of(ir::Handle<ir::GlobalVariable> g, int32_t member = -1, const sema::Type* resource = nullptr,
                      uint32_t arraySize = 0) {
    GlobalRef r;
    r.global = g;
    r.member = member;
    r.resource = resource;
    r.arraySize = arraySize;
    return r;
  }
};

class Lowerer {
 public:
  Lowerer(const ast::TranslationUnit& tu, const sema::Program& program, const sema::Sema& sema,
          const LowerOptions& options, DiagEngine& diags);
  std::unique_ptr<ir::Module> run();

  // ---- diagnostics
  [[noreturn]] void unsupported(SourceRange r, const std::string& what);
  [[noreturn]] void internal(SourceRange r, const std::string& what);
  void reportOnce(DiagId id, SourceRange r, const std::string& what);
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, std::string>> reported_;

  // ---- types (lower_decl.cpp)
  ir::Scalar irScalar(const sema::Type* scalarType, SourceRange r);
  ir::Handle<ir::Type> irType(const sema::Type* t, SourceRange r);  // layout-free
  ir::Handle<ir::Type> memType(const sema::Type* t, LayoutEngine& le, HlslMajor major, SourceRange r);
  [[noreturn]] void tooLargeForBuffer(const sema::Type* t, LayoutEngine& le, SourceRange r);  // OSH0151
  // vk::BufferPointer<T, A>: a PhysicalStorage pointer to T laid out with the storage-buffer
  // rule, whatever memory holds the pointer; one per T (a linked list's node type refers
  // to itself through a forward pointer).
  ir::Handle<ir::Type> bufferPointerType(const sema::Type* t, SourceRange r);
  std::unordered_map<const sema::Type*, ir::Handle<ir::Type>> bufferPointers_;
  std::unordered_set<const sema::Type*> pointeesInProgress_;
  // A 64-bit integer <-> PhysicalStorage pointer conversion, or a pointer bitcast.
  ir::Handle<ir::Expression> pointerCast(ir::Handle<ir::Expression> v, ir::Handle<ir::Type> to, bool bitcast);
  ir::Handle<ir::Expression> bufferPointerBuiltin(const ast::CallExpr* c);
  std::optional<uint32_t> vkOffset(const ast::VarDecl* v);
  // vk::SpirvType / vk::SpirvOpaqueType (lower_spirv_type.cpp): an ir TypeKind::SpirvType,
  // or a first-class pointer for SpirvOpaqueType<OpTypePointer, Literal<SC>, T>.
  ir::Handle<ir::Type> spirvType(const sema::Type* t, SourceRange r);
  ir::Handle<ir::Type> spirvOperandType(const sema::Type* t, SourceRange r);
  ir::Handle<ir::Type> spirvMemType(const sema::Type* t, SourceRange r);  // in laid-out memory
  void checkExplicitOffsets(LayoutEngine& le, const std::vector<LayoutEngine::Member>& ms, ir::Handle<ir::Type> st,
                            const std::vector<const ast::VarDecl*>& decls, SourceRange fallback);

  // ---- declarations (lower_decl.cpp)
  void lowerGlobals();
  // A function with resource parameters (`float4 f(Texture2D t, SamplerState s)`), or
  // parameters of structs holding resources, is lowered once per distinct tuple of resource
  // globals passed to it: in that copy the parameters stand for those globals (the way
  // DXC's legalization ends up). `path` is empty for a resource parameter (it is bound as a
  // global); for a resource inside a struct parameter it is the field and constant array
  // indices down to it (its alias slot, lower_resources.cpp), and `literal` names an element
  // of an array of resources when it is one.
  // An interpolant parameter (lower_interpolant.cpp) is a ResourceArg too: `interpolant`
  // is set, `ref.global` is the Input variable the argument reads and `path` the constant
  // indices below it; the parameter keeps its IR argument.
  struct ResourceArg {
    const ast::Decl* param = nullptr;
    GlobalRef ref;
    std::vector<uint32_t> path;
    uint32_t literal = ~0u;
    bool interpolant = false;
  };
  using ResourceArgs = std::vector<ResourceArg>;
  ir::Handle<ir::Function> declareFunction(ast::FunctionDecl* fd, const ResourceArgs& resources = {});
  void lowerFunctionBody(ast::FunctionDecl* fd, ir::Handle<ir::Function> f, const ResourceArgs& resources = {});
  void lowerEntryPoint(const sema::EntryPoint& ep);  // lower_entry.cpp
  // Geometry shaders (lower_stages.cpp): stage variables are Input / Output globals.
  struct StageLeaf {
    std::string semantic;
    const sema::Type* type = nullptr;
    SourceRange range;
    std::span<ast::Attribute*> attrs;
    uint8_t interp = 0;
    ir::Handle<ir::Type> declType, ioType;  // per vertex
    ir::Handle<ir::GlobalVariable> global;
  };
  static bool isStreamType(const sema::Type* t);
  void lowerGeometryEntry(const sema::EntryPoint& ep);
  // A semantic on a struct value, which overrides its fields' (DXC): the leaves take the
  // semantic as written, then its name with the following indices.
  struct SemanticOverride {
    std::string first, name;
    uint32_t index = 0, count = 0;
  };
  void stageLeaves(const sema::Type* t, const std::string& name, std::string_view semantic,
                   std::span<ast::Attribute*> attrs, uint8_t interp, SourceRange range, std::vector<StageLeaf>& out,
                   SemanticOverride* inherit = nullptr);
  ir::Handle<ir::GlobalVariable> stageGlobal(StageLeaf& l, ir::Stage stage, bool input, uint32_t vertices, bool patch,
                                             uint32_t& nextLocation);
  void lowerHullEntry(const sema::EntryPoint& ep);
  void lowerDomainEntry(const sema::EntryPoint& ep);
  ir::Handle<ir::Expression> stageRead(const StageLeaf& l, ir::Handle<ir::Expression> loaded, SourceRange r);
  void stageWrite(const StageLeaf& l, ir::Handle<ir::Expression> ptr, ir::Handle<ir::Expression> v, SourceRange r);
  ir::Handle<ir::Expression> stageValue(const sema::Type* t, const std::vector<StageLeaf>& leaves,
                                        const std::vector<ir::Handle<ir::Expression>>& loaded,
                                        std::optional<uint32_t> vertex, size_t& cursor, SourceRange r);
  void stageStore(const sema::Type* t, ir::Handle<ir::Expression> v, const std::vector<StageLeaf>& leaves,
                  ir::Handle<ir::Expression> vertex, size_t& cursor, SourceRange r);
  ir::Handle<ir::Expression> stageAdapt(ir::Handle<ir::Expression> v, ir::Handle<ir::Type> to, SourceRange r);
  ir::Handle<ir::Expression> streamMethod(const ast::CallExpr* c);
  ir::Handle<ir::Expression> rayQueryMethod(const ast::CallExpr* c);  // lower_raytracing.cpp
  // The ray tracing pipeline (lower_raytracing.cpp): entry points, intrinsics, the variables
  // of its storage classes (one per class and struct type) and its built-ins.
  void lowerRayTracingEntry(const sema::EntryPoint& ep, ir::Stage stage);
  ir::Handle<ir::Expression> rtIntrinsic(const ast::CallExpr* c);
  ir::Handle<ir::GlobalVariable> rtVariable(uint32_t storageClass, const sema::Type* t, SourceRange r);
  std::map<std::pair<uint32_t, const sema::Type*>, ir::Handle<ir::GlobalVariable>> rtVariables_;
  std::map<uint32_t, ir::Handle<ir::GlobalVariable>> rtBuiltins_;  // by SPIR-V BuiltIn
  uint32_t nvLocations_[2] = {0, 0};  // SPV_NV_ray_tracing: next RayPayload / CallableData Location
  // A ray tracing entry point's inout parameter: the Incoming* variable it is (no argument).
  std::unordered_map<const ast::Decl*, ir::Handle<ir::GlobalVariable>> globalParams_;
  std::unordered_map<const sema::Type*, std::vector<StageLeaf>> streamOutputs_;  // by vertex type
  // Mesh and amplification shaders (lower_stages.cpp).
  struct MeshSetup {
    uint32_t topologyMode = 0, maxVertices = 0, maxPrimitives = 0;
    ir::Handle<ir::GlobalVariable> payload;  // `in payload P p`: TaskPayloadWorkgroupEXT
    const ast::ParamDecl* payloadParam = nullptr;
    std::vector<ir::Handle<ir::GlobalVariable>> payloadLeaves;  // SPV_NV_mesh_shader: PerTaskNV inputs
  };
  // SPV_NV_mesh_shader payload variables: one PerTaskNV Input (mesh) or Output
  // (amplification) per leaf of `t`, with its Offset.
  std::vector<ir::Handle<ir::GlobalVariable>> perTaskVariables(const sema::Type* t, const std::string& prefix,
                                                               bool input, SourceRange r);
  ir::Handle<ir::Expression> meshPayloadValue(const MeshSetup& ms, SourceRange r);
  ir::Handle<ir::GlobalVariable> primitiveCountNV_;
  std::unordered_map<const ast::Decl*, std::vector<ir::Handle<ir::GlobalVariable>>> taskOutputsNV_;
  MeshSetup meshSetup(const sema::EntryPoint& ep);
  void meshExecutionModes(const MeshSetup& ms, const sema::EntryPoint& ep);
  void checkTaskInputs(const sema::EntryPoint& ep, bool mesh);
  LValue meshElement(const LValue& base, ir::Handle<ir::Expression> index, const sema::Type* t, SourceRange r);
  LValue meshField(const LValue& base, uint32_t field, const sema::Type* t, SourceRange r);
  ir::Handle<ir::Expression> meshLoad(const LValue& lv, SourceRange r);
  void meshStore(const LValue& lv, ir::Handle<ir::Expression> v, SourceRange r);
  ir::Handle<ir::Expression> meshIntrinsic(const ast::CallExpr* c);
  std::unordered_map<const ast::Decl*, std::unique_ptr<MeshOutput>> meshOutputs_;
  // `out vertices` / `indices` / `primitives` parameters of helpers the entry point passes
  // its own output arrays to: they stand for those arrays' stage variables.
  std::unordered_map<const ast::Decl*, const MeshOutput*> meshAliases_;
  // The associated counter of an RW/Append/Consume structured buffer (DXC's
  // `counter.var.NAME`, a StorageBuffer struct { int counter; }), made on first use.
  ir::Handle<ir::GlobalVariable> counterFor(ir::Handle<ir::GlobalVariable> buffer, SourceRange r);
  std::string reflectUserType(const sema::GlobalVar& g) const;  // -fspv-reflect: SPV_GOOGLE_user_type
  // The sampler half of a vk::SampledTexture global (`NAME_sampler`, its combined image
  // sampler partner; ir.hpp), made on its first sampling use: a comparison sampler for
  // SampleCmp* / GatherCmp* (`comparison` 1), else a plain one (0; -1: either, for
  // CalculateLevelOfDetail). One object sampled both ways keeps its first kind (the IR lets
  // a combined image sampler's sampler serve both; WGSL refuses it). A texture never
  // sampled gets a plain one when the bindings are assigned.
  ir::Handle<ir::GlobalVariable> sampledTextureSampler(ir::Handle<ir::GlobalVariable> texture, int comparison,
                                                       SourceRange r);
  // Assigns every resource's set/binding (after lowering, once all counters exist).
  void assignAllBindings();

  // ---- statements (lower_stmt.cpp)
  void stmt(const ast::Stmt* s);
  void localVar(const ast::VarDecl* v);
  void staticLocal(const ast::VarDecl* v);
  struct StaticLocal {
    ir::Handle<ir::GlobalVariable> var, done;  // done: the init-once guard (may be invalid)
  };
  void initOnce(const StaticLocal& sl, const ast::VarDecl* v);
  // The constant an expression made of literals, constants, composes, splats and constant
  // member accesses evaluates to; nullopt otherwise.
  std::optional<ir::Handle<ir::Constant>> foldConstant(ir::Handle<ir::Expression> e);

  // ---- specialization-constant expressions (lower_spec.cpp)
  // The SpecOp constant tree of an expression Sema's isSpecConstantExpr accepts (a constant
  // of the folded value for any other constant expression); `name` names its root.
  ir::Handle<ir::Constant> specConstExpr(const ast::Expr* e, const std::string& name = {});
  ir::Handle<ir::Constant> specLiteral(const ast::Expr* e);
  ir::Handle<ir::Constant> specConvert(ir::Handle<ir::Constant> c, ir::Scalar to);
  std::unordered_map<const ast::Expr*, ir::Handle<ir::Constant>> specExprs_;

  // ---- expressions (lower_expr.cpp)
  ir::Handle<ir::Expression> expr(const ast::Expr* e);
  LValue lvalue(const ast::Expr* e);
  ir::Handle<ir::Expression> load(const LValue& lv, SourceRange r);
  void store(const LValue& lv, ir::Handle<ir::Expression> v, SourceRange r);
  ir::Handle<ir::Expression> matrixElement(ir::Handle<ir::Expression> m, const sema::Type* t, uint32_t rc);
  // Matrices of more than one row and column. A float one is an IR matrix; any other (int,
  // uint, bool, 16- and 64-bit integers) is an IR array of its row vectors, DXC's type
  // (SPIR-V, MSL and WGSL matrices are float only). Operations on either go row by row
  // (IR column / array element); these helpers treat both kinds alike. A value of an IR
  // array of vectors only reaches arithmetic and conversions when it is such a matrix.
  bool isRowArray(ir::Handle<ir::Type> t);               // a fixed-size IR array of vectors
  bool isMatrixLike(ir::Handle<ir::Type> t);             // an IR matrix or a row array
  uint32_t rowCount(ir::Handle<ir::Type> t);             // IR columns / array elements
  ir::Handle<ir::Type> rowType(ir::Handle<ir::Type> t);  // the vector of one row
  // ir::scalarOf, with the component scalar of a row array.
  std::optional<ir::Scalar> scalarOfM(ir::Handle<ir::Type> t);
  // The IR type of an HLSL RxC matrix (R, C > 1) of component `s`.
  ir::Handle<ir::Type> matrixType(ir::Scalar s, uint32_t rows, uint32_t cols);
  // ir::withScalar, keeping a matrix-like shape (a float matrix <-> an int row array).
  ir::Handle<ir::Type> withScalarM(ir::Handle<ir::Type> t, ir::Scalar s);
  // `fn(row i of each operand)` per row, composed into `resultType`.
  ir::Handle<ir::Expression> perRow(ir::Handle<ir::Type> resultType, uint32_t rows,
                                    const std::function<ir::Handle<ir::Expression>(uint32_t)>& fn);
  // Converts a value between layouts of the same logical type (laid-out struct <-> free
  // struct, uint <-> bool in buffers).
  ir::Handle<ir::Expression> castLayout(ir::Handle<ir::Expression> v, ir::Handle<ir::Type> to, SourceRange r);
  // Numeric/shape conversion between two sema types (explicit casts, compound assignment).
  ir::Handle<ir::Expression> convert(ir::Handle<ir::Expression> v, const sema::Type* from, const sema::Type* to,
                                     SourceRange r);
  ir::Handle<ir::Expression> arith(ast::BinaryOp op, ir::Handle<ir::Expression> a, ir::Handle<ir::Expression> b,
                                   const sema::Type* operandType, SourceRange r);
  ir::Handle<ir::Expression> scalarConst(ir::Scalar s, double v);
  // A bitfield's value out of its storage member's value `word` (sign-extended for a signed
  // type), and `word` with the bitfield set to `v` (DXC: OpBitFieldUExtract /
  // OpBitFieldSExtract / OpBitFieldInsert; here shifts and masks, the same on every target).
  ir::Handle<ir::Expression> bitfieldGet(ir::Handle<ir::Expression> word, const ast::FieldDecl* f);
  ir::Handle<ir::Expression> bitfieldSet(ir::Handle<ir::Expression> word, ir::Handle<ir::Expression> v,
                                         const ast::FieldDecl* f);
  ir::Handle<ir::Expression> splatTo(ir::Handle<ir::Type> t, ir::Handle<ir::Expression> scalar);
  ir::Handle<ir::Expression> initializer(const ast::Expr* init, const sema::Type* target);
  ir::Handle<ir::Type> typeOf(ir::Handle<ir::Expression> e) { return fb_->fn().expressions[e].type; }
  const ir::Type& irT(ir::Handle<ir::Type> t) { return m_->types[t]; }

  // ---- resources (lower_expr.cpp)
  // The resource an expression names: a resource global (`tex`) or an element of an array of
  // resources (`texs[i]`, `texs[NonUniformResourceIndex(i)]`), with the index lowered here.
  // nullopt when `e` is neither (callers report their own unsupported case).
  std::optional<GlobalRef> resourceRef(const ast::Expr* e);
  // The IR value (Handle space: the image / sampler) or pointer (Storage / Uniform: the
  // block) of a resolved resource: the global itself, or Access(global, index).
  ir::Handle<ir::Expression> resourceValue(const GlobalRef& ref);

  // ---- resources as values (lower_resources.cpp)
  // DXC's SPIR-V legalization, done while lowering: a resource-typed local, static, struct
  // member, parameter or function result is an alias of one global resource (or of one
  // element of an array of them). The alias is tracked per program point: an assignment
  // rebinds it; where control flow joins with different resources the alias is
  // unresolved, and a use of it is error OSH0070 (DXC refuses those too). A branch or
  // switch on a compile-time constant takes only the path that runs.
  struct ResVal {
    ir::Handle<ir::GlobalVariable> global;
    const sema::Type* resource = nullptr;
    uint32_t arraySize = 0;
    enum class Index : uint8_t { None, Literal, Local } index = Index::None;
    uint32_t literal = 0;  // Index::Literal
    uint32_t local = ~0u;  // Index::Local: a u32 local holding the index taken at the assignment
    bool nonUniform = false;
    bool operator==(const ResVal& o) const {
      return global == o.global && index == o.index && literal == o.literal && local == o.local &&
             nonUniform == o.nonUniform;
    }
  };
  struct ResSlot {
    enum class State : uint8_t { Unset, Known, Conflict, Pending } state = State::Unset;
    ResVal val;         // Known / Pending: the resource; Conflict: one candidate (dead code only)
    SourceRange where;  // Conflict: where the paths with different resources met
    uint32_t loop = 0;  // Pending: the loop whose back edge may change it
  };
  using ResKey = std::pair<const ast::Decl*, std::vector<uint32_t>>;  // variable, field path
  struct ResState {
    std::map<ResKey, ResSlot> slots;
    bool reachable = true;
  };
  ResState res_;
  bool dead_ = false;  // lowering a branch a constant condition never takes
  std::vector<std::vector<ResState>> resBreaks_, resContinues_;
  std::vector<bool> resBreakIsLoop_;
  struct ResLoop {
    uint32_t id = 0;
    std::map<ResKey, SourceRange> usedPending;
  };
  std::vector<ResLoop> resLoops_;
  uint32_t nextResLoop_ = 0;
  // The resource a function returns (per lowered function), merged over its returns.
  std::unordered_map<uint32_t, ResSlot> returnedRes_;
  ResSlot* curReturn_ = nullptr;
  std::unordered_set<uint32_t> loweredBodies_;
  ir::Handle<ir::Function> lastCallee_;
  // Static resource globals (`static Texture2D t = gTex;`): their value at every function's
  // start.
  std::map<ResKey, ResSlot> staticRes_;
  std::unordered_set<const ast::Decl*> staticResDecls_;

  static bool holdsResource(const sema::Type* t);
  // A resource or an array of them (a parameter that has no IR argument: it stands for globals).
  static bool resourceOrArray(const sema::Type* t) {
    while (t && t->isArray()) t = t->elementType();
    return t && t->isResource();
  }
  std::optional<ResKey> resKey(const ast::Expr* e);
  // The resource a resource-typed expression names; reports OSH0070 (or OSH0007) if none.
  ResVal resVal(const ast::Expr* e);
  std::optional<ResVal> resValOpt(const ast::Expr* e);
  GlobalRef refOf(const ResVal& v);
  ResVal valOf(const GlobalRef& r, SourceRange range);
  const ResSlot* findSlot(const ResKey& k);
  ResVal slotValue(const ResKey& k, const ResSlot& s, const ast::Expr* use);
  void setSlot(const ResKey& k, const ResVal& v);
  // `dst = src` / `T dst = src` of a resource or a struct holding resources.
  void assignResource(const ResKey& dst, const sema::Type* t, const ast::Expr* src);
  void copySlots(const ResKey& dst, const ResKey& src);
  // The resources inside the struct argument `arg` of parameter `p`, for the callee's
  // specialization; and, in the callee, the slots they give its struct parameters.
  void structResourceArgs(const ast::ParamDecl* p, const ast::Expr* arg, ResourceArgs& out);
  void seedResourceArgs(const ResourceArgs& args);
  ir::Handle<ir::Expression> resourceAssign(const ast::BinaryExpr* b);
  static ResState mergeRes(const ResState& a, const ResState& b, SourceRange where);
  void resBranchJoin(const ResState& thenS, const ResState& elseS, SourceRange where) {
    res_ = mergeRes(thenS, elseS, where);
  }
  void resetResourceState();
  // The resource the function `f` returns: its body is lowered now if it was not yet.
  ResSlot returnedResource(ir::Handle<ir::Function> f, SourceRange r);
  void resourceReturn(const ast::ReturnStmt* r);
  void collectAssigned(const ast::Stmt* s, std::set<ResKey>& out);
  void collectAssignedExpr(const ast::Expr* e, std::set<ResKey>& out);
  void loopHead(const ast::Stmt* body, const ast::Expr* inc, ResLoop& lp, ResState& entry);
  void loopTail(ResLoop& lp, const ResState& entry, SourceRange where);

  // ---- calls (lower_call.cpp)
  ir::Handle<ir::Expression> call(const ast::CallExpr* c);
  ir::Handle<ir::Expression> intrinsic(const ast::CallExpr* c);
  // ---- EvaluateAttributeAtSample / Centroid / Snapped (lower_interpolant.cpp)
  // The value interpolated is a pixel shader input read through an Input variable: the
  // entry parameter's leaf (made an Input global sharing the entry point's variable), or a
  // [[vk::ext_builtin_input]] global; helpers that interpolate a parameter are specialised
  // per input passed (like resource parameters).
  struct PixelInput {
    std::vector<uint32_t> fields;  // field indices from the entry parameter down to the leaf
    ir::Binding binding;
    ir::Handle<ir::Type> type;  // the leaf's stage type
    std::string name;
    SourceRange range;
    ir::Handle<ir::GlobalVariable> global;  // made on first use
    bool perVertex = false;                 // GetAttributeAtVertex: `type` is an array of the 3 vertices' values
  };
  std::unordered_map<const ast::Decl*, std::vector<PixelInput>> pixelInputs_;  // by entry parameter
  struct Interpolant {
    ir::Handle<ir::GlobalVariable> global;
    std::vector<uint32_t> path;  // constant indices below the variable
  };
  std::unordered_map<const ast::Decl*, Interpolant> interpolantParams_;              // in a specialised helper
  std::map<std::pair<const ast::FunctionDecl*, uint32_t>, bool> interpolatesParam_;  // memo
  bool isGlobalDecl(const ast::Decl* d) const;
  // Locals an assignment, ++/-- or an out/inout argument writes, in the functions the entry
  // points reach: an interpolant is followed through a local's initializer only when the
  // local is never written.
  bool writtenLocal(const ast::Decl* d);
  std::optional<std::unordered_set<const ast::Decl*>> writtenLocals_;
  bool interpolatesParam(const ast::FunctionDecl* fd, uint32_t param);
  std::optional<Interpolant> interpolant(const ast::Expr* e, std::string* why);
  void interpolantArgs(const ast::CallExpr* c, ResourceArgs& out);
  ir::Handle<ir::Expression> evaluateAttribute(const ast::CallExpr* c);
  ir::Handle<ir::Expression> attributeAtVertex(const ast::CallExpr* c);
  ir::Handle<ir::Expression> interpolantPointer(const ast::CallExpr* c, ir::Handle<ir::Expression> base,
                                                const std::vector<uint32_t>& path);
  // Whether an entry point reaches GetAttributeAtVertex (its nointerpolation inputs are then
  // per-vertex arrays, lower_entry.cpp).
  static bool usesAttributeAtVertex(const sema::EntryPoint& ep);
  std::unordered_set<uint32_t> perVertexGlobals_;  // Input globals of per-vertex leaves
  ir::Handle<ir::Expression> intrinsicValues(IntrinsicId id, const std::vector<ir::Handle<ir::Expression>>& args,
                                             ir::Handle<ir::Type> resultType, SourceRange r);
  // ---- more intrinsics (lower_intrinsic_ext.cpp)
  // A component-wise intrinsic of matrices / arrays, per column or element; invalid when
  // the call is not one.
  ir::Handle<ir::Expression> componentwise(IntrinsicId id, const std::vector<ir::Handle<ir::Expression>>& args,
                                           ir::Handle<ir::Type> resultType, SourceRange r);
  // countbits / reversebits of 16- and 64-bit integers through 32-bit operations; invalid
  // for other calls.
  ir::Handle<ir::Expression> bitsOfWidth(IntrinsicId id, const std::vector<ir::Handle<ir::Expression>>& args,
                                         ir::Handle<ir::Type> resultType, SourceRange r);
  ir::Handle<ir::Expression> intrinsicExt(IntrinsicId id, const std::vector<ir::Handle<ir::Expression>>& args,
                                          ir::Handle<ir::Type> resultType, SourceRange r);
  ir::Handle<ir::Expression> integerMatrixMul(ir::Handle<ir::Expression> a, ir::Handle<ir::Expression> b,
                                              ir::Handle<ir::Type> resultType, SourceRange r);
  ir::Handle<ir::Expression> printf(const ast::CallExpr* c);
  ir::Handle<ir::Expression> modfFrexp(const ast::CallExpr* c);
  ir::Handle<ir::Expression> method(const ast::CallExpr* c);
  bool writable(const LValue& lv);
  static bool hasThisParam(const ast::FunctionDecl* fd) {
    return fd->isMethod && fd->owner && !(fd->storage & ast::SF_Static);
  }

  // ---- inline SPIR-V (lower_inline_spirv.cpp)
  static bool isSpirvInstruction(const ast::FunctionDecl* fd);
  ir::Handle<ir::Expression> spirvCall(const ast::CallExpr* c);
  ir::Handle<ir::Expression> vkBuiltin(const ast::CallExpr* c);  // vk::ReadClock, vk::ext_execution_mode, ...
  ir::Handle<ir::Expression> rawBuffer(const ast::CallExpr* c);
  void entryExecutionModes(const ast::FunctionDecl* fd);
  // The start of every entry-point wrapper: [[vk::spvexecutionmode]]s, per-function state
  // reset, static globals' initializers stored.
  void entryPrologue(ir::FunctionBuilder& b, const ast::FunctionDecl* fd);
  void inlineSpirvGlobal(const sema::GlobalVar& g, SourceRange r);
  bool spirvClassLocal(const ast::VarDecl* v);
  bool resultIdLocal(const ast::VarDecl* v);
  bool pointerValueLocal(const ast::VarDecl* v);      // vk::WorkgroupSpirvPointer<T> p = ...;
  static bool isLogicalPointer(const sema::Type* t);  // SpirvOpaqueType<OpTypePointer, SC != PSB, T>
  std::unordered_map<const ast::Decl*, ir::Handle<ir::Expression>> resultIds_;  // vk::ext_result_id locals
  // [[vk::ext_storage_class(N)]]: the IR address space and raw class of SPIR-V class N.
  static ir::AddressSpace spaceOfStorageClass(uint32_t n, uint32_t& spirvClass);  // vk::RawBufferLoad / RawBufferStore
  std::span<ast::Attribute*> stmtAttrs_;
  std::unordered_set<const ast::FunctionDecl*>
      entryDecls_;  // entry points' own declarations  // attributes of the expression statement being lowered
  ir::Handle<ir::Expression> referenceOperand(const ast::Expr* arg);
  bool literalWords(const ast::Expr* arg, const sema::Type* t, std::vector<uint32_t>& words);
  void addRequirements(ir::SpirvRequirements& out, std::span<ast::Attribute*> attrs);
  static void addRequirements(ir::SpirvRequirements& out, const ir::SpirvRequirements& in);
  void fieldUsed(const ast::MemberExpr* m);
  void functionRequirements(const ast::FunctionDecl* fd, ir::SpirvRequirements& out);
  void globalRequirements();  // and the globals' decorations
  // `holder`: the type of the variable they decorate; [[vk::aliased_pointer]] is
  // AliasedPointer only on a variable holding a vk::BufferPointer (or an array of them).
  std::vector<ir::SpirvDecoration> decorationsOf(std::span<ast::Attribute*> attrs, SourceRange r,
                                                 const sema::Type* holder = nullptr);
  // `st` (the IR struct of `t`) with its fields' [[vk::ext_decorate*]] on the members.
  ir::Handle<ir::Type> withFieldDecorations(ir::Handle<ir::Type> st, const sema::Type* t);
  // Helpers that pass an out/inout parameter on to [[vk::ext_reference]] are inlined.
  const std::vector<bool>& forwardedParams(const ast::FunctionDecl* fd);
  bool forwardsReference(const ast::FunctionDecl* fd);
  ir::Handle<ir::Expression> inlineCall(const ast::CallExpr* c);
  void inlinedReturn(const ast::ReturnStmt* r);
  struct InlineReturn {
    const sema::Type* type = nullptr;  // nullptr: void
    ir::Handle<ir::Type> irType;
    uint32_t local = ~0u;  // the result
    bool wrapped = false;  // the body is in a one-trip loop (early returns break it)
  };
  InlineReturn* inlineReturn_ = nullptr;
  std::unordered_map<const ast::Decl*, LValue> refParams_;  // forwarded parameters of inlined helpers
  std::unordered_map<const ast::FunctionDecl*, std::vector<bool>> forwarding_;

  // ---- textures, samplers, typed buffers (lower_texture.cpp)
  // Fills the Handle-space global for a texture / sampler / typed buffer; false if `t` is none.
  bool imageGlobal(const sema::Type* t, ir::GlobalVariable& gv, SourceRange r);
  void resourceGlobal(const sema::Type* t, ir::GlobalVariable& gv, SourceRange r);
  // ---- descriptor heaps (lower_heap.cpp)
  ir::Handle<ir::GlobalVariable> heapGlobal(const sema::Type* t, bool samplerHeap, SourceRange r);
  ir::Handle<ir::GlobalVariable> heapCounter(SourceRange r);
  std::optional<ResVal> heapResVal(const ast::ImplicitCastExpr* c);  // `(T)ResourceDescriptorHeap[i]`
  void assignHeapBindings(const std::vector<ir::ResourceBinding>& taken);
  // (IR type, space, access, resource kind, sampler heap) -> the heap's array of that type.
  using HeapKey = std::tuple<uint32_t, uint8_t, uint8_t, uint8_t, bool>;
  std::map<HeapKey, ir::Handle<ir::GlobalVariable>> heapArrays_;
  std::vector<ir::Handle<ir::GlobalVariable>> heapGlobals_[2];  // resource heap, sampler heap
  ir::Handle<ir::GlobalVariable> heapCounter_;
  // -fspv-flatten-resource-arrays: an array global's element globals (its own stays unused).
  void flattenArray(ir::Handle<ir::GlobalVariable> array, uint32_t n);
  GlobalRef flattenedElement(const GlobalRef& array, const ast::IndexExpr* ix);
  std::map<uint32_t, std::vector<ir::Handle<ir::GlobalVariable>>> flattened_;
  std::set<uint32_t> flattenedElements_;
  // A global struct (or array of structs) holding only resources (lower_resources.cpp):
  // one resource global per resource inside, in declaration order, on consecutive bindings
  // from the struct's (the first one carries the struct's binding request). The struct's
  // variable is an alias whose slots name them at every function's start.
  void resourceStruct(const sema::GlobalVar& g, SourceRange r);
  // The global of a resource (`arraySize`: an array of them, GlobalRef::kRuntimeArray for a
  // runtime-sized one) named `name`; `imageFormat`: [[vk::image_format]] (0: none).
  ir::Handle<ir::GlobalVariable> resourceVariable(const std::string& name, const sema::Type* t, uint32_t arraySize,
                                                  uint8_t imageFormat, SourceRange r);
  struct StructResource {
    std::vector<uint32_t> path;  // field and array indices from the struct variable
    ir::Handle<ir::GlobalVariable> global;
    const sema::Type* resource = nullptr;  // the resource type (an array's element type)
    uint32_t arraySize = 0;
    uint32_t offset = 0;  // its binding: the first one's + offset
  };
  std::map<const ast::Decl*, std::vector<StructResource>> resourceStructs_;
  // The most bindings one struct of resources, or one array of resources next to one, may
  // take (each is a binding the assignment tracks one by one).
  static constexpr uint32_t kMaxStructBindings = 65536;
  ir::Handle<ir::Expression> textureMethod(const ast::CallExpr* c, const GlobalRef& ref);
  LValue imageElement(const ast::IndexExpr* ix, const GlobalRef& ref);
  ir::Handle<ir::Expression> loadImage(const LValue& lv, SourceRange r);           // element value (no swizzle)
  void storeImage(const LValue& lv, ir::Handle<ir::Expression> v, SourceRange r);  // applies the swizzle
  ir::Handle<ir::Expression> texelToElement(ir::Handle<ir::Expression> texel, const sema::Type* elem, SourceRange r);

  // ---- state
  // Resources needing a binding, in declaration order, and their globals.
  std::vector<BindingRequest> bindingRequests_;
  std::vector<ir::Handle<ir::GlobalVariable>> bindingGlobals_;
  std::unordered_map<uint32_t, size_t> requestOfGlobal_;                          // buffer global index -> its request
  std::unordered_map<uint32_t, ir::Handle<ir::GlobalVariable>> counters_;         // buffer global index -> counter
  std::unordered_set<uint32_t> sampledTextures_;                                  // vk::SampledTexture global indices
  std::unordered_map<uint32_t, ir::Handle<ir::GlobalVariable>> sampledSamplers_;  // texture global index -> sampler
  const ast::TranslationUnit& tu_;
  const sema::Program& program_;
  const sema::Sema& sema_;
  const LowerOptions& opts_;
  DiagEngine& diags_;
  std::unique_ptr<ir::Module> m_;
  std::optional<ir::ModuleBuilder> mb_;
  ir::FunctionBuilder* fb_ = nullptr;
  LayoutEngine uniformLayout_, storageLayout_;

  std::unordered_map<const ast::Decl*, GlobalRef> globals_;
  // `static const` scalars with a folded initializer: no global, reads are literals.
  std::unordered_set<const ast::Decl*> constGlobals_;
  std::unordered_map<const ast::Decl*, ir::Handle<ir::Constant>> specConsts_;  // [[vk::constant_id]]
  // Static globals whose initializer runs at the start of each entry point.
  std::vector<std::pair<ast::VarDecl*, ir::Handle<ir::GlobalVariable>>> staticInits_;
  std::unordered_map<const ast::Decl*, uint32_t> locals_;  // locals and by-value params
  uint32_t scope_ = ~0u;  // the innermost ir::LexicalScope of the function being lowered
  // Records where the struct type `t` is declared (ir::Module::structSources, debug
  // information; the first declaration of a type wins); returns `t`.
  ir::Handle<ir::Type> noteStruct(ir::Handle<ir::Type> t, SourceRange name,
                                  const std::vector<const ast::VarDecl*>& members);
  ir::Handle<ir::Type> noteStruct(ir::Handle<ir::Type> t, const sema::Type* s);
  // A function's declaration from its return type on, without attributes (ir::Function::declRange).
  static SourceRange declarationRange(const ast::FunctionDecl* fd) {
    SourceLoc b =
        fd->returnTypeSpec && fd->returnTypeSpec->range.valid() ? fd->returnTypeSpec->range.begin : fd->nameRange.begin;
    return SourceRange{b.valid() ? b : fd->range.begin, fd->range.end};
  }
  // `static` locals: their Private global (shared by every lowering of the function).
  std::unordered_map<const ast::Decl*, StaticLocal> staticLocals_;
  std::unordered_map<const ast::Decl*, uint32_t> ptrArgs_;  // out/inout params: argument index
  std::unordered_map<const ast::FunctionDecl*, ir::Handle<ir::Function>> functions_;
  struct PendingBody {
    ast::FunctionDecl* fd;
    ir::Handle<ir::Function> f;
    ResourceArgs resources;
  };
  std::vector<PendingBody> pendingBodies_;
  std::map<std::pair<const ast::FunctionDecl*, std::vector<uint32_t>>, ir::Handle<ir::Function>> specializations_;
  std::string curEntry_;  // the entry point being lowered (diagnostics)
  const sema::Type* returnType_ = nullptr;
  // Inside a (non-static) struct method: `this` is IR argument 0, a Function pointer to
  // the object (callers copy the object in and back out, the way DXC passes `this`).
  bool hasThis_ = false;
  const sema::Type* thisType_ = nullptr;
  ir::Handle<ir::Type> returnIrType_;
};

}  // namespace oneshader::lower
