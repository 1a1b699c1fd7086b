// Internal: the Sema implementation, split over sema_decl.cpp (declarations, scopes, types,
// program), sema_expr.cpp (expressions, conversions), sema_call.cpp (calls, intrinsics,
// templates), sema_stmt.cpp (statements), const_eval.cpp and ast_clone.cpp.
#pragma once
#include <functional>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sema/attributes.hpp"
#include "sema/sema.hpp"

namespace oneshader::sema {

using namespace oneshader::ast;

// A name table: one per container (global, namespace, struct, enum) and per block.
struct Scope {
  enum class Kind : uint8_t { Global, Namespace, Struct, Enum, Function, Block, Template } kind = Kind::Block;
  Decl* owner = nullptr;
  std::unordered_map<const IdentEntry*, std::vector<Decl*>> names;
  std::vector<Scope*> usingNamespaces;
  // The global scope's built-in names that are declared on their first lookup (the
  // ray-tracing constants): called on a miss, it declares `n` into this scope and returns
  // true if `n` is one of them. Every declaration into a scope looks its name up first
  // (SemaImpl::declare), so a lazily declared name still comes first, as if declared before
  // the file: the same shadowing and redefinition errors as an eager declaration.
  bool (*declareOnMiss)(void* user, Scope& s, Ident n) = nullptr;
  void* declareOnMissUser = nullptr;
  void add(Ident n, Decl* d) {
    if (n) names[n.entry()].push_back(d);
  }
  const std::vector<Decl*>* find(Ident n) {
    auto it = names.find(n.entry());
    if (it != names.end()) return &it->second;
    if (!n || !declareOnMiss || !declareOnMiss(declareOnMissUser, *this, n)) return nullptr;
    it = names.find(n.entry());
    return it == names.end() ? nullptr : &it->second;
  }
};

// Ranking of an implicit conversion for overload resolution (lower is better).
enum ConvRank : int {
  CR_Exact = 0,
  CR_Promotion = 1,
  CR_Conversion = 2,
  CR_Splat = 3,
  CR_SplatConversion = 4,
  CR_Truncation = 5,
  CR_None = 100,
};

struct FunctionContext {
  FunctionDecl* fn = nullptr;
  const Type* returnType = nullptr;
  StructDecl* owner = nullptr;  // methods: `this`
  uint32_t loopDepth = 0;
  uint32_t switchDepth = 0;
};

struct CallSite {
  FunctionDecl* caller;
  FunctionDecl* callee;
  SourceRange range;
};

struct IntrinsicUse {
  FunctionDecl* fn;
  IntrinsicId id;
  SourceRange range;
};

class SemaImpl {
 public:
  SemaImpl(AstContext& ctx, TypeContext& types, DiagEngine& diags, const SemaOptions& opts);
  bool check(TranslationUnit* tu);

  AstContext& ctx;
  TypeContext& types;
  DiagEngine& diags;
  SemaOptions opts;
  Program program;

  // ---- scopes (sema_decl.cpp) ----
  Scope* globalScope = nullptr;
  std::vector<Scope*> scopeStack;
  std::vector<std::unique_ptr<Scope>> scopeStore;
  std::unordered_map<const Decl*, Scope*> containerScopes;  // namespace/struct/enum -> members
  Scope* newScope(Scope::Kind k, Decl* owner);
  void pushScope(Scope* s) { scopeStack.push_back(s); }
  void popScope() { scopeStack.pop_back(); }
  void declare(Decl* d);  // into the innermost scope; reports redefinitions
  // Unqualified lookup (innermost first, using-namespaces included); empty if not found.
  std::vector<Decl*> lookup(Ident name);
  // Resolves a qualifier path to a container scope; nullptr and a diagnostic if not found.
  Scope* resolveQualifiers(std::span<Ident> quals, bool leadingGlobal, SourceRange r);
  std::vector<Decl*> lookupQualified(std::span<Ident> quals, bool leadingGlobal, Ident name, SourceRange r);
  Scope* scopeOf(Decl* container);

