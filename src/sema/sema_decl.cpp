// Sema: declarations, scopes and lookup, type resolution.
#include <algorithm>
#include <unordered_set>

#include "sema/sema_impl.hpp"
#include "syntax/parser.hpp"

namespace oneshader::sema {

// ---------------------------------------------------------------------------
// Facade
// ---------------------------------------------------------------------------
Sema::Sema(AstContext& ctx, TypeContext& types, DiagEngine& diags, const SemaOptions& opts)
    : impl_(std::make_unique<SemaImpl>(ctx, types, diags, opts)) {}
Sema::~Sema() = default;
bool Sema::check(TranslationUnit* tu) { return impl_->check(tu); }
const Program& Sema::program() const { return impl_->program; }
ConstValue Sema::constValue(const Expr* e) const { return impl_->eval(e); }
bool Sema::isSpecConstantExpr(const Expr* e) const { return impl_->isSpecExpr(e); }
bool Sema::isSpecConstantVar(const VarDecl* v) const { return impl_->specConstVars.count(v) != 0; }
const Type* Sema::compoundComputationType(const BinaryExpr* e) const {
  auto it = impl_->compoundTypes.find(e);
  if (it != impl_->compoundTypes.end()) return it->second;
  return e->lhs ? e->lhs->type : nullptr;
}

SemaImpl::SemaImpl(AstContext& c, TypeContext& t, DiagEngine& d, const SemaOptions& o)
    : ctx(c), types(t), diags(d), opts(o) {}

bool SemaImpl::check(TranslationUnit* tu) {
  uint32_t errorsBefore = diags.errorCount();
  globalScope = newScope(Scope::Kind::Global, nullptr);
  scopeStack.clear();
  pushScope(globalScope);
  declareVkNamespace();
  declareRayTracingConstantsLazily();
  collectExtTypeDefs(tu);
  if (tu) {
    for (Decl* d : tu->decls) checkTopLevel(d);
  }
  // Calls to prototypes go to their definitions.
  for (CallExpr* c : userCalls) {
    auto it = definitionOf.find(c->callee);
    if (it != definitionOf.end()) c->callee = it->second;
  }
  for (auto& cs : callSites) {
    auto it = definitionOf.find(cs.callee);
    if (it != definitionOf.end()) cs.callee = it->second;
  }
  for (auto& [range, m] : staticMemberUses)
    if (!m->init && !constVars.count(m)) error(DiagId::UndefinedStaticMember, range, {std::string(m->name.str())});
  checkRecursion();
  buildProgram(tu);
  popScope();
  evalFrozen_ = true;  // the tree is final: constant folding may be memoized
  return diags.errorCount() == errorsBefore;
}

// ---------------------------------------------------------------------------
// Scopes and lookup
// ---------------------------------------------------------------------------
Scope* SemaImpl::newScope(Scope::Kind k, Decl* owner) {
  scopeStore.push_back(std::make_unique<Scope>());
  Scope* s = scopeStore.back().get();
  s->kind = k;
  s->owner = owner;
  if (owner) containerScopes[owner] = s;
  return s;
}

Scope* SemaImpl::scopeOf(Decl* container) {
  auto it = containerScopes.find(container);
  return it == containerScopes.end() ? nullptr : it->second;
}

static bool isFunctionLike(const Decl* d) { return d->kind == DeclKind::Function; }

void SemaImpl::declare(Decl* d) {
  if (!d->name) return;
  Scope* s = scopeStack.back();
  if (auto* prev = s->find(d->name)) {
    for (Decl* p : *prev) {
      if (isFunctionLike(p) && isFunctionLike(d)) continue;  // overloads: checked separately
      if (p->kind == DeclKind::Namespace && d->kind == DeclKind::Namespace) continue;
      // A prototype of a struct followed by its definition.
      if (p->kind == DeclKind::Struct && d->kind == DeclKind::Struct &&
          (!static_cast<StructDecl*>(p)->isDefinition || !static_cast<StructDecl*>(d)->isDefinition))
        continue;
      error(DiagId::Redefinition, d->nameRange.valid() ? d->nameRange : d->range, {std::string(d->name.str())});
      return;
    }
  }
  s->add(d->name, d);
}

std::vector<Decl*> SemaImpl::lookup(Ident name) {
  for (size_t i = scopeStack.size(); i-- > 0;) {
    Scope* s = scopeStack[i];
    if (auto* v = s->find(name)) return *v;
    std::vector<Decl*> fromUsing;
    for (Scope* u : s->usingNamespaces)
      if (auto* v = u->find(name)) fromUsing.insert(fromUsing.end(), v->begin(), v->end());
    if (!fromUsing.empty()) return fromUsing;
  }
  return {};
}

Scope* SemaImpl::resolveQualifiers(std::span<Ident> quals, bool leadingGlobal, SourceRange r) {
  Scope* cur = nullptr;
  for (size_t i = 0; i < quals.size(); ++i) {
    std::vector<Decl*> found;
    if (i == 0 && !leadingGlobal) {
      found = lookup(quals[0]);
    } else {
      Scope* in = i == 0 ? globalScope : cur;
      if (auto* v = in->find(quals[i])) found = *v;
    }
    Scope* next = nullptr;
    for (Decl* d : found) {
      if (d->kind == DeclKind::Namespace || d->kind == DeclKind::Struct || d->kind == DeclKind::Enum) {
        next = scopeOf(d);
        if (next) break;
      }
      // A type name standing for a struct or enum: a template type parameter (bound as a
      // typedef while instantiating, `template <typename Op> ... Op::combine(a, b)`) or a
      // typedef / using alias (`typedef SumOp<uint> Add; Add::combine(a, b)`).
      if (d->kind == DeclKind::Typedef) {
        auto* td = static_cast<TypedefDecl*>(d);
        if (td->isTemplate) continue;
        if (!td->type) checkTypedef(td);
        const Type* t = td->type;
        if (t && t->isStruct() && t->structDecl()) next = scopeOf(t->structDecl());
        if (t && t->isEnum() && t->enumDecl()) next = scopeOf(t->enumDecl());
        if (next) break;
      }
    }
    if (!next) {
      error(DiagId::UndeclaredIdentifier, r, {std::string(quals[i].str())});
      return nullptr;
    }
    cur = next;
  }
  return cur;
}

std::vector<Decl*> SemaImpl::lookupInType(TypeSpec* scope, std::span<Ident> quals, Ident name, SourceRange r) {
  const Type* t = resolveType(scope);
  if (t->isError()) return {};
  Scope* s = nullptr;
  if (t->isStruct() && t->structDecl()) s = scopeOf(t->structDecl());
  if (t->isStruct() && t->structDecl() && !t->structDecl()->isDefinition) {
    error(DiagId::IncompleteType, scope->range, {typeName(t), typeName(t)});
    return {};
  }
  if (!s) {
    error(DiagId::TypeMismatch, scope->range, {typeName(t), "a struct or class"});
    return {};
  }
  for (Ident q : quals) {
    Scope* next = nullptr;
    if (auto* v = s->find(q))
      for (Decl* d : *v)
        if ((d->kind == DeclKind::Struct || d->kind == DeclKind::Enum) && (next = scopeOf(d))) break;
    if (!next) {
      error(DiagId::UndeclaredIdentifier, r, {std::string(q.str())});
      return {};
    }
    s = next;
  }
  // The struct's own members, else those of its base (chain).
  while (s) {
    if (auto* v = s->find(name)) return *v;
    s = s->usingNamespaces.empty() ? nullptr : s->usingNamespaces.front();
  }
  return {};
}

std::vector<Decl*> SemaImpl::lookupQualified(std::span<Ident> quals, bool leadingGlobal, Ident name, SourceRange r) {
  if (quals.empty() && !leadingGlobal) return lookup(name);
  Scope* s = quals.empty() ? globalScope : resolveQualifiers(quals, leadingGlobal, r);
  if (!s) return {};
  if (auto* v = s->find(name)) return *v;
  for (Scope* u : s->usingNamespaces)
    if (auto* v = u->find(name)) return *v;
  return {};
}

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------
const Type* SemaImpl::resolveScalarName(std::string_view n, SourceRange r, bool& found) {
  found = true;
  using K = ScalarKind;
  using S = ScalarSpelling;
  bool b16 = is16BitAllowed();
  auto need16 = [&](K k) -> const Type* {
    if (!b16) {
      error(DiagId::Requires16BitTypes, r, {std::string(n)});
      return types.errorType();
    }
    return types.scalar(k);
  };
  if (n == "bool") return types.scalar(K::Bool);
  if (n == "int" || n == "int32_t") return types.scalar(K::Int);
  if (n == "uint" || n == "dword" || n == "uint32_t") return types.scalar(K::Uint);
  if (n == "float" || n == "float32_t") return types.scalar(K::Float);
  if (n == "double" || n == "float64_t") return types.scalar(K::Double);
  if (n == "int64_t") return types.scalar(K::Int64);
  if (n == "uint64_t") return types.scalar(K::Uint64);
  if (n == "half") return b16 ? types.scalar(K::Half) : types.scalar(K::Float, S::HalfAsFloat);
  if (n == "float16_t") return need16(K::Half);
  if (n == "int16_t") return need16(K::Int16);
  if (n == "uint16_t") return need16(K::Uint16);
  if (n == "min16float") return types.scalar(b16 ? K::Half : K::Float, S::Min16Float);
  if (n == "min10float") return types.scalar(b16 ? K::Half : K::Float, S::Min10Float);
  if (n == "min16int") return types.scalar(b16 ? K::Int16 : K::Int, S::Min16Int);
  if (n == "min12int") return types.scalar(b16 ? K::Int16 : K::Int, S::Min12Int);
  if (n == "min16uint") return types.scalar(b16 ? K::Uint16 : K::Uint, S::Min16Uint);
  if (n == "int8_t4_packed") return types.scalar(K::Uint, S::Int8Packed);
  if (n == "uint8_t4_packed") return types.scalar(K::Uint, S::Uint8Packed);
  found = false;
  return nullptr;
}

static bool isDigit14(char c) { return c >= '1' && c <= '4'; }

// A resource, or an array or struct with one inside (a global struct of resources is not a
// $Globals member: lowering makes its resources resources of their own).
static bool holdsResource(const Type* t) {
  if (!t || t->isError()) return false;
  if (t->isResource()) return true;
  if (t->isArray()) return holdsResource(t->elementType());
  if (t->isStruct())
    for (const StructField& f : t->fields())
      if (holdsResource(f.type)) return true;
  return false;
}

const Type* SemaImpl::resolveBuiltinType(TypeSpec* ts, bool& isBuiltin) {
  isBuiltin = true;
  std::string_view n = ts->name.str();
  SourceRange r = ts->range;
  if (n == "void") return types.voidType();
  if ((ts->mods & TM_Unsigned) && (n == "int" || n == "dword")) return types.uintType();
  bool found = false;
  if (const Type* t = resolveScalarName(n, r, found); found) return t;
  // float4 / int3x2 / min16float2
  size_t len = n.size();
  if (len >= 4 && n[len - 2] == 'x' && isDigit14(n[len - 1]) && isDigit14(n[len - 3])) {
    if (const Type* s = resolveScalarName(n.substr(0, len - 3), r, found); found) {
      if (s->isError()) return s;
      return types.matrix(s, n[len - 3] - '0', n[len - 1] - '0', (ts->mods & TM_RowMajor) != 0);
    }
  }
  if (len >= 2 && isDigit14(n[len - 1])) {
    if (const Type* s = resolveScalarName(n.substr(0, len - 1), r, found); found) {
      if (s->isError()) return s;
      return types.vector(s, n[len - 1] - '0');
    }
  }
  auto args = ts->templateArgs;
  auto typeArg = [&](size_t i) -> const Type* {
    if (i >= args.size() || !args[i].type) return nullptr;
    return resolveType(args[i].type);
  };
  auto intArg = [&](size_t i, uint32_t lo, uint32_t hi, uint32_t& out) -> bool {
    if (i >= args.size() || !args[i].expr) return false;
    Expr* e = args[i].expr;
    checkExpr(e);
    args[i].expr = e;
    ConstValue v = eval(e);
    if (!v.valid() || v.asInt() < lo || v.asInt() > hi) {
      error(DiagId::InvalidAttributeArg, e->range,
            {std::string(n), "expected a constant between " + std::to_string(lo) + " and " + std::to_string(hi)});
      return false;
    }
    out = uint32_t(v.asInt());
    return true;
  };
  if (n == "vector") {
    if (!ts->hasTemplateArgs) return types.vector(types.floatType(), 4);
    const Type* s = typeArg(0);
    uint32_t cnt = 4;
    if (!s || !s->isScalar() || (args.size() > 1 && !intArg(1, 1, 4, cnt))) {
      if (s && !s->isError() && !s->isScalar()) error(DiagId::TypeMismatch, r, {typeName(s), "a scalar type"});
      return types.errorType();
    }
    return types.vector(s, cnt);
  }
  if (n == "matrix") {
    if (!ts->hasTemplateArgs) return types.matrix(types.floatType(), 4, 4, (ts->mods & TM_RowMajor) != 0);
    const Type* s = typeArg(0);
    uint32_t rr = 4, cc = 4;
    if (!s || !s->isScalar() || (args.size() > 1 && !intArg(1, 1, 4, rr)) ||
        (args.size() > 2 && !intArg(2, 1, 4, cc))) {
      if (s && !s->isError() && !s->isScalar()) error(DiagId::TypeMismatch, r, {typeName(s), "a scalar type"});
      return types.errorType();
    }
    return types.matrix(s, rr, cc, (ts->mods & TM_RowMajor) != 0);
  }
  ResourceKind rk;
  // RasterizerOrderedX is RWX accessed in rasterization order (SPIR-V.rst "Rasterizer
  // Ordered Views"); Buffer, ByteAddressBuffer, StructuredBuffer and Texture1D..3D only.
  static constexpr std::string_view kRov = "RasterizerOrdered";
  bool rov = n.substr(0, kRov.size()) == kRov && n.size() > kRov.size();
  if (rov ? lookupResourceKind("RW" + std::string(n.substr(kRov.size())), rk) &&
                (rk == ResourceKind::RWBuffer || rk == ResourceKind::RWByteAddressBuffer ||
                 rk == ResourceKind::RWStructuredBuffer || rk == ResourceKind::RWTexture1D ||
                 rk == ResourceKind::RWTexture1DArray || rk == ResourceKind::RWTexture2D ||
                 rk == ResourceKind::RWTexture2DArray || rk == ResourceKind::RWTexture3D)
          : lookupResourceKind(n, rk)) {
    const Type* elem = nullptr;
    if (resourceHasElementType(rk)) {
      if (ts->hasTemplateArgs && !args.empty()) {
        elem = typeArg(0);
        if (!elem) {
          error(DiagId::ExpectedType, args[0].expr ? args[0].expr->range : r);
          return types.errorType();
        }
        if (elem->isError()) return elem;
        if (elem->isResource() || elem->isVoid()) {
          error(DiagId::TypeMismatch, r, {typeName(elem), "a buffer element type"});
          return types.errorType();
        }
      } else {
        bool required = rk == ResourceKind::StructuredBuffer || rk == ResourceKind::RWStructuredBuffer ||
                        rk == ResourceKind::AppendStructuredBuffer || rk == ResourceKind::ConsumeStructuredBuffer ||
                        rk == ResourceKind::ConstantBuffer || rk == ResourceKind::TextureBuffer;
        if (required) {
          error(DiagId::ExpectedToken, r, {"a template argument for '" + std::string(n) + "'"});
          return types.errorType();
        }
        elem = types.vector(types.floatType(), 4);
      }
    }
    return types.resource(rk, elem, false, rov);
  }
  if (n == "string") return types.stringType();  // printf formats (string variables: a literal each)
  // InputPatch<T, N> / OutputPatch<T, N> (hull and domain shaders): an array of N control
  // points (SPIR-V.rst "InputPatch and OutputPatch"); lowering tells them from an array by
  // the parameter's spelled type.
  if (n == "InputPatch" || n == "OutputPatch") {
    uint32_t count = 0;
    const Type* elem = ts->hasTemplateArgs && args.size() == 2 ? typeArg(0) : nullptr;
    if (!elem || !intArg(1, 1, 32, count)) {
      if (!elem) error(DiagId::ExpectedToken, r, {"a control point type and count for '" + std::string(n) + "'"});
      return types.errorType();
    }
    if (elem->isError()) return elem;
    return types.array(elem, count);
  }
  if (n == "RayQuery") return resolveRayQueryType(ts);
  if (const Type* t = rayTracingStruct(n)) return t;
  // DX9's sampler types (`sampler`, `sampler1D` .. `samplerCUBE`, `sampler_state`) are
  // SamplerState in DXC. A struct or typedef the shader declares under one of those names
  // is that declaration (DXC's SPIR-V tests declare `struct sampler2D`).
  if (!ts->hasTemplateArgs && (n == "sampler" || n == "sampler1D" || n == "sampler2D" || n == "sampler3D" ||
                               n == "samplerCUBE" || n == "sampler_state")) {
    for (Decl* d : lookup(ts->name))
      if (d && (d->kind == DeclKind::Struct || d->kind == DeclKind::Typedef)) {
        isBuiltin = false;
        return nullptr;
      }
    return types.resource(ResourceKind::SamplerState, nullptr);
  }
  if (isBuiltinTypeName(n)) {
    notSupported("type '" + std::string(n) + "'", r);
    return types.errorType();
  }
  isBuiltin = false;
  return nullptr;
}

const Type* SemaImpl::applyArrayDims(const Type* base, std::span<Expr*> dims, bool allowUnsized) {
  if (base->isError()) return base;
  // float a[4][2]: the innermost (last) dimension binds first.
  const Type* t = base;
  for (size_t i = dims.size(); i-- > 0;) {
    Expr* d = dims[i];
    if (!d) {
      if (!allowUnsized || i != 0) {
        notSupported("an unsized array here", base ? SourceRange{} : SourceRange{});
        return types.errorType();
      }
      t = types.unsizedArray(t);
      continue;
    }
    checkExpr(d);
    if (d->type->isError()) return types.errorType();
    finalizeLiteral(d);
    dims[i] = d;
    ConstValue v = eval(d);
    if (!v.valid() && isSpecExpr(d)) {
      // DXC: a specialization constant is not a constant expression (its value is set when
      // the pipeline is created), so the array would be variable-length (err_hlsl_vla).
      error(DiagId::VariableLengthArray, d->range);
      return types.errorType();
    }
    if (!v.valid() || !d->type->isIntegral()) {
      error(DiagId::NotConstant, d->range);
      return types.errorType();
    }
    if (v.asInt() <= 0) {
      error(DiagId::InvalidAttributeArg, d->range, {"array size", "must be greater than zero"});
      return types.errorType();
    }
    // DXC (clang for a 32-bit size_t): an array must be addressable in 32 bits. (Arrays of
    // resources have no size here; their count must still fit the IR's 32 bits.)
    uint64_t bytes = clangSizeOf(t);
    if (bytes == UINT64_MAX) bytes = 1;
    if (uint64_t(v.asInt()) > 0xffffffffull / std::max<uint64_t>(bytes, 1)) {
      error(DiagId::ArrayTooLarge, d->range, {std::to_string(v.asInt())});
      return types.errorType();
    }
    t = types.array(t, uint32_t(v.asInt()));
  }
  return t;
}

// `auto` as a type (HLSL 202x): only a variable's, deduced from its initializer.
bool SemaImpl::isAutoType(const TypeSpec* ts) const {
  return opts.hlslVersion > 2021 && ts && !ts->inlineStruct && ts->qualifiers.empty() && !ts->leadingGlobalScope &&
         !ts->hasTemplateArgs && ts->arrayDims.empty() && ts->name.str() == "auto";
}

// `auto x = e;` (HLSL 202x): x has the type of e. One variable with an expression initializer.
const Type* SemaImpl::deduceAutoType(VarDecl* v) {
  if (!v->init || v->init->kind == ExprKind::InitList || !v->arrayDims.empty()) {
    error(DiagId::IncompleteType, v->nameRange.valid() ? v->nameRange : v->range, {std::string(v->name.str()), "auto"});
    return types.errorType();
  }
  const Type* t = checkExpr(v->init);
  if (t->isError()) return t;
  finalizeLiteral(v->init);
  if (v->init->type->isVoid()) {
    error(DiagId::TypeMismatch, v->init->range, {"void", "a variable type"});
    return types.errorType();
  }
  return v->init->type;
}

const Type* SemaImpl::resolveType(TypeSpec* ts) {
  if (!ts) return types.errorType();
  if (ts->resolved) return ts->resolved;
  if (isAutoType(ts)) {
    notSupported("'auto' other than as the type of a variable with an initializer", ts->range);
    return types.errorType();
  }
  const Type* t = nullptr;
  if (ts->inlineStruct) {
    checkStructDecl(ts->inlineStruct);
    t = ts->inlineStruct->type ? ts->inlineStruct->type : types.errorType();
  } else if (ts->qualifiers.empty() && !ts->leadingGlobalScope && !ts->scopeType) {
    bool builtin = false;
    // User declarations shadow nothing built-in in HLSL; built-in names come first.
    t = resolveBuiltinType(ts, builtin);
    if (!builtin) t = nullptr;
  }
  if (!t) {
    // `typename Tmpl<args>::member`: looked up in the instance (inside a template, once the
    // template is instantiated with its arguments bound).
    size_t errorsBefore = diags.errorCount();
    std::vector<Decl*> found = ts->scopeType
                                   ? lookupInType(ts->scopeType, ts->qualifiers, ts->name, ts->range)
                                   : lookupQualified(ts->qualifiers, ts->leadingGlobalScope, ts->name, ts->range);
    for (Decl* d : found) {
      switch (d->kind) {
        case DeclKind::Struct: {
          auto* sd = static_cast<StructDecl*>(d);
          if (sd->isTemplate) {
            t = instantiateStruct(sd, ts);
          } else if (ts->hasTemplateArgs) {
            // Inside an instance its own name is found first (the injected class name); with
            // arguments it names the template, as in C++: `R<N - 1>` inside `R<N>`.
            auto in = sd->type ? instanceOfType.find(sd->type) : instanceOfType.end();
            if (in != instanceOfType.end()) {
              t = instantiateStruct(static_cast<StructDecl*>(in->second->tmpl), ts);
            } else {
              error(DiagId::TypeMismatch, ts->range, {std::string(sd->name.str()), "a template"});
              t = types.errorType();
            }
          } else {
            if (!sd->type) checkStructDecl(sd);
            // A typedef of a struct declared later, or the pointee of a vk::BufferPointer
            // (a linked list): the forward declaration's type, completed by the definition.
            if (!sd->type && allowIncompleteStruct && !sd->isDefinition)
              sd->type = types.structType(sd, std::string(sd->name.str()));
            bool incomplete =
                sd->type && !allowIncompleteStruct && sd->type->structDecl() && !sd->type->structDecl()->isDefinition;
            if (!sd->type || incomplete) {
              // Only a forward declaration so far.
              error(DiagId::IncompleteType, ts->range, {std::string(sd->name.str()), std::string(sd->name.str())});
              t = types.errorType();
            } else {
              t = sd->type;
            }
          }
          break;
        }
        case DeclKind::Typedef: {
          auto* td = static_cast<TypedefDecl*>(d);
          if (td->isTemplate) {
            if (!checkedDecls.count(td)) checkTypedef(td);
            t = instantiateAlias(td, ts);
          } else {
            if (!td->type) checkTypedef(td);
            t = td->type ? td->type : types.errorType();
            // A typedef of a struct declared later (`typedef struct S T;`): a value of it
            // needs the definition first; a vk::BufferPointer to it does not.
            if (t->isStruct() && t->structDecl() && !t->structDecl()->isDefinition && !allowIncompleteStruct) {
              error(DiagId::IncompleteType, ts->range, {std::string(ts->name.str()), t->toString()});
              t = types.errorType();
            }
          }
          break;
        }
        case DeclKind::Enum: {
          auto* ed = static_cast<EnumDecl*>(d);
          t = ed->type ? ed->type : types.errorType();
          break;
        }
        default: break;
      }
      if (t) break;
    }
    if (!t && ts->scopeType) {
      // No such member after substitution (OSH0012), or a member that is not a type.
      const Type* scope = ts->scopeType->resolved;
      std::string member;
      for (Ident q : ts->qualifiers) member += std::string(q.str()) + "::";
      member += ts->name.str();
      if (scope && !scope->isError() && diags.errorCount() == errorsBefore) {
        if (found.empty())
          error(DiagId::NoMember, ts->range, {member, typeName(scope)});
        else
          error(DiagId::TypenameNonType, ts->range, {member, typeName(scope)});
      }
      t = types.errorType();
    }
    if (!t && found.empty() && inVkNamespace(ts->qualifiers)) t = resolveVkType(ts);
    if (!t && found.empty() && !ts->qualifiers.empty() && diags.errorCount() == errorsBefore) {
      // `typename T::member` with T bound to a struct that has no such member (the path
      // resolved, so this reports nothing new): OSH0012, as for `typename S<T>::member`.
      Scope* s = resolveQualifiers(ts->qualifiers, ts->leadingGlobalScope, ts->range);
      auto* sd = s && s->owner && s->owner->kind == DeclKind::Struct ? static_cast<StructDecl*>(s->owner) : nullptr;
      if (sd) {
        error(DiagId::NoMember, ts->range,
              {std::string(ts->name.str()), sd->type ? typeName(sd->type) : std::string(sd->name.str())});
        t = types.errorType();
      }
    }
    if (!t) {
      if (found.empty() && ts->qualifiers.empty()) {
        error(DiagId::UnknownType, ts->range, {std::string(ts->name.str())});
      } else if (!found.empty()) {
        error(DiagId::UnknownType, ts->range, {std::string(ts->name.str())});
      } else if (!ts->qualifiers.empty() && diags.errorCount() == 0) {
        error(DiagId::UnknownType, ts->range, {std::string(ts->name.str())});
      }
      t = types.errorType();
    }
  }
  if (t->isMatrix() && (ts->mods & TM_RowMajor) && !t->rowMajor())
    t = types.matrix(t->componentType(), t->rows(), t->cols(), true);
  if (!ts->arrayDims.empty()) t = applyArrayDims(t, ts->arrayDims, false);
  ts->resolved = t;
  return t;
}

// ---------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------
void SemaImpl::checkTopLevel(Decl* d) {
  if (!d) return;
  switch (d->kind) {
    case DeclKind::Var: checkVarDecl(static_cast<VarDecl*>(d), true, false); break;
    case DeclKind::Function: checkFunctionDecl(static_cast<FunctionDecl*>(d)); break;
    case DeclKind::Struct: checkStructDecl(static_cast<StructDecl*>(d)); break;
    case DeclKind::CBuffer: checkCBuffer(static_cast<CBufferDecl*>(d)); break;
    case DeclKind::Typedef: checkTypedef(static_cast<TypedefDecl*>(d)); break;
    case DeclKind::Namespace: checkNamespace(static_cast<NamespaceDecl*>(d)); break;
    case DeclKind::Enum: checkEnum(static_cast<EnumDecl*>(d)); break;
    case DeclKind::StaticAssert: checkStaticAssert(static_cast<StaticAssertDecl*>(d)); break;
    case DeclKind::UsingNamespace: {
      auto* u = static_cast<UsingNamespaceDecl*>(d);
      checkAttributes(u->attributes, AS_OtherDecl);
      if (Scope* s = resolveQualifiers(u->path, false, u->range)) scopeStack.back()->usingNamespaces.push_back(s);
      break;
    }
    default: notSupported("this declaration", d->range); break;
  }
}

void SemaImpl::checkTypedef(TypedefDecl* t) {
  if (checkedDecls.count(t)) return;
  checkedDecls.insert(t);
  checkAttributes(t->attributes, AS_Typedef);
  if (t->isTemplate) {
    templateContexts[t] = scopeStack;
    declare(t);
    return;
  }
  bool saved = allowIncompleteStruct;
  allowIncompleteStruct = t->arrayDims.empty();
  const Type* ty = resolveType(t->typeSpec);
  allowIncompleteStruct = saved;
  ty = applyArrayDims(ty, t->arrayDims, false);
  t->type = ty;
  recordSpirvTypeAlias(t);
  declare(t);
}

void SemaImpl::checkNamespace(NamespaceDecl* ns) {
  checkAttributes(ns->attributes, AS_OtherDecl);
  // Reopened namespaces share one scope.
  Scope* s = nullptr;
  if (auto* prev = scopeStack.back()->find(ns->name)) {
    for (Decl* p : *prev)
      if (p->kind == DeclKind::Namespace) s = scopeOf(p);
  }
  if (!s) {
    s = newScope(Scope::Kind::Namespace, ns);
    declare(ns);
  } else {
    containerScopes[ns] = s;
  }
  pushScope(s);
  for (Decl* d : ns->decls) checkTopLevel(d);
  popScope();
}

void SemaImpl::checkEnum(EnumDecl* e) {
  if (checkedDecls.count(e)) return;
  checkedDecls.insert(e);
  checkAttributes(e->attributes, AS_OtherDecl);
  const Type* under = types.intType();
  if (e->underlying) {
    under = resolveType(e->underlying);
    if (!under->isError() && (!under->isScalar() || !under->isIntegral())) {
      error(DiagId::TypeMismatch, e->underlying->range, {typeName(under), "an integer type"});
      under = types.intType();
    }
    if (under->isError()) under = types.intType();
  }
  std::string display(e->name.str());
  if (display.empty()) display = "(anonymous enum)";
  e->type = types.enumType(e, under, display);
  declare(e);
  Scope* es = newScope(Scope::Kind::Enum, e);
  int64_t next = 0;
  for (EnumConstantDecl* c : e->enumerators) {
    if (c->value) {
      Expr* v = c->value;
      checkExpr(v);
      if (!v->type->isError()) finalizeLiteral(v);
      c->value = v;
      if (!v->type->isError()) {
        ConstValue cv = eval(v);
        if (!cv.valid() || !(v->type->isIntegral() || v->type->isBool() || v->type->isEnum())) {
          error(DiagId::NotConstant, v->range);
        } else {
          next = cv.asInt();
        }
      }
    }
    c->constValue = next++;
    enumOf[c] = e;
    es->add(c->name, c);
    if (!e->isScoped) declare(c);
  }
}

void SemaImpl::checkStaticAssert(StaticAssertDecl* s) {
  checkAttributes(s->attributes, AS_OtherDecl);
  Expr* c = s->cond;
  if (!c) return;
  checkExpr(c);
  if (!c->type->isError()) finalizeLiteral(c);
  s->cond = c;
  if (c->type->isError()) return;
  ConstValue v = eval(c);
  if (!v.valid()) {
    error(DiagId::NotConstant, c->range);
    return;
  }
  if (!v.asBool()) {
    std::string msg = s->message ? std::string(s->message->value) : std::string("condition is false");
    error(DiagId::StaticAssertFailed, c->range, {msg});
  }
}

// `uint a : 4;` (HLSL 2021): an integer field of that many bits. DXC's layout: a bitfield
// goes into the member of the field declared just before it (`last`) when both have the same type and its bits still
// fit, at the next bit; otherwise it starts a member of its own at bit 0. True when `f` was packed into `last` (listed
// in `packed`, not a member).
bool SemaImpl::checkBitfield(FieldDecl* f, FieldDecl* last, std::vector<StructField>& packed) {
  const Type* t = f->type;
  std::string name(f->name.str());
  Expr* w = f->bitWidth;
  checkExpr(w);
  f->bitWidth = w;
  if (t->isError() || w->type->isError()) return false;
  const Type* base = t->isEnum() ? t->underlyingType() : t;
  if (!base->isScalar() || !base->isIntegral() || base->isLiteral()) {
    error(DiagId::BitfieldType, f->nameRange.valid() ? f->nameRange : f->range, {name, typeName(t)});
    return false;
  }
  ConstValue cv = eval(w);
  if (!cv.valid() || !w->type->isIntegral()) {
    error(DiagId::NotConstant, w->range);
    return false;
  }
  finalizeLiteral(f->bitWidth);
  uint32_t bits = scalarBits(base->scalarKind());
  int64_t n = cv.asInt();
  if (n < 1 || n > int64_t(bits)) {
    error(DiagId::BitfieldWidth, w->range, {name, std::to_string(n), std::to_string(bits)});
    return false;
  }
  f->bitCount = uint8_t(n);
  if (last && last->bitCount && last->type == t && last->bitOffset + last->bitCount + n <= bits) {
    f->index = last->index;
    f->bitOffset = uint8_t(last->bitOffset + last->bitCount);
    packed.push_back(StructField{f->name, t, f});
    return true;
  }
  return false;
}

// `template<typename T> const static T S<T>::m[2] = {1, 2};`: the value of static member m of
// class template S (the parser has checked that the arguments are S's own parameters). The
// template's member takes the initializer, so every instantiation checks and uses it with its
// own arguments; instantiations made before this definition have none.
bool SemaImpl::defineTemplateStaticMember(VarDecl* v) {
  std::span<Ident> path = v->qualifiers.first(v->qualifiers.size() - 1);
  StructDecl* tmpl = nullptr;
  for (Decl* d : lookupQualified(path, false, v->qualifiers.back(), v->range))
    if (auto* sd = dyn_cast<StructDecl>(d); sd && sd->isTemplate && !sd->isSpecialization && sd->isDefinition)
      tmpl = sd;
  if (!tmpl) return false;
  SourceRange nr = v->nameRange.valid() ? v->nameRange : v->range;
  std::string owner(tmpl->name.str());
  VarDecl* m = nullptr;
  for (Decl* d : tmpl->members)
    if (auto* mv = dyn_cast<VarDecl>(d); mv && mv->name == v->name && (mv->storage & SF_Static)) m = mv;
  if (!m) {
    error(DiagId::NoMember, nr, {std::string(v->name.str()), owner});
  } else if (m->init) {
    error(DiagId::Redefinition, nr, {owner + "::" + std::string(v->name.str())});
  } else if (m->arrayDims.size() != v->arrayDims.size()) {
    error(DiagId::TypeMismatch, v->typeSpec ? v->typeSpec->range : nr, {"the definition's type", "the member's type"});
  } else {
    for (auto& in : instances)
      if (in.tmpl == tmpl) {
        notSupported("a static member definition after its class template was instantiated", v->range);
        return true;
      }
    m->init = v->init;
  }
  return true;
}

void SemaImpl::checkStaticMemberDefinition(VarDecl* v) {
  if (defineTemplateStaticMember(v)) return;
  SourceRange nr = v->nameRange.valid() ? v->nameRange : v->range;
  VarDecl* m = nullptr;
  uint32_t errorsBefore = diags.errorCount();
  for (Decl* d : lookupQualified(v->qualifiers, false, v->name, nr))
    if (d->kind == DeclKind::Var && (static_cast<VarDecl*>(d)->storage & SF_Static) && d->parent &&
        d->parent->kind == DeclKind::Struct)
      m = static_cast<VarDecl*>(d);
  std::string owner;
  for (Ident q : v->qualifiers) owner += (owner.empty() ? "" : "::") + std::string(q.str());
  if (!m) {
    if (diags.errorCount() == errorsBefore) error(DiagId::NoMember, nr, {std::string(v->name.str()), owner});
    return;
  }
  if (m->init) {
    error(DiagId::Redefinition, nr, {owner + "::" + std::string(v->name.str())});
    return;
  }
  const Type* t = applyArrayDims(resolveType(v->typeSpec), v->arrayDims, false);
  v->type = m->type;
  if (!m->type || m->type->isError() || t->isError()) return;
  if (t != m->type) {
    error(DiagId::TypeMismatch, v->typeSpec ? v->typeSpec->range : nr, {typeName(t), typeName(m->type)});
    return;
  }
  if (!v->init) return;
  // The member's own global (declared with the struct) takes the value.
  Expr* init = v->init;
  checkInitializer(init, m->type);
  m->init = init;
  bool isConst = (m->storage & SF_Const) || (m->typeSpec && (m->typeSpec->mods & TM_Const));
  if (isConst) {
    ConstValue cv = eval(init);
    if (cv.valid() && m->type->isScalar()) constVars[m] = cv;
  }
}

void SemaImpl::checkVarDecl(VarDecl* v, bool global, bool local) {
  if (global && !local && !v->qualifiers.empty()) {
    checkStaticMemberDefinition(v);
    return;
  }
  checkAttributes(v->attributes, !global ? AS_LocalVar : local ? AS_CBufferMember : AS_GlobalVar);
  const Type* t = isAutoType(v->typeSpec) ? deduceAutoType(v) : resolveType(v->typeSpec);
  bool allowUnsized = global && !t->isError() && (t->isResource() || v->init != nullptr);
  if (!global && v->init && v->init->kind == ExprKind::InitList) allowUnsized = true;
  t = applyArrayDims(t, v->arrayDims, allowUnsized);
  uint32_t st = v->storage;
  bool isConst = (st & SF_Const) || (v->typeSpec && (v->typeSpec->mods & TM_Const));
  if (t->isVoid()) {
    error(DiagId::TypeMismatch, v->typeSpec ? v->typeSpec->range : v->range, {"void", "a variable type"});
    t = types.errorType();
  }
  t = rejectSpirvOperandType(t, v->typeSpec ? v->typeSpec->range : v->range);
  if ((st & SF_Groupshared) && !global) {
    error(DiagId::InvalidAttributeArg, v->range, {"groupshared", "only global variables can be groupshared"});
  }
  // Unsized array with an initializer list: size from the list.
  if (t->isUnsizedArray() && v->init && v->init->kind == ExprKind::InitList) {
    auto* il = static_cast<InitListExpr*>(v->init);
    t = types.array(t->elementType(), uint32_t(std::max<size_t>(1, il->inits.size())));
  }
  v->type = t;
  // A local is in scope in its own initializer (C++'s rule, which DXC follows:
  // `float2x2 b = float2x2(a.x, b._m00, ...)` reads b's indeterminate value).
  const bool declaredEarly = !global && v->init;
  if (declaredEarly) declare(v);
  if (v->init) {
    {
      // A resource initialized from another (`Texture2D t = gTex;`): an alias of the
      // resource it names, resolved by lowering (lower_resources.cpp).
      Expr* init = v->init;
      checkInitializer(init, t);
      v->init = init;
      if (isConst && (st & SF_Static || !global)) {
        ConstValue cv = eval(init);
        if (cv.valid() && t->isScalar()) constVars[v] = cv;
        // `static const uint M = N * 2 + 1;` over a specialization constant N: a
        // specialization-constant expression itself (lowering: a SpecOp constant).
        else if (global && (st & SF_Static) && !t->isError() && t->isScalar() && isSpecExpr(init))
          specConstVars.insert(v);
      }
    }
  } else if (isConst && !global && !t->isError()) {
    // `const int x;` needs an initializer
    error(DiagId::NotConstant, v->range);
  } else if (!global && isResultIdSpec(v->typeSpec)) {
    error(DiagId::ResultIdUninitialized, v->nameRange.valid() ? v->nameRange : v->range);  // section 5
  } else if (!t->isError() && t->isBufferPointer() && (!global || (st & SF_Static))) {
    error(DiagId::BufferPointerNoDefault, v->nameRange.valid() ? v->nameRange : v->range);  // section 11.2
  }
  if (global) {
    globalsInOrder.push_back(v);
    globalVars.insert(v);
  }
  checkExplicitOffset(v, t, global, local);
  // A `string` variable names its literal (a printf format): no storage, not in $Globals.
  if (!t->isError() && t->isString()) {
    if (!v->init || skipParens(v->init)->kind != ExprKind::StringLiteral)
      notSupported("a string variable without a string literal initializer", v->range);
    if (!declaredEarly) declare(v);
    return;
  }
  if (global && !local) {
    GlobalVar g;
    g.decl = v;
    g.name = std::string(v->name.str());
    g.type = t;
    // A static resource (`static Texture2D t = gTex;`) has no binding: it is an alias of
    // the resource it is given (lowering).
    if (!t->isError() && !(st & SF_Static) && (t->isResource() || (t->isArray() && [&] {
                                                 const Type* e = t;
                                                 while (e->isArray()) e = e->elementType();
                                                 return e->isResource();
                                               }()))) {
      g.kind = GlobalKind::Resource;
    } else if (st & SF_Groupshared) {
      g.kind = GlobalKind::Groupshared;
    } else if (st & SF_Static) {
      g.kind = GlobalKind::Static;
    } else {
      g.kind = GlobalKind::Uniform;
    }
    if (!t->isError() && t->isResource() &&
        (t->resourceKind() == ResourceKind::SubpassInput || t->resourceKind() == ResourceKind::SubpassInputMS)) {
      // DXC: a subpass input is a bound resource of scalars or vectors.
      SourceRange nr = v->nameRange.valid() ? v->nameRange : v->range;
      if (st & SF_Static) error(DiagId::SubpassInputStatic, nr);
      const Type* el = t->elementType();
      if (el && !el->isError() && !el->isScalarOrVector()) error(DiagId::SubpassInputElement, nr);
    }
    g.binding = bindingOf(v, v->registers);
    if (const Attribute* pc = findAttr(v->attributes, AttrId::VkPushConstant)) checkPushConstant(v, pc, g);
    for (AttrId id : {AttrId::VkShaderRecordEXT, AttrId::VkShaderRecordNV})
      if (const Attribute* sr = findAttr(v->attributes, id)) checkShaderRecord(v, sr, g);
    if (const Attribute* sc = findAttr(v->attributes, AttrId::VkConstantId)) checkSpecConstant(v, sc, g);
    if (const Attribute* f = findAttr(v->attributes, AttrId::VkImageFormat)) checkImageFormat(v, f, g);
    if (const Attribute* c = findAttr(v->attributes, AttrId::VkCombinedImageSampler))
      checkCombinedImageSampler(v, c, g);
    checkInlineSpirvGlobal(v, g);
    if (g.kind == GlobalKind::Uniform && !t->isError()) {
      // A legacy vk::ext_type<N> has no layout: with a register it is a UniformConstant
      // variable (an acceleration structure, spv.intrinsicTypeRayquery.hlsl), else a private one.
      const Type* leaf = t;
      while (leaf->isArray()) leaf = leaf->elementType();
      if (legacyExtTypes.count(leaf)) {
        if (v->registers.empty()) {
          g.kind = GlobalKind::Static;
        } else {
          g.kind = GlobalKind::SpirvStorageClass;
          g.spirvValue = 0;
        }
      }
    }
    if (v->parent && v->parent->kind == DeclKind::Struct) {
      // static member of a struct: a static global
      g.kind = g.kind == GlobalKind::Uniform ? GlobalKind::Static : g.kind;
    }
    if (g.kind == GlobalKind::Uniform && !t->isError() && !findAttr(v->attributes, AttrId::VkConstantId) &&
        !findAttr(v->attributes, AttrId::VkPushConstant) && !holdsResource(t)) {
      // A global constant is a member of $Globals: its value comes from the buffer (DXC).
      std::string name(v->name.str());
      if (v->init) error(DiagId::GlobalsInitializerIgnored, v->init->range, {name});
      if (const Attribute* b = findAttr(v->attributes, AttrId::VkBinding))
        error(DiagId::GlobalsBinding, b->range, {name});
    }
    program.globals.push_back(std::move(g));
  }
  if (!declaredEarly) declare(v);
}

// [[vk::offset(N)]] (struct and cbuffer members), packoffset(cN[.c]) (cbuffer members) and
// register(cN) (global constants in $Globals): explicit byte offsets, checked the way FXC
// and DXC do. Overlaps and alignment need the layout: lowering checks them (OSH0042).
void SemaImpl::checkExplicitOffset(VarDecl* v, const Type* t, bool global, bool local, bool field) {
  bool cbufferMember = global && local;
  for (auto* a : v->attributes) {
    // The table allows [[vk::offset]] on struct fields and cbuffer members only (OSH0045).
    if (!a || a->semaId != uint16_t(AttrId::VkOffset) || a->invalid || (!cbufferMember && !field)) continue;
    int64_t off = attrInt(a, 0);
    if (off < 0 || off % 4 != 0 || off > 0x7fffffff)
      error(DiagId::InvalidAttributeArg, a->args[0]->range, {"vk::offset", "expected a non-negative multiple of 4"});
  }
  if (v->packOffset) {
    const PackOffsetAnnot& p = *v->packOffset;
    std::string name(v->name.str());
    if (!cbufferMember) {
      error(DiagId::InvalidPackOffset, p.range,
            {"packoffset", name, "packoffset is only allowed in a constant buffer"});
    } else if (!t->isError() && p.hasComponent && p.component != 0) {
      if (!t->isScalarOrVector()) {
        error(DiagId::InvalidPackOffset, p.range,
              {"packoffset", name, "a struct, array or matrix must start at a register (no component)"});
      } else {
        uint32_t bits = scalarBits(t->scalarKind());
        uint32_t bytes = t->componentCount() * (bits >= 8 ? bits / 8 : 4);
        if (p.component * 4 + bytes > 16)
          error(DiagId::InvalidPackOffset, p.range,
                {"packoffset", name,
                 "'" + typeName(t) + "' at component " + std::string(1, "xyzw"[p.component]) +
                     " crosses a register boundary"});
      }
    }
  }
  // register(cN) on a global constant: its offset in $Globals (N * 16), as FXC and DXC.
  if (global && !local) {
    for (const auto& r : v->registers) {
      if (r.regClass != 'c') continue;
      if (t->isError()) break;
      bool resourceLike = t->isResource() || (v->storage & (SF_Static | SF_Groupshared));
      if (resourceLike)
        error(DiagId::InvalidPackOffset, r.range,
              {"register(c" + std::to_string(r.index) + ")", std::string(v->name.str()),
               "only global constants (in $Globals) take a c register"});
      break;
    }
  }
}

Binding SemaImpl::bindingOf(Decl* d, std::span<RegisterAnnot> regs) {
  Binding b;
  for (const auto& r : regs) {
    if (!r.regClass) {
      if (r.hasSpace) {
        b.space = r.space;
        b.spaceWritten = true;
      }
      continue;
    }
    if (b.hasRegister) continue;
    if (r.regClass != 't' && r.regClass != 'u' && r.regClass != 'b' && r.regClass != 's' && r.regClass != 'c') {
      error(DiagId::InvalidAttributeArg, r.range,
            {"register", "unknown register class '" + std::string(1, r.regClass) + "'"});
      continue;
    }
    b.hasRegister = true;
    b.regClass = r.regClass;
    b.index = r.index;
    b.space = r.hasSpace ? r.space : 0;
    b.spaceWritten = r.hasSpace;
  }
  // [[vk::binding(b[, s])]] and [[vk::counter_binding(b)]]: the table checked that the
  // arguments are integer constants.
  auto argU = [&](const Attribute* a, size_t i, uint32_t& out) {
    int64_t v = attrInt(a, i);
    if (v < 0 || v > 0x7fffffff) {
      error(DiagId::InvalidAttributeArg, a->args[i]->range,
            {attrDisplayName(*attrOf(a)), "expected a non-negative integer constant"});
      return false;
    }
    out = uint32_t(v);
    return true;
  };
  if (const Attribute* a = findAttr(d->attributes, AttrId::VkBinding)) {
    uint32_t bb = 0, ss = 0;
    if (argU(a, 0, bb) && (a->args.size() < 2 || argU(a, 1, ss))) {
      b.hasVkBinding = true;
      b.vkBinding = bb;
      b.vkSet = ss;
      b.vkSetWritten = a->args.size() >= 2;
    }
  }
  if (const Attribute* a = findAttr(d->attributes, AttrId::VkCounterBinding)) {
    uint32_t bb = 0;
    if (argU(a, 0, bb)) {
      b.hasVkCounterBinding = true;
      b.vkCounterBinding = bb;
    }
  }
  return b;
}

void SemaImpl::checkCBuffer(CBufferDecl* cb) {
  GlobalVar g;
  g.kind = GlobalKind::CBuffer;
  g.cbuffer = cb;
  g.name = std::string(cb->name.str());
  checkAttributes(cb->attributes, AS_CBuffer);
  // [[vk::shader_record_ext]] cbuffer: its block in ShaderRecordBufferKHR (DXC), no binding.
  for (AttrId id : {AttrId::VkShaderRecordEXT, AttrId::VkShaderRecordNV})
    if (const Attribute* a = findAttr(cb->attributes, id)) {
      std::string spelled = id == AttrId::VkShaderRecordNV ? "[[vk::shader_record_nv]]" : "[[vk::shader_record_ext]]";
      if (cb->isTBuffer)
        attrDiag(DiagId::AttributeSubject, a->range, {spelled, "cbuffer and ConstantBuffer<struct> globals"});
      else if (findAttr(cb->attributes, AttrId::VkBinding))
        attrDiag(DiagId::AttributeConflict, a->range, {spelled, "[[vk::binding]]"});
      else
        g.shaderRecord = true;
    }
  g.binding = bindingOf(cb, cb->registers);
  bool hadResources = false;
  for (Decl* m : cb->members) {
    if (!m) continue;
    if (m->kind == DeclKind::Var) {
      auto* v = static_cast<VarDecl*>(m);
      // cbuffer members are visible as globals (in the enclosing scope).
      checkVarDecl(v, true, true);
      if (v->storage & (SF_Static | SF_Groupshared))
        notSupported("static or groupshared variables inside a cbuffer", v->range);
      const Type* et = v->type;
      while (et && et->isArray()) et = et->elementType();
      if (et && !et->isError() && et->isResource() && !(v->storage & (SF_Static | SF_Groupshared))) {
        // A resource in a cbuffer is a resource of its own, not a member of the block; it
        // takes its binding before the cbuffer's, and a cbuffer left with no member has none
        // (DXC, SPIR-V.rst "Binding number assignment for resources in cbuffer").
        GlobalVar rg;
        rg.kind = GlobalKind::Resource;
        rg.decl = v;
        rg.name = std::string(v->name.str());
        rg.type = v->type;
        rg.binding = bindingOf(v, v->registers);
        program.globals.push_back(std::move(rg));
        hadResources = true;
        continue;
      }
      g.members.push_back(v);
    } else {
      checkTopLevel(m);
    }
  }
  if (hadResources && g.members.empty()) return;
  program.globals.push_back(std::move(g));
}

void SemaImpl::checkStructDecl(StructDecl* s) {
  if (checkedDecls.count(s)) return;
  checkedDecls.insert(s);
  if (s->isSpecialization && s->isTemplate && registerSpecialization(s)) return;
  if (s->isTemplate) {
    templateContexts[s] = scopeStack;
    declare(s);
    return;
  }
  if (!s->isDefinition) {
    declare(s);
    return;
  }
  checkAttributes(s->attributes, AS_Struct);
  std::string display(s->name.str());
  if (display.empty()) display = "(anonymous struct)";
  // A forward declaration already given a type (a typedef or a vk::BufferPointer of it came
  // first): the definition completes that type.
  if (!s->type)
    if (auto* prev = scopeStack.back()->find(s->name))
      for (Decl* p : *prev)
        if (p->kind == DeclKind::Struct && !static_cast<StructDecl*>(p)->isDefinition &&
            static_cast<StructDecl*>(p)->type) {
          s->type = static_cast<StructDecl*>(p)->type;
          types.rebindStruct(s->type, s);
        }
  if (!s->type) s->type = types.structType(s, display);
  // An earlier forward declaration refers to this definition.
  if (auto* prev = scopeStack.back()->find(s->name)) {
    for (Decl* p : *prev)
      if (p->kind == DeclKind::Struct && !static_cast<StructDecl*>(p)->isDefinition)
        static_cast<StructDecl*>(p)->type = s->type;
  }
  declare(s);
  if (s->tag == TagKind::Interface) notSupported("interfaces", s->range);
  Scope* ss = newScope(Scope::Kind::Struct, s);
  structsBeingDefined.insert(s);
  std::vector<StructField> fields, packed;
  FieldDecl* lastField = nullptr;  // the field declared last (bitfield packing)
  if (!s->bases.empty()) {
    // Single inheritance: the base's fields come first.
    for (size_t bi = 0; bi < s->bases.size(); ++bi) {
      TypeSpec* b = s->bases[bi];
      const Type* bt = resolveType(b);
      if (bt->isError()) continue;
      if (!bt->isStruct()) {
        error(DiagId::TypeMismatch, b->range, {typeName(bt), "a base struct"});
        continue;
      }
      if (bi != 0) {
        notSupported("multiple inheritance", b->range);
        continue;
      }
      if (bt->structDecl()->tag == TagKind::Interface) {
        notSupported("interfaces", b->range);
        continue;
      }
      // The base's fields (same FieldDecls and indices) come first; its members are
      // visible unqualified inside the derived struct's methods.
      fields.assign(bt->fields().begin(), bt->fields().end());
      packed.assign(bt->packedFields().begin(), bt->packedFields().end());
      if (Scope* bs = scopeOf(bt->structDecl())) ss->usingNamespaces.push_back(bs);
    }
  }
  pushScope(ss);
  std::unordered_set<ast::Ident, ast::Ident::Hash> fieldNames;
  size_t namedFields = 0, namedPacked = 0;
  for (Decl* m : s->members) {
    if (!m) continue;
    switch (m->kind) {
      case DeclKind::Field: {
        auto* f = static_cast<FieldDecl*>(m);
        checkAttributes(f->attributes, AS_Field);
        const Type* ft = resolveType(f->typeSpec);
        ft = applyArrayDims(ft, f->arrayDims, false);
        const Type* leaf = ft;
        while (leaf->isArray()) leaf = leaf->elementType();
        if (leaf->isStruct() && structsBeingDefined.count(leaf->structDecl())) {
          error(DiagId::IncompleteType, f->nameRange.valid() ? f->nameRange : f->range,
                {std::string(f->name.str()), typeName(leaf)});
          ft = types.errorType();
        }
        if (ft->isVoid()) {
          error(DiagId::TypeMismatch, f->range, {"void", "a field type"});
          ft = types.errorType();
        }
        ft = rejectSpirvOperandType(ft, f->typeSpec ? f->typeSpec->range : f->range);
        checkExplicitOffset(f, ft, false, false, true);
        if (f->init) notSupported("default member initializers", f->init->range);
        f->type = ft;
        f->index = uint32_t(fields.size());
        // The names of `fields` and `packed` so far, kept in step with the two lists (a
        // search of them per field was quadratic in the members of one struct).
        for (; namedFields < fields.size(); ++namedFields) fieldNames.insert(fields[namedFields].name);
        for (; namedPacked < packed.size(); ++namedPacked) fieldNames.insert(packed[namedPacked].name);
        // A repeated name (of this struct or of a base) is reported here, once: the field is
        // then not declared again in the struct's scope (which would report it a second time).
        const bool repeated = fieldNames.count(f->name) != 0;
        if (repeated)
          error(DiagId::Redefinition, f->nameRange.valid() ? f->nameRange : f->range, {std::string(f->name.str())});
        FieldDecl* prev = lastField;
        lastField = f;
        if (f->bitWidth && checkBitfield(f, prev, packed)) {
          if (!repeated) declare(f);
          break;
        }
        fields.push_back(StructField{f->name, ft, f});
        if (!repeated) declare(f);
        break;
      }
      case DeclKind::Function: {
        auto* fn = static_cast<FunctionDecl*>(m);
        fn->isMethod = true;
        fn->owner = s;
        if (fn->isTemplate) {
          // A member function template: instantiated per call like a free one, in the
          // struct's scope (the instance keeps isMethod, owner and static).
          templateContexts[fn] = scopeStack;
          declare(fn);
          break;
        }
        checkFunctionSignature(fn);
        break;
      }
      case DeclKind::Var: {
        auto* v = static_cast<VarDecl*>(m);
        if (!(v->storage & SF_Static)) {
          error(DiagId::InvalidAttributeArg, v->range, {"struct member", "expected a field"});
          break;
        }
        checkVarDecl(v, true, false);
        break;
      }
      default: checkTopLevel(m); break;
    }
  }
  types.setStructFields(s->type, std::move(fields), std::move(packed));
  structsBeingDefined.erase(s);
  // Method bodies see every member.
  for (Decl* m : s->members) {
    if (m && m->kind == DeclKind::Function) {
      auto* fn = static_cast<FunctionDecl*>(m);
      if (!fn->isTemplate && fn->body && fn->returnType) checkFunctionBody(fn);
    }
  }
  popScope();
  program.structs.push_back(s);
}

static bool sameSignature(const FunctionDecl* a, const FunctionDecl* b) {
  if (a->params.size() != b->params.size()) return false;
  for (size_t i = 0; i < a->params.size(); ++i) {
    const Type* x = a->params[i]->type;
    const Type* y = b->params[i]->type;
    if (x != y) return false;
    if ((a->params[i]->dir == ParamDir::Out || a->params[i]->dir == ParamDir::InOut) !=
        (b->params[i]->dir == ParamDir::Out || b->params[i]->dir == ParamDir::InOut))
      return false;
  }
  return true;
}

void SemaImpl::checkFunctionSignature(FunctionDecl* f) {
  const Type* rt = resolveType(f->returnTypeSpec);
  if (rt->isArray()) {
    error(DiagId::TypeMismatch, f->returnTypeSpec->range, {typeName(rt), "a function return type"});
    rt = types.errorType();
  }
  f->returnType = rt;
  bool seenDefault = false;
  for (ParamDecl* p : f->params) {
    checkAttributes(p->attributes, AS_Param);
    const Type* pt = resolveType(p->typeSpec);
    // `Texture2D ts[]`: an array of resources of any size (DXC: fn.param.unsized-opaque-array).
    pt = applyArrayDims(pt, p->arrayDims, !pt->isError() && pt->isResource());
    if (pt->isVoid()) {
      error(DiagId::TypeMismatch, p->range, {"void", "a parameter type"});
      pt = types.errorType();
    }
    pt = rejectSpirvOperandType(pt, p->typeSpec ? p->typeSpec->range : p->range);
    p->type = pt;
    if (p->init) {
      seenDefault = true;
      Expr* init = p->init;
      checkAndConvert(init, pt);
      p->init = init;
    } else if (seenDefault) {
      error(DiagId::InvalidAttributeArg, p->range, {"default argument", "missing default for a later parameter"});
    }
  }
  checkInlineSpirvParams(f);
  if (!pairWithDeclarations(f, scopeStack.back())) return;
  if (f->body)
    for (auto& [proto, ns] : localPrototypes)
      if (ns == scopeStack.back() && proto->name == f->name && proto->returnType && sameSignature(proto, f))
        definitionOf[proto] = f;
  declare(f);
}

// Prototype / definition pairing of `f` with the functions of its name declared in `s`;
// false after a redefinition (reported) and for a repeated prototype, which is not declared
// again (C++: a redeclaration; two of them would make every call ambiguous, DXC test
// spv.intrinsicTypeRayquery declares its [[vk::ext_instruction]] function twice).
bool SemaImpl::pairWithDeclarations(FunctionDecl* f, Scope* s) {
  auto* prev = s->find(f->name);
  if (!prev) return true;
  bool repeated = false;
  for (Decl* d : *prev) {
    if (d->kind != DeclKind::Function || d == f) continue;
    auto* g = static_cast<FunctionDecl*>(d);
    if (g->isTemplate || !g->returnType || !sameSignature(f, g)) continue;
    if (g->body && f->body) {
      error(DiagId::Redefinition, f->nameRange.valid() ? f->nameRange : f->range, {std::string(f->name.str())});
      return false;
    }
    if (f->body)
      definitionOf[g] = f;
    else if (g->body)
      definitionOf[f] = g;
    else
      repeated = true;
  }
  return !repeated;
}

// A function declared in a function body (`float MulBy3(float f);`): as in C++, a
// declaration, visible in the block, of a function of the enclosing namespace, whose
// definition there (before or after) the calls reach.
void SemaImpl::checkLocalFunctionDecl(FunctionDecl* f) {
  if (f->body || f->isTemplate || !f->qualifiers.empty()) {
    notSupported(f->body ? "a function definition inside a function" : "this local function declaration", f->range);
    return;
  }
  checkAttributes(f->attributes, AS_Function);
  checkFunctionSignature(f);  // declares it in the block
  Scope* ns = globalScope;
  for (size_t i = scopeStack.size(); i-- > 0;)
    if (scopeStack[i]->kind == Scope::Kind::Namespace || scopeStack[i]->kind == Scope::Kind::Global) {
      ns = scopeStack[i];
      break;
    }
  pairWithDeclarations(f, ns);
  localPrototypes.emplace_back(f, ns);
}

void SemaImpl::checkFunctionDecl(FunctionDecl* f) {
  checkAttributes(f->attributes, AS_Function);
  if (f->isTemplate) {
    if (!f->qualifiers.empty()) {
      notSupported("out-of-line member templates", f->range);
      return;
    }
    templateContexts[f] = scopeStack;
    declare(f);
    return;
  }
  if (!f->qualifiers.empty()) {
    // Out-of-line method definition: void S::f(...) { }
    Scope* s = resolveQualifiers(f->qualifiers, false, f->range);
    if (!s) return;
    if (s->kind != Scope::Kind::Struct) {
      // A function defined in a namespace from outside: declare it there.
      pushScope(s);
      checkFunctionSignature(f);
      if (f->body) checkFunctionBody(f);
      popScope();
      return;
    }
    auto* sd = static_cast<StructDecl*>(s->owner);
    f->isMethod = true;
    f->owner = sd;
    pushScope(s);
    // Match the prototype declared in the struct.
    const Type* rt = resolveType(f->returnTypeSpec);
    f->returnType = rt;
    for (ParamDecl* p : f->params) p->type = applyArrayDims(resolveType(p->typeSpec), p->arrayDims, false);
    FunctionDecl* proto = nullptr;
    if (auto* v = s->find(f->name))
      for (Decl* d : *v)
        if (d->kind == DeclKind::Function && d != f && sameSignature(static_cast<FunctionDecl*>(d), f))
          proto = static_cast<FunctionDecl*>(d);
    if (!proto) {
      error(DiagId::NoMember, f->nameRange.valid() ? f->nameRange : f->range,
            {std::string(f->name.str()), std::string(sd->name.str())});
    } else if (proto->body) {
      error(DiagId::Redefinition, f->nameRange.valid() ? f->nameRange : f->range, {std::string(f->name.str())});
    } else {
      definitionOf[proto] = f;
      f->isConstMethod = proto->isConstMethod;
      for (ParamDecl* p : f->params)
        if (p->init) {
          Expr* init = p->init;
          checkAndConvert(init, p->type);
          p->init = init;
        }
      if (f->body) checkFunctionBody(f);
    }
    popScope();
    return;
  }
  checkFunctionSignature(f);
  if (f->body) checkFunctionBody(f);
}

void SemaImpl::checkFunctionBody(FunctionDecl* f) {
  if (checkedDecls.count(f)) return;
  checkedDecls.insert(f);
  FunctionContext fc;
  fc.fn = f;
  fc.returnType = f->returnType ? f->returnType : types.errorType();
  fc.owner = f->isMethod ? f->owner : nullptr;
  FunctionContext* saved = fnCtx;
  fnCtx = &fc;
  Scope* fs = newScope(Scope::Kind::Function, nullptr);
  pushScope(fs);
  for (ParamDecl* p : f->params) declare(p);
  checkCompound(f->body, false);
  popScope();
  fnCtx = saved;
  functionsInOrder.push_back(f);
  program.functions.push_back(f);
}

}  // namespace oneshader::sema