  // ---- declarations ----
  void checkTopLevel(Decl* d);
  void checkVarDecl(VarDecl* v, bool global, bool local);
  void checkExplicitOffset(VarDecl* v, const Type* t, bool global, bool local, bool field = false);
  void checkFunctionDecl(FunctionDecl* f);
  void checkFunctionSignature(FunctionDecl* f);
  bool pairWithDeclarations(FunctionDecl* f, Scope* s);
  void checkLocalFunctionDecl(FunctionDecl* f);
  bool defineTemplateStaticMember(VarDecl* v);
  void checkFunctionBody(FunctionDecl* f);
  void checkStructDecl(StructDecl* s);
  void checkCBuffer(CBufferDecl* cb);
  void checkNamespace(NamespaceDecl* ns);
  void checkEnum(EnumDecl* e);
  void checkTypedef(TypedefDecl* t);
  void checkStaticAssert(StaticAssertDecl* s);
  // ---- attributes (sema_attributes.cpp) ----
  // Checks each attribute against the table for a declaration or statement of kind
  // `subject` (AttrSubject); annotates Attribute::semaId / invalid.
  void checkAttributes(std::span<Attribute*> attrs, uint32_t subject);
  void checkEntryAttributes(EntryPoint& ep);
  void checkPushConstant(VarDecl* v, const Attribute* a, GlobalVar& g);
  void checkSpecConstant(VarDecl* v, const Attribute* a, GlobalVar& g);
  void checkImageFormat(VarDecl* v, const Attribute* a, GlobalVar& g);
  void checkCombinedImageSampler(VarDecl* v, const Attribute* a, GlobalVar& g);
  std::unordered_set<const VarDecl*> specConstants;
  const VarDecl* pushConstantDecl = nullptr;
  void checkHelperAttributes();
  void interfaceIgnored(const FunctionDecl* f, const Attribute* a, const AttrInfo& info);  // OSH0044
  void attrDiag(DiagId id, SourceRange r, std::vector<std::string> args);
  // ---- the implicit vk namespace (sema_vk.cpp)
  NamespaceDecl* vkNamespace = nullptr;
  // SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap: built-in variables declared on
  // their first use (a user declaration of the name wins).
  VarDecl* heapDecls[2] = {nullptr, nullptr};
  VarDecl* descriptorHeapDecl(Ident name);
  Scope* vkScope = nullptr;
  void declareVkNamespace();
  // ---- ray tracing (sema_raytracing.cpp) ----
  // RAY_FLAG_*, COMMITTED_*, CANDIDATE_*, HIT_KIND_*: declared into the global scope on the
  // first lookup of each name (Scope::declareOnMiss), not for every file.
  void declareRayTracingConstantsLazily();
  bool declareRayTracingConstant(Scope& s, Ident n);
  // RayDesc / BuiltInTriangleIntersectionAttributes (nullptr for another name), made once.
  const Type* rayTracingStruct(std::string_view name);
  const Type* resolveRayQueryType(TypeSpec* ts);
  const Type* checkRayQueryMethod(CallExpr* e, const Type* objT);
  // The ray tracing pipeline: its intrinsics (index into rtpipeline.def; -1: not one), their
  // uses (checked against each entry point's stage) and its entry points' signatures.
  static int rtIntrinsicIndex(std::string_view name);
  const Type* checkRtIntrinsic(CallExpr* e, uint32_t index);
  void checkRtStages(const EntryPoint& ep, const std::unordered_set<FunctionDecl*>& reached);
  void checkRayTracingEntry(const EntryPoint& ep);
  void checkShaderRecord(VarDecl* v, const Attribute* a, GlobalVar& g);
  struct RtUse {
    FunctionDecl* fn;
    uint32_t index;
    SourceRange range;
  };
  std::vector<RtUse> rtUses;
  const Type* rayDescType_ = nullptr;
  const Type* triangleAttributesType_ = nullptr;
  bool inVkNamespace(std::span<Ident> quals) const;
  const Type* checkVkCall(CallExpr* e);
  const Type* resolveVkType(TypeSpec* ts);  // nullptr: not a vk:: built-in type
  const Type* resolveBufferPointer(TypeSpec* ts);
  const Type* resolveSpirvType(TypeSpec* ts, bool opaque);  // vk::SpirvType / vk::SpirvOpaqueType
  const Type* resolveIntegralConstant(TypeSpec* ts);        // vk::integral_constant<T, v>
  const Type* resolveSpirvLiteral(TypeSpec* ts);            // vk::Literal<C>
  bool vkValueArg(TemplateArg& a, const char* tmpl, int64_t& out);
  // An operand-only type (vk::integral_constant, vk::Literal) as the type of a declaration:
  // OSH0077, and the error type.
  const Type* rejectSpirvOperandType(const Type* t, SourceRange r);
  void recordSpirvTypeAlias(TypedefDecl* td);  // [[vk::ext_capability]] on an alias
  // Legacy inline types (inline-spirv.md section 10): the [[vk::ext_type_def(N, op)]]
  // functions by N and the first call of each (its ext_literal arguments are operands),
  // collected before the declarations are checked, so that vk::ext_type<N> resolves wherever
  // it is spelled (sema_spirv_type.cpp).
  struct ExtTypeDef {
    FunctionDecl* fn = nullptr;
    CallExpr* call = nullptr;
  };
  std::map<int64_t, ExtTypeDef> extTypeDefs;
  std::map<int64_t, const Type*> extTypes;
  std::set<const Type*> legacyExtTypes;
  void collectExtTypeDefs(TranslationUnit* tu);
  const Type* resolveExtType(TypeSpec* ts);        // vk::ext_type<N>
  bool allowIncompleteStruct = false;              // resolveType: a forward-declared struct gets its type now
  static bool isResultIdSpec(const TypeSpec* ts);  // vk::ext_result_id<T>
  // ---- inline SPIR-V attributes (sema_inline_spirv.cpp)
  void checkInlineSpirvAttr(Attribute* a, const AttrInfo& info, uint32_t subject);
  void inlineIntArg(Attribute* a, size_t i);
  void checkInlineSpirvParams(FunctionDecl* f);
  void checkInlineSpirvStmtAttrs(Stmt* s);
  void checkInlineSpirvGlobal(VarDecl* v, GlobalVar& g);
  struct SpirvBuiltinUse {
    const VarDecl* decl;
    bool output;
  };
  std::unordered_map<uint32_t, SpirvBuiltinUse> spirvBuiltins;  // ext_builtin_input/output by BuiltIn
  static const AttrInfo* attrOf(const Attribute* a);
  static std::string unsupportedText(const AttrInfo& info);                  // nullptr: unknown or invalid
  static const Attribute* findAttr(std::span<Attribute*> attrs, AttrId id);  // valid ones only
  int64_t attrInt(const Attribute* a, size_t i) const { return eval(a->args[i]).asInt(); }
  std::unordered_set<std::string> attrDiagsSeen;
  struct UnsupportedUse {
    FunctionDecl* fn;
    SourceRange range;
    const AttrInfo* info;
  };
  std::vector<UnsupportedUse> unsupportedInFunction;  // reported for reachable functions
  struct PendingAttr {
    const Attribute* attr;
    const AttrInfo* info;
  };
  std::vector<PendingAttr> pendingUnsupported;  // on function declarations and parameters
  const Type* applyArrayDims(const Type* base, std::span<Expr*> dims, bool allowUnsized);

  // ---- types ----
  const Type* resolveType(TypeSpec* ts);
  const Type* resolveBuiltinType(TypeSpec* ts, bool& isBuiltin);
  const Type* resolveScalarName(std::string_view name, SourceRange r, bool& found);
  const Type* instantiateStruct(StructDecl* tmpl, TypeSpec* ts);
  // The arguments `ts` gives template `tmpl` (types; constants for non-type parameters, with
  // defaults); false after a diagnostic.
  bool templateArgsOf(Decl* tmpl, std::span<TemplateParamDecl*> tps, TypeSpec* ts, std::vector<const Type*>& args,
                      std::vector<int64_t>& values);
  const Type* instantiateAlias(TypedefDecl* td, TypeSpec* ts);  // template <...> using A = T;
  // `template <> struct S<args> {...}`: registered with S's primary template, checked when
  // S is instantiated with exactly these arguments. False: not a specialization to register.
  bool registerSpecialization(StructDecl* s);
  // The specialization of `tmpl` for these arguments: an explicit one, else a partial one
  // (`template <class T> struct S<vector<T, 2> >`) whose pattern matches, instantiated with
  // the parameters deduced from the arguments. nullptr when none applies.
  StructDecl* findSpecialization(StructDecl* tmpl, const std::vector<const Type*>& args,
                                 const std::vector<int64_t>& values, TypeSpec* ts);
  bool matchSpecArg(StructDecl* sp, const TemplateArg& pat, const Type* t, bool isValue, int64_t value,
                    std::vector<const Type*>& bound, std::vector<int64_t>& vals, std::vector<bool>& have);
  std::unordered_map<const StructDecl*, std::vector<StructDecl*>> specializations;  // primary -> its specializations
  struct SpecializationArgs {
    std::vector<const Type*> types;
    std::vector<int64_t> values;
    bool valid = false;
  };
  std::unordered_map<const StructDecl*, SpecializationArgs> specializationArgs;  // explicit ones
  // `Tmpl<args>::name`: the declarations named `name` in the struct that `scope` denotes.
  std::vector<Decl*> lookupInType(TypeSpec* scope, std::span<Ident> quals, Ident name, SourceRange r);
  bool typeArgs(TypeSpec* ts, std::vector<const Type*>& types, std::vector<ConstValue>& values,
                std::span<TemplateParamDecl*> params);

  // ---- expressions (sema_expr.cpp) ----
  const Type* checkExpr(Expr*& e);
  const Type* conformingIntLiteralType(const IntLiteralExpr* l);
  bool isAutoType(const TypeSpec* ts) const;
  const Type* deduceAutoType(VarDecl* v);
  // Checks `e` and converts it to `to` (implicit conversion rules). False on error.
  bool checkAndConvert(Expr*& e, const Type* to, const char* what = nullptr);
  bool convert(Expr*& e, const Type* to, bool explicitCast = false, bool warn = true);
  ConvRank conversionRank(const Type* from, const Type* to) const;
  bool canConvert(const Type* from, const Type* to) const { return conversionRank(from, to) != CR_None; }
  Expr* makeCast(Expr* e, const Type* to, CastKind k);
  CastKind elementCastKind(ScalarKind from, ScalarKind to) const;
  // A literal subtree -> the concrete scalar type: folded at 64 bits into one literal when
  // constant, else the type is pushed down to its leaves (constant parts folded).
  // reportChange: an implicit scalar conversion, where a changed value is OSH0051.
  void concretize(Expr*& e, const Type* scalarTarget, bool reportChange = true);
  void finalizeLiteral(Expr*& e);  // default-concretize a literal-typed expression
  Expr* foldedLiteral(Expr* from, const ConstValue& v, const Type* scalarTarget);
  // Warnings DXC gives for a constant converted to another scalar type: OSH0051 (an
  // implicit conversion changes the value; only when `implicit`) and OSH0052 (overflow).
  void diagnoseConstantConversion(const Expr* e, const ConstValue& v, const Type* fromComp, const Type* toComp,
                                  bool implicit);
  const Type* defaultLiteralType(const Expr* e);
  const Type* commonType(const Type* a, const Type* b, SourceRange r, bool report, bool* truncated = nullptr);
  const Type* commonScalar(const Type* a, const Type* b) const;
  bool checkCondition(Expr*& e, const char* what);
  bool isModifiable(Expr* e, std::string& whatName);
  bool requireLValue(Expr* e, SourceRange r);
  const Type* checkDeclRef(DeclRefExpr* e);
  const Type* checkDeclRefTo(DeclRefExpr* e, Decl* d);
  // `int S::M = 1;`: the value of the static data member S::M (declared in S).
  void checkStaticMemberDefinition(VarDecl* v);
  bool checkBitfield(FieldDecl* f, FieldDecl* last, std::vector<StructField>& packed);
  // Uses of `static const` members that had no value yet where they were read (a method
  // body checked before the out-of-line definition): OSH0067 if none comes.
  std::vector<std::pair<SourceRange, VarDecl*>> staticMemberUses;
  const Type* checkUnary(UnaryExpr* e);
  const Type* checkBinary(BinaryExpr* e, Expr*& slot);  // slot: may be replaced by a folded literal
  const Type* checkConditional(ConditionalExpr* e);
  const Type* checkCast(CastExpr* e);
  const Type* checkConstruct(ConstructExpr* e);
  bool bufferPointerConversion(Expr*& e, const Type* to);
  // `slot` holds `e`; `obj.M` for a static data member M becomes a reference to M there.
  const Type* checkMember(MemberExpr* e, Expr*& slot);
  const Type* checkIndex(IndexExpr* e, Expr*& slot);
  const Type* checkMipsOrSample(IndexExpr* e);
  const Type* checkInitList(InitListExpr* e, const Type* target);
  bool checkInitializer(Expr*& init, const Type* target);
  const Type* checkSwizzle(MemberExpr* e, const Type* baseT);
  const Type* asValueTypeOf(const Type* t);
  const Type* errorExpr(Expr* e) {
    e->type = types.errorType();
    return e->type;
  }

  // ---- calls (sema_call.cpp) ----
  const Type* checkCall(CallExpr* e);
  std::vector<FunctionDecl*> methodsNamed(const Type* st, Ident name);
  const Type* checkOverloadedOperator(Expr*& slot, Expr* object, std::string_view op, std::vector<Expr*> args,
                                      SourceRange opRange);
  const Type* checkCallOperator(CallExpr* e, Expr* object);
  const Type* checkMethodCall(CallExpr* e);
  const Type* checkResourceMethod(CallExpr* e, const Type* objT);
  const Type* checkIntrinsicCall(CallExpr* e, IntrinsicId id);
  const Type* checkSpecialIntrinsic(CallExpr* e, IntrinsicId id);
  const Type* checkIntrinsicExt(CallExpr* e, IntrinsicId id);   // sema_intrinsic_ext.cpp
  const Type* checkWaveAggregate(CallExpr* e, IntrinsicId id);  // wave / quad of an array; nullptr: not one
  const Type* checkTextureMethod(CallExpr* e, const Type* objT, IntrinsicId id);
  const Type* checkInterlocked(CallExpr* e, IntrinsicId id, const Type* bufferObj);
  const Type* resolveUserCall(CallExpr* e, std::vector<FunctionDecl*> cands, Expr* implicitObject);
  // `bound[i]` is the type of a type parameter, or the type of a non-type parameter whose
  // value is `values[i]`.
  bool deduceTemplate(FunctionDecl* f, CallExpr* e, std::vector<const Type*>& bound, std::vector<int64_t>& values);
  FunctionDecl* instantiateFunction(FunctionDecl* tmpl, const std::vector<const Type*>& args, SourceRange r,
                                    const std::vector<int64_t>& values = {});
  // Non-type template parameters: the parameter's type (in the template's scope) and the
  // constant an argument gives it (false and a diagnostic if it is not one).
  // A parameter whose type names an earlier parameter (`template <class T, T v>`,
  // `typename enable_if<C<T>::value, int>::type = 0`) takes that type from `prior` /
  // `priorValues` (the arguments so far); with `sfinae`, a member type that does not exist
  // makes it fail without a word (error type), as deduction requires.
  const Type* templateParamType(Decl* tmpl, TemplateParamDecl* tp, const std::vector<const Type*>* prior = nullptr,
                                const std::vector<int64_t>* priorValues = nullptr, bool sfinae = false);
  // A type parameter's default, which may name earlier parameters bound to `prior`
  // (`class = typename enable_if<...>::type`): error type, silently with `sfinae`, when a
  // member type it names does not exist.
  const Type* templateDefaultType(Decl* tmpl, TemplateParamDecl* tp, const std::vector<const Type*>& prior,
                                  const std::vector<int64_t>& priorValues, bool sfinae);
  bool templateValueArg(Expr*& e, const Type* pt, int64_t& out, bool report);
  // The declaration a template parameter stands for in an instance: a typedef of the bound
  // type, or a constant of the parameter's type.
  Decl* templateBinding(TemplateParamDecl* tp, const Type* t, int64_t value);
  bool checkArgsAgainst(CallExpr* e, FunctionDecl* f);
  void recordCall(FunctionDecl* callee, SourceRange r);

  // ---- statements (sema_stmt.cpp) ----
  void checkStmt(Stmt* s);
  void checkCompound(CompoundStmt* s, bool newScope);
  void checkFullExpr(Expr*& e);

  // ---- constants (const_eval.cpp) ----
  ConstValue eval(const Expr* e) const;
  ConstValue evalNode(const Expr* e) const;  // eval without the memo
  // After check(), the tree no longer changes: lowering's constValue calls (one per node
  // it lowers) are memoized, so that folding a long chain (`a + b + ... `) stays linear.
  mutable std::unordered_map<const Expr*, ConstValue> evalMemo_;
  bool evalFrozen_ = false;
  bool evalUint(Expr* e, uint32_t& out, const char* what);  // reports OSH0016
  // Specialization-constant expressions (const_eval.cpp): isSpecExpr is true when `e` reads at
  // least one [[vk::constant_id]] constant (or a static const initialised by such an
  // expression) and every operation on the way is one OpSpecConstantOp can do under the
  // Shader capability (32-bit integer and bool scalars: arithmetic, shifts, bitwise, logical,
  // comparisons, ?:, sign changes); evalSpecDefault folds it with every specialization
  // constant at its default.
  bool isSpecExpr(const Expr* e) const;
  ConstValue evalSpecDefault(const Expr* e) const;
  // The [[vk::constant_id]] variable `e` names, through parentheses, sign-changing casts and
  // static consts initialised by one (nullptr when it names none).
  const VarDecl* specConstantNamed(const Expr* e) const;
  std::unordered_set<const VarDecl*> specConstVars;  // static const scalars with a spec-expression initializer
  mutable std::unordered_map<const Expr*, bool> specExprMemo;
  mutable bool specDefaults_ = false;  // eval: specialization constants read as their defaults
  mutable std::unordered_map<const VarDecl*, int> evalGuard;

  // ---- templates (ast_clone.cpp) ----
  FunctionDecl* cloneFunction(FunctionDecl* f);
  StructDecl* cloneStruct(StructDecl* s);
  TypeSpec* cloneTypeSpec(TypeSpec* t, std::span<Expr*>& dims);  // dims: cloned in place

  // ---- state ----
  FunctionContext* fnCtx = nullptr;
  std::vector<CallSite> callSites;
  std::vector<IntrinsicUse> intrinsicUses;
  std::vector<std::pair<FunctionDecl*, SourceRange>> discards;
  std::vector<CallExpr*> userCalls;  // fixed up to definitions at the end
  std::unordered_map<const BinaryExpr*, const Type*> compoundTypes;
  std::unordered_map<const VarDecl*, ConstValue> constVars;  // folded static const / const values
  std::unordered_set<const Decl*> checkedDecls;
  std::unordered_set<const StructDecl*> structsBeingDefined;
  std::unordered_map<const EnumConstantDecl*, EnumDecl*> enumOf;
  std::unordered_map<FunctionDecl*, FunctionDecl*> definitionOf;  // prototype -> definition
  // Functions declared in function bodies, with their namespace (checkLocalFunctionDecl).
  std::vector<std::pair<FunctionDecl*, Scope*>> localPrototypes;
  struct Instance {
    Decl* tmpl;
    std::vector<const Type*> args;
    std::vector<int64_t> values;
    Decl* inst;
  };
  struct InstanceKeyHash {
    size_t operator()(const Instance& k) const;
  };
  struct InstanceKeyEq {
    bool operator()(const Instance& a, const Instance& b) const {
      return a.tmpl == b.tmpl && a.args == b.args && a.values == b.values;
    }
  };
  // Every instance once, found by (template, arguments) in constant time; struct instances
  // also by their type (partial-specialization matching reads their arguments back).
  std::unordered_set<Instance, InstanceKeyHash, InstanceKeyEq> instances;
  std::unordered_map<const Type*, const Instance*> instanceOfType;
  std::unordered_map<const Decl*, std::vector<Scope*>> templateContexts;  // scope chain at declaration
  uint32_t instantiationDepth = 0;
  bool instanceLimitReported = false;  // OSH0201 once; later instantiations fail quietly
  Decl* findInstance(Decl* tmpl, const std::vector<const Type*>& args, const std::vector<int64_t>& values) const;
  void addInstance(Decl* tmpl, const std::vector<const Type*>& args, const std::vector<int64_t>& values, Decl* inst);
  // False, with OSH0200 or OSH0201 at `r`, when one more instance of `tmpl` would exceed the
  // nesting or count limit.
  bool instantiationAllowed(const Decl* tmpl, SourceRange r);
  class InstantiationScope;
  const std::vector<Scope*>* templateContextOf(const Decl* d) const;  // null: none recorded
  std::vector<FunctionDecl*> functionsInOrder;
  std::vector<VarDecl*> globalsInOrder;
  std::unordered_set<const VarDecl*> globalVars;
  std::unordered_map<const SizeofExpr*, uint64_t> sizeofValues;

  // ---- program ----
  void buildProgram(TranslationUnit* tu);
  void checkRecursion();
  void collectEntryPoints(TranslationUnit* tu);
  void checkEntryPoint(EntryPoint& ep);
  Binding bindingOf(Decl* d, std::span<RegisterAnnot> regs);

  // ---- helpers ----
  bool is16BitAllowed() const { return opts.enable16BitTypes; }
  std::string typeName(const Type* t) const { return t ? t->toString() : "<null>"; }
  Diagnostic& error(DiagId id, SourceRange r, std::vector<std::string> args = {}) {
    return diags.report(id, r, std::move(args));
  }
  // OSH0007. Inside a function body it belongs to the entry points that reach the function
  // (checkEntryPoint reports it once), so a construct not supported yet blocks only them.
  void notSupported(const std::string& what, SourceRange r) {
    if (fnCtx && fnCtx->fn) {
      unsupportedUses.push_back({fnCtx->fn, r, what});
      return;
    }
    error(DiagId::NotSupportedYet, r, {what});
  }
  struct UnsupportedConstruct {
    FunctionDecl* fn;
    SourceRange range;
    std::string what;
  };
  std::vector<UnsupportedConstruct> unsupportedUses;
  std::unordered_set<size_t> unsupportedReported;                   // indices into unsupportedUses
  std::unordered_set<const IntrinsicUse*> derivativeShapeReported;  // OSH0140 given once per use
};

// Constant conversion as DXC's constant evaluator does it (const_eval.cpp): `t`'s precision
// (min16float: half, min16int: 16 bits), nearest-even floats, saturating float -> int.
// `overflow` is set when a finite value does not fit (float -> inf, float -> int out of range).
ConstValue fitConst(ConstValue v, const Type* t, bool* overflow = nullptr);
double roundToFloat(double x);           // nearest-even to binary32, as a double
double roundToHalf(double x);            // nearest-even to binary16, as a double
uint32_t constIntBits(const Type* t);    // integer width in constants (min16int: 16)
bool constHalfPrecision(const Type* t);  // half, min16float, min10float

// The inline SPIR-V rows of the attribute table (their arguments follow DXC's rules).
bool isInlineSpirvAttr(AttrId id);

// Coordinate components of a texture kind (Texture2D: 2, Texture2DArray: 3, ...; 0 if none).
uint32_t textureCoordDims(ResourceKind k);

// Strips parentheses.
inline Expr* skipParens(Expr* e) {
  while (e && e->kind == ExprKind::Paren) e = static_cast<ParenExpr*>(e)->sub;
  return e;
}

}  // namespace oneshader::sema
