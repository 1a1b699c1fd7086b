// Sema: calls, overload resolution, intrinsics, built-in object methods, templates.
#include <algorithm>

#include "intrinsics/texture_args.hpp"
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

static std::string argList(std::span<Expr*> args) {
  std::string s = "(";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    s += args[i]->type ? args[i]->type->toString() : "?";
  }
  return s + ")";
}

static std::string signatureOf(const FunctionDecl* f) {
  std::string s =
      (f->returnType ? f->returnType->toString() : std::string("?")) + " " + std::string(f->name.str()) + "(";
  for (size_t i = 0; i < f->params.size(); ++i) {
    if (i) s += ", ";
    const ParamDecl* p = f->params[i];
    if (p->dir == ParamDir::Out) s += "out ";
    if (p->dir == ParamDir::InOut) s += "inout ";
    s += p->type ? p->type->toString() : (p->typeSpec ? std::string(p->typeSpec->name.str()) : "?");
  }
  return s + ")";
}

void SemaImpl::recordCall(FunctionDecl* callee, SourceRange r) {
  if (fnCtx && fnCtx->fn) callSites.push_back(CallSite{fnCtx->fn, callee, r});
}

static bool isOutDir(ParamDir d) { return d == ParamDir::Out || d == ParamDir::InOut; }

// An out/inout argument: an l-value of exactly the parameter type.
static bool outArgOk(SemaImpl& S, Expr* arg, const Type* pt, ParamDir dir, Ident pname, bool report) {
  if (arg->type->isError()) return true;
  if (!arg->isLValue) {
    if (report)
      S.error(DiagId::OutArgNotLValue, arg->range, {dir == ParamDir::Out ? "out" : "inout", std::string(pname.str())});
    return false;
  }
  if (report) {
    std::string what;
    if (!S.isModifiable(arg, what)) {
      S.error(DiagId::ConstAssign, arg->range, {what});
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Calls by name
// ---------------------------------------------------------------------------
// `s(args)` with a struct value s whose struct declares operator(): the call s.operator()(args).
const Type* SemaImpl::checkCallOperator(CallExpr* e, Expr* object) {
  if (!object->type || !object->type->isStruct()) return nullptr;
  Ident name = ctx.ident("operator()");
  if (methodsNamed(object->type, name).empty()) return nullptr;
  e->calleeExpr = nullptr;
  e->qualifiers = {};
  e->object = object;
  e->name = name;
  return checkMethodCall(e);
}

const Type* SemaImpl::checkCall(CallExpr* e) {
  if (e->calleeExpr) {
    if (!checkExpr(e->calleeExpr)->isError())
      if (const Type* t = checkCallOperator(e, e->calleeExpr)) return t;
    for (Expr*& a : e->args) checkExpr(a);
    notSupported("calling an expression", e->calleeExpr->range);
    return types.errorType();
  }
  if (e->object) return checkMethodCall(e);
  bool argError = false;
  for (Expr*& a : e->args)
    if (checkExpr(a)->isError()) argError = true;
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  std::vector<Decl*> found = e->scopeType ? lookupInType(e->scopeType, e->qualifiers, e->name, nr)
                                          : lookupQualified(e->qualifiers, false, e->name, nr);
  std::vector<FunctionDecl*> fns;
  for (Decl* d : found)
    if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
  if (found.empty() && e->qualifiers.empty() && !e->scopeType && !argError) {
    // Argument-dependent lookup (C++, as DXC's clang does it): an unqualified name that
    // ordinary lookup does not find is looked up in the namespaces of the arguments'
    // struct types (`cooperativeMatrixMultiplyAdd(a, b, c)` with vk::khr matrices).
    for (Expr* a : e->args) {
      const Type* at = a->type;
      if (!at || !at->isStruct() || !at->structDecl()) continue;
      Decl* ns = at->structDecl()->parent;
      while (ns && ns->kind != DeclKind::Namespace) ns = ns->parent;
      Scope* s = ns ? scopeOf(ns) : nullptr;
      if (auto* v = s ? s->find(e->name) : nullptr)
        for (Decl* d : *v)
          if (d->kind == DeclKind::Function &&
              std::find(fns.begin(), fns.end(), static_cast<FunctionDecl*>(d)) == fns.end())
            fns.push_back(static_cast<FunctionDecl*>(d));
    }
  }
  if (!fns.empty()) {
    if (argError) return types.errorType();
    return resolveUserCall(e, fns, nullptr);
  }
  if (!found.empty()) {
    Decl* d = found.front();
    if (d->kind == DeclKind::Struct || d->kind == DeclKind::Typedef) {
      notSupported("constructor syntax for '" + std::string(e->name.str()) + "'", e->range);
    } else if (!e->hasTemplateArgs && !e->scopeType && (d->kind == DeclKind::Var || d->kind == DeclKind::Param)) {
      auto* ref = ctx.make<DeclRefExpr>();
      ref->qualifiers = e->qualifiers;
      ref->name = e->name;
      ref->range = nr;
      Expr* obj = ref;
      if (checkExpr(obj)->isError()) return types.errorType();
      if (const Type* t = checkCallOperator(e, obj)) return t;
      error(DiagId::NotAFunction, nr, {std::string(e->name.str())});
    } else {
      error(DiagId::NotAFunction, nr, {std::string(e->name.str())});
    }
    return types.errorType();
  }
  if (e->scopeType) {
    if (!diags.hasErrors()) error(DiagId::UndeclaredIdentifier, nr, {std::string(e->name.str())});
    return types.errorType();
  }
  if (const Type* t = checkVkCall(e)) return argError ? types.errorType() : t;
  if (e->qualifiers.empty()) {
    IntrinsicId id = lookupIntrinsic(e->name.str());
    if (id != IntrinsicId::None) {
      if (argError) return types.errorType();
      return checkIntrinsicCall(e, id);
    }
  }
  if (e->qualifiers.empty())
    if (int rt = rtIntrinsicIndex(e->name.str()); rt >= 0)
      return argError ? types.errorType() : checkRtIntrinsic(e, uint32_t(rt));
  if (e->qualifiers.empty() || !diags.hasErrors())
    error(DiagId::UndeclaredIdentifier, nr, {std::string(e->name.str())});
  return types.errorType();
}

// The methods of struct type `st` named `name`: its own, else those of its base (chain).
std::vector<FunctionDecl*> SemaImpl::methodsNamed(const Type* st, Ident name) {
  std::vector<FunctionDecl*> fns;
  for (Scope* s = scopeOf(st->structDecl()); s && fns.empty();) {
    if (auto* v = s->find(name))
      for (Decl* d : *v)
        if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
    s = s->usingNamespaces.empty() ? nullptr : s->usingNamespaces.front();
  }
  return fns;
}

// An operator applied to a struct operand `object` (checked) whose struct declares it
// (`a * b`, `o[i]`, `f(x)` with `operator*`, `operator[]`, `operator()`): DXC calls the
// method, so `slot` becomes the call `object.operatorOP(args)` and is checked. nullptr
// (slot unchanged) when the struct has no such operator.
const Type* SemaImpl::checkOverloadedOperator(Expr*& slot, Expr* object, std::string_view op, std::vector<Expr*> args,
                                              SourceRange opRange) {
  if (!object->type || !object->type->isStruct()) return nullptr;
  Ident name = ctx.ident("operator" + std::string(op));
  if (methodsNamed(object->type, name).empty()) return nullptr;
  auto* c = ctx.make<CallExpr>();
  c->object = object;
  c->name = name;
  c->nameRange = opRange.valid() ? opRange : slot->range;
  c->args = ctx.copy(args);
  c->range = slot->range;
  slot = c;
  return checkExpr(slot);
}

const Type* SemaImpl::checkMethodCall(CallExpr* e) {
  const Type* ot = checkExpr(e->object);
  bool argError = ot->isError();
  for (Expr*& a : e->args)
    if (checkExpr(a)->isError()) argError = true;
  if (argError) return types.errorType();
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  if (ot->isStruct()) {
    std::vector<FunctionDecl*> fns = methodsNamed(ot, e->name);
    if (fns.empty()) {
      error(DiagId::NoMember, nr, {std::string(e->name.str()), typeName(ot)});
      return types.errorType();
    }
    return resolveUserCall(e, fns, e->object);
  }
  if (ot->isResource()) return checkResourceMethod(e, ot);
  if (ot->isRayQuery()) return checkRayQueryMethod(e, ot);
  if (ot->isBufferPointer() && e->name.str() == "Get") {
    // T& BufferPointer<T, A>::Get(): an l-value in PhysicalStorageBuffer memory.
    if (!e->args.empty()) {
      error(DiagId::WrongArgCount, nr, {"vk::BufferPointer::Get", "0", std::to_string(e->args.size())});
      return types.errorType();
    }
    e->intrinsic = uint32_t(VkBuiltin::BufferPointerGet);
    e->isLValue = true;
    return ot->pointeeType();
  }
  error(DiagId::NoMember, nr, {std::string(e->name.str()), typeName(ot)});
  return types.errorType();
}

// ---------------------------------------------------------------------------
// Overload resolution
// ---------------------------------------------------------------------------
// DXC's overload choice for user functions (HLSLExternalSource::GetBestViableFunction):
// every viable candidate gets a score, the sum over its arguments of ScoreCast(to, from)
// (in/inout: parameter <- argument; out/inout also argument <- parameter), and the lowest
// score wins; equal lowest scores are ambiguous. ScoreCast sets one bit group per kind of
// difference, from cheapest to dearest: a splat (the destination has more elements), a
// promotion on either side of the combined element kind, an integer cast, another cast,
// and a truncation (the destination has fewer elements). So for `f(v3, 1.0, 0.5)` the
// overload `f(float3, float3, float)` (a splat) beats `f(float, float, float)` (a
// truncation). The tables below are DXC's (IsPromotion, IsCast, IsIntCast,
// CombineBasicTypes) over its basic kinds.
namespace {
enum class Ak : uint8_t {
  Bool,
  LitFloat,
  Float16,
  Float32PP,
  Float32,
  Float64,
  LitInt,
  Int16,
  Uint16,
  Int32,
  Uint32,
  Int64,
  Uint64,
  Min10Float,
  Min16Float,
  Min12Int,
  Min16Int,
  Min16Uint,
};
constexpr uint32_t P_BOOL = 0x10, P_INT = 0x20, P_UNSIGNED = 0x40, P_LITERAL = 0x100, P_FLOAT = 0x200,
                   P_PARTIAL = 0x1000, P_MIN = 0x2000, P_BITS = 0xf;
constexpr uint32_t B0 = 0, B10 = 2, B12 = 3, B16 = 4, B32 = 5, B64 = 6;

uint32_t akProps(Ak k) {
  switch (k) {
    case Ak::Bool: return P_BOOL | P_INT | B0;
    case Ak::LitFloat: return P_FLOAT | P_LITERAL | B0;
    case Ak::Float16: return P_FLOAT | B16;
    case Ak::Float32PP: return P_FLOAT | P_PARTIAL | B32;
    case Ak::Float32: return P_FLOAT | B32;
    case Ak::Float64: return P_FLOAT | B64;
    case Ak::LitInt: return P_INT | P_LITERAL | B0;
    case Ak::Int16: return P_INT | B16;
    case Ak::Uint16: return P_INT | P_UNSIGNED | B16;
    case Ak::Int32: return P_INT | B32;
    case Ak::Uint32: return P_INT | P_UNSIGNED | B32;
    case Ak::Int64: return P_INT | B64;
    case Ak::Uint64: return P_INT | P_UNSIGNED | B64;
    case Ak::Min10Float: return P_FLOAT | P_MIN | B10;
    case Ak::Min16Float: return P_FLOAT | P_MIN | B16;
    case Ak::Min12Int: return P_INT | P_MIN | B12;
    case Ak::Min16Int: return P_INT | P_MIN | B16;
    case Ak::Min16Uint: return P_INT | P_UNSIGNED | P_MIN | B16;
  }
  return 0;
}

Ak akOf(const Type* t) {
  switch (t->spelling()) {
    case ScalarSpelling::Min16Float: return Ak::Min16Float;
    case ScalarSpelling::Min10Float: return Ak::Min10Float;
    case ScalarSpelling::Min16Int: return Ak::Min16Int;
    case ScalarSpelling::Min12Int: return Ak::Min12Int;
    case ScalarSpelling::Min16Uint: return Ak::Min16Uint;
    case ScalarSpelling::HalfAsFloat: return Ak::Float32PP;
    default: break;
  }
  switch (t->scalarKind()) {
    case ScalarKind::Bool: return Ak::Bool;
    case ScalarKind::Int16: return Ak::Int16;
    case ScalarKind::Uint16: return Ak::Uint16;
    case ScalarKind::Int: return Ak::Int32;
    case ScalarKind::Uint: return Ak::Uint32;
    case ScalarKind::Int64: return Ak::Int64;
    case ScalarKind::Uint64: return Ak::Uint64;
    case ScalarKind::Half: return Ak::Float16;
    case ScalarKind::Float: return Ak::Float32;
    case ScalarKind::Double: return Ak::Float64;
    case ScalarKind::LiteralInt: return Ak::LitInt;
    case ScalarKind::LiteralFloat: return Ak::LitFloat;
  }
  return Ak::Int32;
}

Ak akCombine(Ak l, Ak r) {
  if (l == r) return l;
  uint32_t lp = akProps(l), rp = akProps(r);
  uint32_t bits = std::max(lp & P_BITS, rp & P_BITS);
  uint32_t both = lp & rp, either = lp | rp;
  if (both & P_BOOL) return Ak::Bool;
  bool fl = either & P_FLOAT;
  if (both & P_LITERAL) return fl ? Ak::LitFloat : Ak::LitInt;
  uint32_t res = (both & (P_INT | P_MIN | P_PARTIAL)) | (either & P_FLOAT) | (!fl ? (either & P_UNSIGNED) : 0);
  if (either & (P_LITERAL | P_BOOL)) res |= either & (P_MIN | P_PARTIAL);
  if (res & P_PARTIAL) return Ak::Float32PP;
  if (fl && !(both & P_FLOAT)) {
    res = (lp & P_FLOAT) ? lp : rp;
    bits = res & P_BITS;
    res &= ~P_LITERAL;
  }
  bool minp = res & P_MIN;
  if (bits == B0) bits = B32;
  if (fl) {
    if (bits == B10) return Ak::Min10Float;
    if (bits == B16) return minp ? Ak::Min16Float : Ak::Float16;
    return bits == B64 ? Ak::Float64 : Ak::Float32;
  }
  if (bits == B12) return Ak::Min12Int;
  if (bits == B16) return (res & P_UNSIGNED) ? (minp ? Ak::Min16Uint : Ak::Uint16) : (minp ? Ak::Min16Int : Ak::Int16);
  if (bits == B64) return (res & P_UNSIGNED) ? Ak::Uint64 : Ak::Int64;
  return (res & P_UNSIGNED) ? Ak::Uint32 : Ak::Int32;
}

bool akIsPromotion(Ak l, Ak r) {
  if (l == r) return false;
  auto in = [&](std::initializer_list<Ak> ks) { return std::find(ks.begin(), ks.end(), l) != ks.end(); };
  switch (r) {
    case Ak::Float16: return in({Ak::Float32, Ak::Float32PP, Ak::Float64});
    case Ak::Float32PP: return in({Ak::Float32, Ak::Float64});
    case Ak::Float32: return in({Ak::Float64});
    case Ak::Min10Float: return in({Ak::Min16Float, Ak::Float16, Ak::Float32, Ak::Float32PP, Ak::Float64});
    case Ak::Min16Float: return in({Ak::Float16, Ak::Float32, Ak::Float32PP, Ak::Float64});
    case Ak::Int16:
    case Ak::Uint16: return in({Ak::Int32, Ak::Int64, Ak::Uint32, Ak::Uint64});
    case Ak::Int32:
    case Ak::Uint32: return in({Ak::Int64, Ak::Uint64});
    case Ak::Min12Int: return in({Ak::Min16Int, Ak::Int32, Ak::Int64});
    case Ak::Min16Int: return in({Ak::Int32, Ak::Int64});
    case Ak::Min16Uint: return in({Ak::Uint32, Ak::Uint64});
    default: return false;
  }
}

bool akIsIntLike(Ak k) {
  return k == Ak::Int16 || k == Ak::Uint16 || k == Ak::Int32 || k == Ak::Uint32 || k == Ak::Int64 || k == Ak::Uint64;
}
bool akIsFloatLike(Ak k) { return k == Ak::Float16 || k == Ak::Float32PP || k == Ak::Float32 || k == Ak::Float64; }

// A cast that is not a promotion, literal typing or a signed/unsigned change of one width.
bool akIsCast(Ak l, Ak r) {
  if (l == r) return false;
  if (l == Ak::LitInt) return !akIsIntLike(r);
  if (akIsIntLike(l)) {
    if (r == Ak::LitInt) return false;
    uint32_t lp = akProps(l), rp = akProps(r);
    return !(akIsIntLike(r) && (lp & P_BITS) == (rp & P_BITS));
  }
  if (l == Ak::LitFloat) return !(r == Ak::LitFloat || akIsFloatLike(r));
  if (akIsFloatLike(l)) return r != Ak::LitFloat;
  return true;
}

bool akIsIntCast(Ak l, Ak r) {
  if (l == r) return false;
  if (l == Ak::LitInt) return !akIsIntLike(r);
  if (akIsIntLike(l)) return r != Ak::LitInt;
  if (l == Ak::LitFloat) return !(r == Ak::LitFloat || akIsFloatLike(r));
  if (akIsFloatLike(l)) return r != Ak::LitFloat;
  return true;
}

uint32_t elementCount(const Type* t) {
  if (t->isNumeric()) return t->componentCount();
  if (t->isArray()) return t->isUnsizedArray() ? 0 : t->arraySize() * elementCount(t->elementType());
  if (t->isStruct()) {
    uint32_t n = 0;
    for (const StructField& f : t->fields()) n += elementCount(f.type);
    return n;
  }
  return 1;
}
}  // namespace

// DXC's ScoreCast(left = destination, right = source).
static uint64_t scoreCast(const Type* L, const Type* R) {
  if (L == R || L->isError() || R->isError()) return 0;
  if (L->isEnum() && !L->enumDecl()->isScoped) L = L->underlyingType();
  if (R->isEnum() && !R->enumDecl()->isScoped) R = R->underlyingType();
  if (L == R) return 0;
  uint32_t ls = elementCount(L), rs = elementCount(R);
  bool lCast = false, rCast = false, lInt = false, rInt = false, lPromo = false, rPromo = false;
  if (L->isNumeric() && R->isNumeric()) {
    if (std::min(ls, rs) > 0) {
      Ak lk = akOf(L->componentType()), rk = akOf(R->componentType());
      Ak ck = akCombine(lk, rk);
      if (akIsPromotion(lk, ck))
        lPromo = true;
      else if (akIsCast(lk, ck))
        lCast = true;
      else if (akIsIntCast(lk, ck))
        lInt = true;
      if (akIsPromotion(ck, rk))
        rPromo = true;
      else if (akIsCast(ck, rk))
        rCast = true;
      else if (akIsIntCast(ck, rk))
        rInt = true;
    }
  } else {
    lCast = rCast = true;  // aggregates of different types (viable only when convertible)
  }
  uint64_t score = 0;
  auto bit = [&](int shift, bool c) {
    if (c) score += uint64_t(1) << (2 + 7 * shift);
  };
  bit(0, rs < ls);
  bit(1, lPromo);
  bit(2, rPromo);
  bit(3, lInt);
  bit(4, rInt);
  bit(5, lCast);
  bit(6, rCast);
  bit(7, ls < rs);
  return score;
}

static bool signatureSubstitutes(SemaImpl& S, FunctionDecl* f, const std::vector<const Type*>& args,
                                 const std::vector<int64_t>& values);

const Type* SemaImpl::resolveUserCall(CallExpr* e, std::vector<FunctionDecl*> cands, Expr* object) {
  struct Viable {
    FunctionDecl* f;
    uint64_t score;
    std::vector<const Type*> bound;
    std::vector<ConvRank> ranks;  // per in/inout argument, for breaking a tie of scores
  };
  std::vector<Viable> viable;
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  size_t nargs = e->args.size();
  bool anyTemplate = false;
  bool unsupportedCandidate = false;  // an instantiation a limit stopped (already reported)
  for (FunctionDecl* f : cands) {
    Viable v{f, 0, {}, {}};
    std::vector<const Type*> ptypes;
    if (f->isTemplate) {
      anyTemplate = true;
      if (nargs > f->params.size()) continue;
      std::vector<int64_t> values;
      if (!deduceTemplate(f, e, v.bound, values)) continue;
      // SFINAE: a member type the signature names that the arguments do not provide
      // (`typename enable_if<false, T>::type`, directly or through an alias template)
      // removes the candidate without a word.
      if (!signatureSubstitutes(*this, f, v.bound, values)) continue;
      // Parameter types under the deduced bindings: resolve in a scope with the bindings.
      FunctionDecl* inst = instantiateFunction(f, v.bound, e->range, values);
      if (!inst) {
        unsupportedCandidate = true;
        continue;
      }
      v.f = inst;
    }
    FunctionDecl* g = v.f;
    if (!g->returnType) continue;
    size_t required = 0;
    for (ParamDecl* p : g->params)
      if (!p->init) ++required;
    if (nargs > g->params.size() || nargs < required) continue;
    bool ok = true;
    for (size_t i = 0; i < nargs && ok; ++i) {
      ParamDecl* p = g->params[i];
      Expr* a = e->args[i];
      // DXC (InitCallParamConversions): an out/inout value must convert back to the
      // argument (copy-out), an in/inout argument to the parameter; both are scored.
      if (isOutDir(p->dir)) {
        // Another type needs a modifiable l-value to convert back into (DXC: not viable);
        // one of the parameter's own type stays viable so the l-value error is reported.
        bool exact = a->type == p->type || a->type->isError() || p->type->isError();
        if (!exact && !a->isLValue)
          ok = false;
        else if (conversionRank(p->type, a->type) == CR_None)
          ok = false;
        else
          v.score += scoreCast(a->type, p->type);
        if (p->dir == ParamDir::Out) continue;
      }
      ConvRank r = conversionRank(a->type, p->type);
      if (r == CR_None)
        ok = false;
      else
        v.score += scoreCast(p->type, a->type);
      v.ranks.push_back(r);
    }
    if (ok) viable.push_back(std::move(v));
  }
  auto addCandidateNotes = [&](Diagnostic& d) {
    for (FunctionDecl* f : cands)
      d.notes.push_back(DiagNote{f->nameRange.valid() ? f->nameRange : f->range,
                                 (f->isTemplate ? "candidate template: " : "candidate function: ") +
                                     (f->isTemplate ? std::string(f->name.str()) : signatureOf(f))});
  };
  if (viable.empty()) {
    if (unsupportedCandidate) return types.errorType();
    auto& d =
        error(DiagId::NoMatchingOverload, nr, {std::string(e->name.str()), " with arguments " + argList(e->args)});
    addCandidateNotes(d);
    (void)anyTemplate;
    return types.errorType();
  }
  // The lowest score wins. DXC reports equal lowest scores as ambiguous; OneShader first
  // prefers a candidate whose every in-argument conversion is at least as close (exact,
  // promotion, conversion, ...) and one strictly closer, so `f(1.0)` with `f(half)` and
  // `f(float)` takes the float overload, then a non-template over template specializations.
  auto better = [](const Viable& a, const Viable& b) {
    if (a.score != b.score) return a.score < b.score;
    if (a.ranks.size() == b.ranks.size()) {
      bool strictly = false, worse = false;
      for (size_t i = 0; i < a.ranks.size(); ++i) {
        if (a.ranks[i] > b.ranks[i]) worse = true;
        if (a.ranks[i] < b.ranks[i]) strictly = true;
      }
      if (strictly && !worse) return true;
      if (worse) return false;
    }
    return !a.f->isTemplate && a.bound.empty() && !b.bound.empty();
  };
  size_t best = 0;
  for (size_t i = 1; i < viable.size(); ++i)
    if (better(viable[i], viable[best])) best = i;
  for (size_t i = 0; i < viable.size(); ++i) {
    if (i == best) continue;
    if (!better(viable[best], viable[i])) {
      auto& d = error(DiagId::AmbiguousCall, nr, {std::string(e->name.str())});
      for (auto& v : viable)
        d.notes.push_back(
            DiagNote{v.f->nameRange.valid() ? v.f->nameRange : v.f->range, "candidate function: " + signatureOf(v.f)});
      return types.errorType();
    }
  }
  FunctionDecl* f = viable[best].f;
  // `this` must have the method's struct type: base methods on a derived object would
  // need a derived-to-base conversion that lowering does not do.
  if (f->isMethod && !(f->storage & SF_Static)) {
    StructDecl* objStruct =
        object ? (object->type->isStruct() ? object->type->structDecl() : nullptr) : (fnCtx ? fnCtx->owner : nullptr);
    if (objStruct && f->owner && objStruct != f->owner) {
      notSupported("calling a method of a base struct on a derived struct", nr);
      return types.errorType();
    }
  }
  // Methods need an object (explicit, or `this` inside a method).
  if (f->isMethod && !object && !(f->storage & SF_Static)) {
    if (!fnCtx || !fnCtx->owner || fnCtx->owner != f->owner) {
      error(DiagId::NotAFunction, nr,
            {std::string(e->name.str()) + "' without an object of type '" +
             std::string(f->owner ? f->owner->name.str() : "")});
      return types.errorType();
    }
  }
  for (size_t i = 0; i < nargs; ++i) {
    ParamDecl* p = f->params[i];
    if (isOutDir(p->dir)) {
      outArgOk(*this, e->args[i], p->type, p->dir, p->name, true);
      continue;
    }
    convert(e->args[i], p->type);
  }
  // Parameters left out take their default values (checked and converted to the parameter
  // type with the signature): the call gets them as ordinary arguments, so lowering and
  // every later walk see a full argument list.
  if (nargs < f->params.size()) {
    std::vector<Expr*> full(e->args.begin(), e->args.end());
    for (size_t i = nargs; i < f->params.size(); ++i) full.push_back(f->params[i]->init);
    e->args = ctx.copy(full);
  }
  e->callee = f;
  userCalls.push_back(e);
  recordCall(f, e->range);
  return f->returnType;
}

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------
static const Type* deducible(SemaImpl& S, Expr* a) {
  const Type* t = a->type;
  if (t->isLiteral() && t->isScalar()) return S.defaultLiteralType(a);
  return t;
}

bool SemaImpl::deduceTemplate(FunctionDecl* f, CallExpr* e, std::vector<const Type*>& bound,
                              std::vector<int64_t>& values) {
  auto tps = f->templateParams;
  bound.assign(tps.size(), nullptr);
  values.assign(tps.size(), 0);
  // Explicit arguments first. A non-type parameter takes a constant (it is not deduced from
  // the call's arguments: given explicitly or by its default).
  for (size_t i = 0; i < e->templateArgs.size() && i < tps.size(); ++i) {
    if (!tps[i]->isType) {
      Expr* a = e->templateArgs[i].expr;
      if (!a) return false;
      const Type* pt = templateParamType(f, tps[i], &bound, &values, true);
      if (pt->isError() || !templateValueArg(a, pt, values[i], false)) return false;
      e->templateArgs[i].expr = a;
      bound[i] = pt;
      continue;
    }
    if (!e->templateArgs[i].type) return false;
    bound[i] = resolveType(e->templateArgs[i].type);
    if (bound[i]->isError()) return false;
  }
  if (e->templateArgs.size() > tps.size()) return false;
  auto indexOf = [&](Ident n) -> int {
    for (size_t i = 0; i < tps.size(); ++i)
      if (tps[i]->name == n) return int(i);
    return -1;
  };
  size_t nExplicit = e->templateArgs.size();
  auto bind = [&](int idx, const Type* t) {
    // An explicitly given argument is not deduced: the call argument converts to it (C++).
    if (size_t(idx) < nExplicit) return true;
    if (!bound[idx]) {
      bound[idx] = t;
      return true;
    }
    return bound[idx] == t || t->isError();
  };
  for (size_t i = 0; i < e->args.size() && i < f->params.size(); ++i) {
    TypeSpec* ps = f->params[i]->typeSpec;
    // (`typename S<T>::type` is a non-deduced context, as in C++.)
    // A qualified name only as a template-id (`vk::SpirvOpaqueType<32, ..., T>`,
    // `ns::S<T>`), matched below.
    if (!ps || ps->scopeType || !f->params[i]->arrayDims.empty()) continue;
    if (!ps->qualifiers.empty() && !ps->hasTemplateArgs) continue;
    const Type* at = deducible(*this, e->args[i]);
    int idx = ps->qualifiers.empty() ? indexOf(ps->name) : -1;
    if (idx >= 0 && !ps->hasTemplateArgs) {
      if (!bind(idx, at)) return false;
      continue;
    }
    // vector<T, N> / matrix<T, R, C>: deduce T from the component type.
    if (ps->qualifiers.empty() && (ps->name.str() == "vector" || ps->name.str() == "matrix") &&
        !ps->templateArgs.empty() && ps->templateArgs[0].type) {
      int tidx = indexOf(ps->templateArgs[0].type->name);
      if (tidx >= 0 && at->componentType()) {
        if (!bind(tidx, at->componentType())) return false;
      }
      continue;
    }
    // RWStructuredBuffer<T> and the other resources with an element type: T from it.
    if (ps->hasTemplateArgs && at->isResource() && ps->qualifiers.empty() && ps->templateArgs.size() == 1 &&
        ps->templateArgs[0].type && at->elementType() && ps->name.str() == resourceKindName(at->resourceKind())) {
      int tidx = indexOf(ps->templateArgs[0].type->name);
      if (tidx >= 0 && ps->templateArgs[0].type->qualifiers.empty() && !ps->templateArgs[0].type->hasTemplateArgs &&
          !bind(tidx, at->elementType()))
        return false;
      continue;
    }
    // S<T, N> for an instance of a struct template S (also ns::S), and the inline SPIR-V
    // type templates (vk::SpirvOpaqueType<32, ..., T>): T and N from the instance's
    // arguments, matched as a partial specialization's pattern is (matchSpecArg), with f's
    // parameters and f's scope for the names the pattern spells.
    const bool vkPattern = inVkNamespace(ps->qualifiers) && ps->hasTemplateArgs &&
                           (at->isSpirvType() || at->isSpirvLiteral() || at->isIntegralConstant());
    if (vkPattern || (ps->hasTemplateArgs && at->isStruct() && instanceOfType.count(at))) {
      auto* pattern = ctx.make<StructDecl>();
      pattern->name = f->name;
      pattern->templateParams = tps;
      if (auto* fc = templateContextOf(f))
        templateContexts[pattern] = *fc;
      else
        templateContexts[pattern] = scopeStack;
      std::vector<const Type*> b(tps.size(), nullptr);
      std::vector<int64_t> v(tps.size(), 0);
      std::vector<bool> have(tps.size(), false);
      for (size_t k = 0; k < tps.size(); ++k)
        if (bound[k]) {
          b[k] = bound[k];
          v[k] = values[k];
          have[k] = true;
        }
      bool matched = matchSpecArg(pattern, TemplateArg{ps, nullptr}, at, false, 0, b, v, have);
      templateContexts.erase(pattern);
      if (!matched) return false;
      for (size_t k = 0; k < tps.size(); ++k)
        if (have[k] && !bound[k]) {
          bound[k] = b[k];
          values[k] = v[k];
        }
    }
  }
  for (size_t i = 0; i < tps.size(); ++i) {
    if (bound[i]) continue;
    if (tps[i]->defaultType) {
      // (`class = typename enable_if<...>::type`: a default that does not substitute
      // drops the candidate, SFINAE.)
      bound[i] = templateDefaultType(f, tps[i], bound, values, true);
      if (bound[i]->isError()) return false;
      continue;
    }
    if (!tps[i]->isType && tps[i]->defaultValue) {
      const Type* pt = templateParamType(f, tps[i], &bound, &values, true);
      Expr* d = tps[i]->defaultValue;
      if (pt->isError() || !templateValueArg(d, pt, values[i], false)) return false;
      bound[i] = pt;
      continue;
    }
    return false;
  }
  return true;
}

bool SemaImpl::templateValueArg(Expr*& e, const Type* pt, int64_t& out, bool report) {
  const Type* at = e->type ? e->type : checkExpr(e);
  if (at->isError()) return false;
  ConstValue v = eval(e);
  if (!v.valid() || v.kind == ConstValue::Kind::Float) {
    if (report) error(DiagId::NotConstant, e->range);
    return false;
  }
  ConstValue fitted = fitConst(v, pt->isEnum() ? pt->underlyingType() : pt);
  out = fitted.valid() ? fitted.asInt() : v.asInt();
  return true;
}

Decl* SemaImpl::templateBinding(TemplateParamDecl* tp, const Type* t, int64_t value) {
  if (tp->isType) {
    auto* td = ctx.make<TypedefDecl>();
    td->name = tp->name;
    td->range = tp->range;
    td->type = t;
    checkedDecls.insert(td);
    return td;
  }
  auto* v = ctx.make<VarDecl>();
  v->name = tp->name;
  v->range = tp->range;
  v->storage = SF_Static | SF_Const;
  v->type = t;
  checkedDecls.insert(v);
  ConstValue cv;
  const Type* st = t->isEnum() ? t->underlyingType() : t;
  cv.kind = st->isBool()                                         ? ConstValue::Kind::Bool
            : (st->isScalar() && isSignedKind(st->scalarKind())) ? ConstValue::Kind::Int
                                                                 : ConstValue::Kind::Uint;
  cv.i = value;
  cv.u = uint64_t(value);
  constVars[v] = cv;
  return v;
}

// Instances of templates: each (template, arguments) once, found by hashing the arguments so
// that instantiating N distinct instances costs O(N), not O(N^2).
size_t SemaImpl::InstanceKeyHash::operator()(const Instance& k) const {
  size_t h = std::hash<const void*>()(k.tmpl);
  auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  for (const Type* t : k.args) mix(std::hash<const void*>()(t));
  for (int64_t v : k.values) mix(std::hash<int64_t>()(v));
  return h;
}

Decl* SemaImpl::findInstance(Decl* tmpl, const std::vector<const Type*>& args,
                             const std::vector<int64_t>& values) const {
  auto it = instances.find(Instance{tmpl, args, values, nullptr});
  return it == instances.end() ? nullptr : it->inst;
}

void SemaImpl::addInstance(Decl* tmpl, const std::vector<const Type*>& args, const std::vector<int64_t>& values,
                           Decl* inst) {
  const Instance& in = *instances.insert(Instance{tmpl, args, values, inst}).first;
  if (inst->kind == DeclKind::Struct && static_cast<StructDecl*>(inst)->type)
    instanceOfType[static_cast<StructDecl*>(inst)->type] = &in;
}

// Limits of instantiation, so that a template that instantiates itself with ever new
// arguments stops with a coded error. Clang (so DXC) allows 1,024 nested instantiations
// (-ftemplate-depth) but defers function bodies to the end of the translation unit; here a
// body is checked as its instance is made, so each level costs the stack of a whole body
// check (over 16 KB under AddressSanitizer, whose fuzz harness runs Sema on an 8 MB stack:
// 512 levels overflowed it). 128 nested instances stay far inside every stack the library
// runs on. The count limit bounds what a short input can ask for.
constexpr uint32_t kMaxInstantiationDepth = 128;
constexpr size_t kMaxInstances = 50000;

bool SemaImpl::instantiationAllowed(const Decl* tmpl, SourceRange r) {
  if (instantiationDepth >= kMaxInstantiationDepth) {
    error(DiagId::TemplateNestingTooDeep, r, {std::string(tmpl->name.str()), std::to_string(kMaxInstantiationDepth)});
    return false;
  }
  if (instances.size() >= kMaxInstances) {
    if (!instanceLimitReported)
      error(DiagId::TooManyInstances, r, {std::string(tmpl->name.str()), std::to_string(kMaxInstances)});
    instanceLimitReported = true;
    return false;
  }
  return true;
}

// Checks one instance: in the scope chain where its template was declared (`context`, or
// the current chain when null) plus a scope binding `params` to the arguments; restores the
// caller's scopes and function context when it ends.
class SemaImpl::InstantiationScope {
 public:
  InstantiationScope(SemaImpl& s, const std::vector<Scope*>* context, std::span<TemplateParamDecl*> params,
                     const std::vector<const Type*>& args, const std::vector<int64_t>& values)
      : s_(s), savedStack_(s.scopeStack), savedFn_(s.fnCtx) {
    if (context) s.scopeStack = *context;
    Scope* bindings = s.newScope(Scope::Kind::Template, nullptr);
    for (size_t i = 0; i < params.size(); ++i) {
      Decl* b = s.templateBinding(params[i], args[i], values[i]);
      bindings->add(b->name, b);
    }
    s.pushScope(bindings);
    ++s.instantiationDepth;
    s.fnCtx = nullptr;
  }
  ~InstantiationScope() {
    --s_.instantiationDepth;
    s_.fnCtx = savedFn_;
    s_.scopeStack = std::move(savedStack_);
  }
  InstantiationScope(const InstantiationScope&) = delete;
  InstantiationScope& operator=(const InstantiationScope&) = delete;

 private:
  SemaImpl& s_;
  std::vector<Scope*> savedStack_;
  FunctionContext* savedFn_;
};

// SFINAE for dependent member types. Whether every `typename S<args>::member` in `ts` (its
// template arguments and, through an alias template, the aliased type included) names a
// member type once the current bindings are substituted. A scope type that does not
// resolve (an error already reported) counts as substituting: only a missing or non-type
// member removes a candidate, silently, as C++ does.
static bool memberTypesExist(SemaImpl& S, TypeSpec* ts, int depth = 0) {
  if (!ts || depth > 16) return true;
  for (TemplateArg& a : ts->templateArgs)
    if (!memberTypesExist(S, a.type, depth + 1)) return false;
  if (!ts->scopeType) {
    // An alias template (`enable_if_t<B, T>`): its aliased type with the arguments bound.
    if (!ts->hasTemplateArgs) return true;
    TypedefDecl* alias = nullptr;
    for (Decl* d : S.lookupQualified(ts->qualifiers, ts->leadingGlobalScope, ts->name, ts->range))
      if (d->kind == DeclKind::Typedef && static_cast<TypedefDecl*>(d)->isTemplate)
        alias = static_cast<TypedefDecl*>(d);
    if (!alias || !alias->typeSpec) return true;
    std::span<Expr*> dims;
    TypeSpec* use = S.cloneTypeSpec(ts, dims);
    std::vector<const Type*> args;
    std::vector<int64_t> values;
    if (!S.templateArgsOf(alias, alias->templateParams, use, args, values)) return true;
    SemaImpl::InstantiationScope scope(S, S.templateContextOf(alias), alias->templateParams, args, values);
    TypeSpec* aliased = S.cloneTypeSpec(alias->typeSpec, dims);
    return memberTypesExist(S, aliased, depth + 1);
  }
  if (!memberTypesExist(S, ts->scopeType, depth + 1)) return false;
  std::span<Expr*> dims;
  TypeSpec* scopeSpec = S.cloneTypeSpec(ts->scopeType, dims);
  const Type* t = S.resolveType(scopeSpec);
  if (t->isError() || !t->isStruct() || !t->structDecl()) return true;
  Scope* s = S.scopeOf(t->structDecl());
  for (Ident q : ts->qualifiers) {
    Scope* next = nullptr;
    if (auto* v = s ? s->find(q) : nullptr)
      for (Decl* d : *v)
        if ((d->kind == DeclKind::Struct || d->kind == DeclKind::Enum) && (next = S.scopeOf(d))) break;
    if (!next) return false;
    s = next;
  }
  while (s) {
    if (auto* v = s->find(ts->name)) {
      for (Decl* d : *v)
        if (d->kind == DeclKind::Typedef || d->kind == DeclKind::Struct || d->kind == DeclKind::Enum) return true;
      return false;
    }
    s = s->usingNamespaces.empty() ? nullptr : s->usingNamespaces.front();
  }
  return false;
}

static bool mentionsMemberType(const TypeSpec* ts) {
  if (!ts) return false;
  if (ts->scopeType || ts->hasTemplateArgs) return true;  // (an alias template may hide one)
  return false;
}

// Whether function template `f`'s return and parameter types substitute with `args`.
static bool signatureSubstitutes(SemaImpl& S, FunctionDecl* f, const std::vector<const Type*>& args,
                                 const std::vector<int64_t>& values) {
  bool any = mentionsMemberType(f->returnTypeSpec);
  for (ParamDecl* p : f->params) any = any || mentionsMemberType(p->typeSpec);
  if (!any) return true;
  std::vector<int64_t> vals = values;
  vals.resize(args.size(), 0);
  SemaImpl::InstantiationScope scope(S, S.templateContextOf(f), f->templateParams, args, vals);
  if (!memberTypesExist(S, f->returnTypeSpec)) return false;
  for (ParamDecl* p : f->params)
    if (!memberTypesExist(S, p->typeSpec)) return false;
  return true;
}

static std::span<TemplateParamDecl*> templateParamsOf(Decl* d) {
  if (auto* s = dyn_cast<StructDecl>(d)) return s->templateParams;
  if (auto* f = dyn_cast<FunctionDecl>(d)) return f->templateParams;
  if (auto* t = dyn_cast<TypedefDecl>(d)) return t->templateParams;
  return {};
}

static bool exprNamesParam(const Expr* e, std::span<TemplateParamDecl*> params, int depth);

// Whether type syntax `ts` names one of `params` anywhere: its name, a template argument
// (type or value, `is_same<T, int>::value` included) or a scope type.
static bool typeNamesParam(const TypeSpec* ts, std::span<TemplateParamDecl*> params, int depth = 0) {
  if (!ts || params.empty() || depth > 32) return false;
  if (ts->scopeType && typeNamesParam(ts->scopeType, params, depth + 1)) return true;
  Ident first = ts->qualifiers.empty() ? ts->name : ts->qualifiers.front();
  if (!ts->leadingGlobalScope)
    for (auto* p : params)
      if (p->name && p->name == first) return true;
  for (const TemplateArg& a : ts->templateArgs)
    if (typeNamesParam(a.type, params, depth + 1) || exprNamesParam(a.expr, params, depth + 1)) return true;
  for (const Expr* d : ts->arrayDims)
    if (exprNamesParam(d, params, depth + 1)) return true;
  return false;
}

static bool exprNamesParam(const Expr* e, std::span<TemplateParamDecl*> params, int depth) {
  if (!e || depth > 32) return false;
  if (auto* d = dyn_cast<DeclRefExpr>(e)) {
    if (d->scopeType && typeNamesParam(d->scopeType, params, depth + 1)) return true;
    Ident first = d->qualifiers.empty() ? d->name : d->qualifiers.front();
    if (!d->scopeType && !d->leadingGlobalScope)
      for (auto* p : params)
        if (p->name && p->name == first) return true;
    return false;
  }
  // Any other expression: conservatively dependent when it is not a literal (its operands
  // are checked again with the bindings, which costs only a copy of the syntax).
  switch (e->kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::BoolLiteral:
    case ExprKind::StringLiteral: return false;
    default: return true;
  }
}

// `ts` (a parameter's type or a type parameter's default, naming earlier parameters)
// resolved with the earlier parameters bound to `prior`; a copy of the syntax each time, so
// that no instance's types stay cached in the template. nullptr: an earlier argument is not
// known yet, or (sfinae) a member type does not exist.
static const Type* resolveWithEarlier(SemaImpl& S, Decl* tmpl, TypeSpec* ts, std::span<TemplateParamDecl*> earlier,
                                      const std::vector<const Type*>& prior, const std::vector<int64_t>* priorValues,
                                      bool sfinae) {
  if (prior.size() < earlier.size()) return nullptr;
  std::vector<const Type*> args(prior.begin(), prior.begin() + earlier.size());
  for (const Type* t : args)
    if (!t || t->isError()) return nullptr;
  std::vector<int64_t> vals(earlier.size(), 0);
  if (priorValues)
    for (size_t i = 0; i < earlier.size() && i < priorValues->size(); ++i) vals[i] = (*priorValues)[i];
  SemaImpl::InstantiationScope scope(S, S.templateContextOf(tmpl), earlier, args, vals);
  std::span<Expr*> dims;
  TypeSpec* copy = S.cloneTypeSpec(ts, dims);
  if (sfinae && !memberTypesExist(S, copy)) return nullptr;
  const Type* t = S.resolveType(copy);
  if (!t->isError() && !dims.empty()) t = S.applyArrayDims(t, dims, false);
  return t;
}

const Type* SemaImpl::templateDefaultType(Decl* tmpl, TemplateParamDecl* tp, const std::vector<const Type*>& prior,
                                          const std::vector<int64_t>& priorValues, bool sfinae) {
  auto tps = templateParamsOf(tmpl);
  auto earlier = tps.first(std::min<size_t>(tp->index, tps.size()));
  if (!typeNamesParam(tp->defaultType, earlier)) return resolveType(tp->defaultType);
  const Type* t = resolveWithEarlier(*this, tmpl, tp->defaultType, earlier, prior, &priorValues, sfinae);
  return t ? t : types.errorType();
}

const Type* SemaImpl::templateParamType(Decl* tmpl, TemplateParamDecl* tp, const std::vector<const Type*>* prior,
                                        const std::vector<int64_t>* priorValues, bool sfinae) {
  if (tp->typeSpec && tp->typeSpec->resolved) return tp->typeSpec->resolved;
  auto tps = templateParamsOf(tmpl);
  auto earlier = tps.first(std::min<size_t>(tp->index, tps.size()));
  if (tp->typeSpec && typeNamesParam(tp->typeSpec, earlier)) {
    // `template <class T, T v>`: the type of v is the argument given for T.
    if (!prior) return types.errorType();
    const Type* t = resolveWithEarlier(*this, tmpl, tp->typeSpec, earlier, *prior, priorValues, sfinae);
    if (!t) return types.errorType();
    if (!t->isError() && !(t->isScalar() && !t->isFloating()) && !t->isEnum()) {
      if (!sfinae)
        error(DiagId::TypeMismatch, tp->typeSpec->range, {typeName(t), "a non-type template parameter type"});
      return types.errorType();
    }
    return t;
  }
  std::vector<Scope*> savedStack = scopeStack;
  auto it = templateContexts.find(tmpl);
  if (it != templateContexts.end()) scopeStack = it->second;
  const Type* t = tp->typeSpec ? resolveType(tp->typeSpec) : types.errorType();
  scopeStack = savedStack;
  if (!t->isError() && !(t->isScalar() && !t->isFloating()) && !t->isEnum()) {
    error(DiagId::TypeMismatch, tp->typeSpec->range, {typeName(t), "a non-type template parameter type"});
    return types.errorType();
  }
  return t;
}

const std::vector<Scope*>* SemaImpl::templateContextOf(const Decl* d) const {
  auto it = templateContexts.find(d);
  return it == templateContexts.end() ? nullptr : &it->second;
}

FunctionDecl* SemaImpl::instantiateFunction(FunctionDecl* tmpl, const std::vector<const Type*>& args, SourceRange r,
                                            const std::vector<int64_t>& valuesIn) {
  std::vector<int64_t> values = valuesIn;
  values.resize(args.size(), 0);
  if (Decl* found = findInstance(tmpl, args, values)) return static_cast<FunctionDecl*>(found);
  if (!instantiationAllowed(tmpl, r)) return nullptr;
  FunctionDecl* inst = cloneFunction(tmpl);
  inst->isTemplate = false;
  inst->templateParams = {};
  addInstance(tmpl, args, values, inst);
  InstantiationScope scope(*this, templateContextOf(tmpl), tmpl->templateParams, args, values);
  // Signature (not declared into any scope: found through the template). The attributes
  // are checked again in the instance (their arguments may use the template parameters).
  checkAttributes(inst->attributes, AS_Function);
  inst->returnType = resolveType(inst->returnTypeSpec);
  for (ParamDecl* p : inst->params) {
    checkAttributes(p->attributes, AS_Param);
    p->type = applyArrayDims(resolveType(p->typeSpec), p->arrayDims, false);
    if (p->init) {
      Expr* init = p->init;
      checkAndConvert(init, p->type);
      p->init = init;
    }
  }
  checkInlineSpirvParams(inst);
  if (inst->body) checkFunctionBody(inst);
  return inst;
}

const Type* SemaImpl::instantiateAlias(TypedefDecl* td, TypeSpec* ts) {
  auto tps = td->templateParams;
  std::vector<const Type*> args;
  std::vector<int64_t> values;
  if (!templateArgsOf(td, tps, ts, args, values)) return types.errorType();
  if (Decl* found = findInstance(td, args, values)) return static_cast<TypedefDecl*>(found)->type;
  if (!instantiationAllowed(td, ts->range)) return types.errorType();
  // The aliased type spelled again with the arguments bound, in the alias's scope.
  auto* inst = ctx.make<TypedefDecl>(*td);
  inst->isTemplate = false;
  inst->templateParams = {};
  inst->arrayDims = td->arrayDims;
  inst->typeSpec = cloneTypeSpec(td->typeSpec, inst->arrayDims);
  inst->type = types.errorType();
  addInstance(td, args, values, inst);
  const Type* t;
  {
    InstantiationScope scope(*this, templateContextOf(td), tps, args, values);
    t = resolveType(inst->typeSpec);
    if (!t->isError()) t = applyArrayDims(t, inst->arrayDims, false);
  }
  inst->type = t;
  return t;
}

bool SemaImpl::templateArgsOf(Decl* tmpl, std::span<TemplateParamDecl*> tps, TypeSpec* ts,
                              std::vector<const Type*>& args, std::vector<int64_t>& values) {
  args.assign(tps.size(), nullptr);
  values.assign(tps.size(), 0);
  for (size_t i = 0; i < tps.size(); ++i) {
    if (!tps[i]->isType) {
      const Type* pt = templateParamType(tmpl, tps[i], &args, &values);
      if (pt->isError()) return false;
      Expr* a = i < ts->templateArgs.size() ? ts->templateArgs[i].expr : nullptr;
      if (i < ts->templateArgs.size() && !a) {
        error(DiagId::TypeMismatch, ts->templateArgs[i].type ? ts->templateArgs[i].type->range : ts->range,
              {"a type", "a non-type template argument"});
        return false;
      }
      if (a) {
        if (!templateValueArg(a, pt, values[i], true)) return false;
        ts->templateArgs[i].expr = a;
      } else if (tps[i]->defaultValue) {
        std::vector<Scope*> savedStack = scopeStack;
        auto cit = templateContexts.find(tmpl);
        if (cit != templateContexts.end()) scopeStack = cit->second;
        Expr* d = tps[i]->defaultValue;
        bool ok = templateValueArg(d, pt, values[i], true);
        scopeStack = savedStack;
        if (!ok) return false;
      } else {
        error(DiagId::TemplateDeduction, ts->range, {std::string(tmpl->name.str())});
        return false;
      }
      args[i] = pt;
      continue;
    }
    if (i < ts->templateArgs.size()) {
      if (!ts->templateArgs[i].type) {
        error(DiagId::ExpectedType, ts->range);
        return false;
      }
      args[i] = resolveType(ts->templateArgs[i].type);
      if (args[i]->isError()) return false;
    } else if (tps[i]->defaultType) {
      args[i] = templateDefaultType(tmpl, tps[i], args, values, false);
      if (args[i]->isError()) return false;
    } else {
      error(DiagId::TemplateDeduction, ts->range, {std::string(tmpl->name.str())});
      return false;
    }
  }
  if (ts->templateArgs.size() > tps.size()) {
    error(DiagId::WrongArgCount, ts->range,
          {std::string(tmpl->name.str()), std::to_string(tps.size()), std::to_string(ts->templateArgs.size())});
    return false;
  }
  return true;
}

const Type* SemaImpl::instantiateStruct(StructDecl* tmpl, TypeSpec* ts) {
  auto tps = tmpl->templateParams;
  std::vector<const Type*> args;
  std::vector<int64_t> values;
  if (!templateArgsOf(tmpl, tps, ts, args, values)) return types.errorType();
  if (Decl* found = findInstance(tmpl, args, values)) return static_cast<StructDecl*>(found)->type;
  if (!instantiationAllowed(tmpl, ts->range)) return types.errorType();
  if (StructDecl* sp = findSpecialization(tmpl, args, values, ts)) return sp->type ? sp->type : types.errorType();
  std::string display(tmpl->name.str());
  display += "<";
  for (size_t i = 0; i < args.size(); ++i)
    display += (i ? ", " : "") + (tps[i]->isType ? args[i]->toString() : std::to_string(values[i]));
  display += ">";
  if (!tmpl->isDefinition) {
    // Only declared here: the definition, when there is one, is another declaration of the
    // same name in the template's scope.
    auto ctxIt = templateContexts.find(tmpl);
    if (ctxIt != templateContexts.end() && !ctxIt->second.empty())
      if (auto* v = ctxIt->second.back()->find(tmpl->name))
        for (Decl* d : *v) {
          auto* def = d->kind == DeclKind::Struct ? static_cast<StructDecl*>(d) : nullptr;
          if (def && def != tmpl && def->isTemplate && !def->isSpecialization && def->isDefinition)
            return instantiateStruct(def, ts);
        }
    error(DiagId::UndefinedTemplate, ts->range, {display});
    return types.errorType();
  }
  StructDecl* inst = cloneStruct(tmpl);
  inst->isTemplate = false;
  inst->templateParams = {};
  inst->type = types.structType(inst, display);
  addInstance(tmpl, args, values, inst);
  InstantiationScope scope(*this, templateContextOf(tmpl), tps, args, values);
  checkStructDecl(inst);
  return inst->type;
}

bool SemaImpl::registerSpecialization(StructDecl* s) {
  // Registered with every declaration of the primary template (a forward declaration and
  // the definition are both found by name).
  bool found = false;
  for (Decl* d : lookup(s->name))
    if (d->kind == DeclKind::Struct && static_cast<StructDecl*>(d)->isTemplate &&
        !static_cast<StructDecl*>(d)->isSpecialization) {
      specializations[static_cast<StructDecl*>(d)].push_back(s);
      found = true;
    }
  if (!found) {
    error(DiagId::UndeclaredIdentifier, s->nameRange.valid() ? s->nameRange : s->range, {std::string(s->name.str())});
    return true;
  }
  templateContexts[s] = scopeStack;
  return true;
}

// The explicit specialization of `tmpl` for `args`, checked on first use (as a struct of its
// own, in the scope where it was declared); nullptr when none matches.
StructDecl* SemaImpl::findSpecialization(StructDecl* tmpl, const std::vector<const Type*>& args,
                                         const std::vector<int64_t>& values, TypeSpec* ts) {
  auto it = specializations.find(tmpl);
  if (it == specializations.end()) return nullptr;
  auto tps = tmpl->templateParams;
  std::string display(tmpl->name.str());
  display += "<";
  for (size_t i = 0; i < args.size(); ++i)
    display += (i ? ", " : "") + (tps[i]->isType ? args[i]->toString() : std::to_string(values[i]));
  display += ">";
  // Explicit specializations first (an exact match), then the first partial one that matches.
  for (StructDecl* sp : it->second) {
    if (!sp->templateParams.empty()) continue;
    auto ait = specializationArgs.find(sp);
    if (ait == specializationArgs.end()) {
      std::vector<Scope*> savedStack = scopeStack;
      FunctionContext* savedFn = fnCtx;
      scopeStack = templateContexts[sp];
      fnCtx = nullptr;
      SpecializationArgs sa;
      bool ok = sp->specArgs.size() <= tps.size();
      if (!ok)
        error(DiagId::WrongArgCount, sp->range,
              {std::string(tmpl->name.str()), std::to_string(tps.size()), std::to_string(sp->specArgs.size())});
      for (size_t i = 0; i < tps.size() && ok; ++i) {
        const Type* t = nullptr;
        int64_t v = 0;
        if (!tps[i]->isType) {
          t = templateParamType(tmpl, tps[i], &sa.types, &sa.values);
          Expr* e = i < sp->specArgs.size() ? sp->specArgs[i].expr : tps[i]->defaultValue;
          if (t->isError() || !e || !templateValueArg(e, t, v, true)) ok = false;
          if (e && i < sp->specArgs.size()) sp->specArgs[i].expr = e;
        } else if (i < sp->specArgs.size() && sp->specArgs[i].type) {
          t = resolveType(sp->specArgs[i].type);
        } else if (i >= sp->specArgs.size() && tps[i]->defaultType) {
          t = templateDefaultType(tmpl, tps[i], sa.types, sa.values, false);
        } else {
          error(DiagId::ExpectedType, sp->nameRange.valid() ? sp->nameRange : sp->range);
          ok = false;
        }
        if (t && t->isError()) ok = false;
        sa.types.push_back(t);
        sa.values.push_back(v);
      }
      sa.valid = ok;
      scopeStack = savedStack;
      fnCtx = savedFn;
      ait = specializationArgs.emplace(sp, std::move(sa)).first;
    }
    if (!ait->second.valid || ait->second.types != args || ait->second.values != values) continue;
    // First use: check the specialization as an ordinary struct named like the instance.
    sp->type = types.structType(sp, display);
    sp->isTemplate = false;
    addInstance(tmpl, args, values, sp);
    checkedDecls.erase(sp);
    InstantiationScope scope(*this, &templateContexts[sp], {}, {}, {});
    checkStructDecl(sp);
    return sp;
  }
  for (StructDecl* sp : it->second) {
    if (sp->templateParams.empty()) continue;
    auto sps = sp->templateParams;
    std::vector<const Type*> bound(sps.size(), nullptr);
    std::vector<int64_t> bvals(sps.size(), 0);
    std::vector<bool> have(sps.size(), false);
    bool ok = sp->specArgs.size() == tps.size();
    for (size_t i = 0; i < tps.size() && ok; ++i)
      ok = matchSpecArg(sp, sp->specArgs[i], args[i], !tps[i]->isType, values[i], bound, bvals, have);
    for (size_t i = 0; i < sps.size() && ok; ++i) ok = have[i];
    if (!ok) continue;
    // Instantiate the partial specialization with the deduced parameters.
    StructDecl* inst = cloneStruct(sp);
    inst->isTemplate = false;
    inst->isSpecialization = false;
    inst->templateParams = {};
    inst->specArgs = {};
    inst->type = types.structType(inst, display);
    addInstance(tmpl, args, values, inst);
    InstantiationScope scope(*this, &templateContexts[sp], sps, bound, bvals);
    checkStructDecl(inst);
    (void)ts;
    return inst;
  }
  return nullptr;
}

// Whether type syntax `ts` names one of `sp`'s template parameters anywhere.
static bool mentionsParam(const TypeSpec* ts, std::span<TemplateParamDecl*> params) {
  if (!ts) return false;
  if (ts->scopeType) return mentionsParam(ts->scopeType, params);
  if (ts->qualifiers.empty())
    for (auto* p : params)
      if (p->name == ts->name) return true;
  for (const TemplateArg& a : ts->templateArgs) {
    if (mentionsParam(a.type, params)) return true;
    if (auto* d = a.expr ? dyn_cast<DeclRefExpr>(a.expr) : nullptr)
      for (auto* p : params)
        if (d->qualifiers.empty() && p->name == d->name) return true;
  }
  return false;
}

// Deduces `sp`'s parameters from one argument pattern of a partial specialization against
// the argument `t` (or the constant `value` for a non-type parameter of the primary).
bool SemaImpl::matchSpecArg(StructDecl* sp, const TemplateArg& pat, const Type* t, bool isValue, int64_t value,
                            std::vector<const Type*>& bound, std::vector<int64_t>& vals, std::vector<bool>& have) {
  auto sps = sp->templateParams;
  auto indexOf = [&](Ident n) -> int {
    for (size_t i = 0; i < sps.size(); ++i)
      if (sps[i]->name == n) return int(i);
    return -1;
  };
  if (isValue) {
    if (!pat.expr) return false;
    if (auto* d = dyn_cast<DeclRefExpr>(pat.expr); d && d->qualifiers.empty() && !d->scopeType) {
      int idx = indexOf(d->name);
      if (idx >= 0 && !sps[idx]->isType) {
        if (have[idx]) return vals[idx] == value;
        bound[idx] = templateParamType(sp, sps[idx], &bound, &vals, true);
        vals[idx] = value;
        have[idx] = !bound[idx]->isError();
        return have[idx];
      }
    }
    // A constant written in the pattern.
    std::vector<Scope*> savedStack = scopeStack;
    scopeStack = templateContexts[sp];
    Expr* e = pat.expr;
    int64_t v = 0;
    bool ok = templateValueArg(e, t, v, true) && v == value;
    scopeStack = savedStack;
    return ok;
  }
  TypeSpec* ps = pat.type;
  if (!ps || !t) return false;
  if (ps->qualifiers.empty() && !ps->scopeType && !ps->hasTemplateArgs && ps->arrayDims.empty()) {
    int idx = indexOf(ps->name);
    if (idx >= 0 && sps[idx]->isType) {
      if (have[idx]) return bound[idx] == t;
      bound[idx] = t;
      have[idx] = true;
      return true;
    }
  }
  // `typename enable_if<is_int<T>::value>::type` (a member type of a dependent instance): a
  // non-deduced context. Once the parameters it names are deduced from the arguments before
  // it, it is substituted; a member type that does not exist makes the pattern not match
  // (SFINAE), as for `template <class T> struct S<T, typename enable_if<C<T>::value>::type>`.
  if (ps->scopeType && typeNamesParam(ps, sps)) {
    std::vector<TemplateParamDecl*> known;
    std::vector<const Type*> args;
    std::vector<int64_t> knownVals;
    for (size_t k = 0; k < sps.size(); ++k) {
      if (have[k]) {
        known.push_back(sps[k]);
        args.push_back(bound[k]);
        knownVals.push_back(vals[k]);
      } else if (typeNamesParam(ps, sps.subspan(k, 1))) {
        return false;  // (named before it is deduced: not matched, as nothing deduces it here)
      }
    }
    InstantiationScope scope(*this, &templateContexts[sp], known, args, knownVals);
    std::span<Expr*> dims;
    TypeSpec* copy = cloneTypeSpec(ps, dims);
    if (!memberTypesExist(*this, copy)) return false;
    const Type* pt = resolveType(copy);
    return !pt->isError() && pt == t;
  }
  if (!mentionsParam(ps, sps)) {
    std::vector<Scope*> savedStack = scopeStack;
    scopeStack = templateContexts[sp];
    const Type* pt = resolveType(ps);
    if (!pt->isError()) pt = applyArrayDims(pt, ps->arrayDims, false);
    scopeStack = savedStack;
    return pt == t;
  }
  if (!ps->arrayDims.empty()) return false;
  std::string_view n = ps->name.str();
  auto sub = [&](size_t i, const Type* at, bool val, int64_t v) {
    return i < ps->templateArgs.size() && matchSpecArg(sp, ps->templateArgs[i], at, val, v, bound, vals, have);
  };
  if (ps->qualifiers.empty() && n == "vector" && ps->templateArgs.size() == 2)
    return t->isVector() && sub(0, t->componentType(), false, 0) && sub(1, types.uintType(), true, t->vectorSize());
  if (ps->qualifiers.empty() && n == "matrix" && ps->templateArgs.size() == 3)
    return t->isMatrix() && sub(0, t->componentType(), false, 0) && sub(1, types.uintType(), true, t->rows()) &&
           sub(2, types.uintType(), true, t->cols());
  // The inline SPIR-V type templates (section 9): deduction sees through
  // vk::Literal<vk::integral_constant<I, SC>> to SC.
  if (inVkNamespace(ps->qualifiers) && ps->hasTemplateArgs) {
    const size_t na = ps->templateArgs.size();
    if (n == "Literal") return t->isSpirvLiteral() && na == 1 && sub(0, t->literalOf(), false, 0);
    if (n == "integral_constant")
      return t->isIntegralConstant() && na == 2 && sub(0, t->constantType(), false, 0) &&
             sub(1, t->constantType(), true, t->constantValue());
    bool opaque = n == "SpirvOpaqueType";
    if ((opaque || n == "SpirvType") && t->isSpirvType() && t->isSpirvOpaque() == opaque) {
      size_t fixed = opaque ? 1 : 3;
      auto ops = t->spirvOperands();
      if (na != fixed + ops.size() || !sub(0, types.uintType(), true, t->spirvOpcode())) return false;
      if (!opaque &&
          !(sub(1, types.uintType(), true, t->spirvSize()) && sub(2, types.uintType(), true, t->spirvAlignment())))
        return false;
      for (size_t i = 0; i < ops.size(); ++i)
        if (!sub(fixed + i, ops[i], false, 0)) return false;
      return true;
    }
    return false;
  }
  // An instance of a struct template: match its arguments.
  if (t->isStruct() && ps->hasTemplateArgs)
    if (auto found = instanceOfType.find(t); found != instanceOfType.end()) {
      const Instance& in = *found->second;
      if (!(in.tmpl->name == ps->name)) return false;
      auto* primary = static_cast<StructDecl*>(in.tmpl);
      if (ps->templateArgs.size() != in.args.size()) return false;
      for (size_t i = 0; i < in.args.size(); ++i)
        if (!sub(i, in.args[i], !primary->templateParams[i]->isType, in.values[i])) return false;
      return true;
    }
  return false;
}

// ---------------------------------------------------------------------------
// Intrinsics
// ---------------------------------------------------------------------------
static bool isUint(const Type* t) { return t->isScalar() && t->scalarKind() == ScalarKind::Uint; }

const Type* SemaImpl::checkIntrinsicCall(CallExpr* e, IntrinsicId id) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  e->intrinsic = uint32_t(id);
  size_t n = e->args.size();
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  std::string name(info.name);
  if (n < info.minArgs || n > info.maxArgs) {
    std::string want = info.minArgs == info.maxArgs
                           ? std::to_string(info.minArgs)
                           : std::to_string(info.minArgs) + " to " + std::to_string(info.maxArgs);
    error(DiagId::WrongArgCount, nr, {name, want, std::to_string(n)});
    return types.errorType();
  }
  if (fnCtx && fnCtx->fn) intrinsicUses.push_back(IntrinsicUse{fnCtx->fn, id, nr});
  if (info.kind == IntrinsicKind::Interlocked) return checkInterlocked(e, id, nullptr);
  if (const Type* t = checkWaveAggregate(e, id)) return t;
  if (info.args == IntrinsicArgs::Special) return checkSpecialIntrinsic(e, id);
  auto noMatch = [&]() {
    error(DiagId::NoMatchingOverload, nr, {name, " with arguments " + argList(e->args)});
    return types.errorType();
  };
  const Type* T = nullptr;
  switch (info.args) {
    case IntrinsicArgs::None: break;
    case IntrinsicArgs::Bool:
      for (Expr*& a : e->args) {
        const Type* at = asValueTypeOf(a->type);
        if (!at->isNumeric() || at->componentCount() != 1) return noMatch();
        convert(a, types.boolType());
      }
      T = types.boolType();
      break;
    case IntrinsicArgs::Vec3F: {
      const Type* f3 = types.vector(types.floatType(), 3);
      for (Expr*& a : e->args) {
        const Type* at = asValueTypeOf(a->type);
        if (!at->isNumeric() || at->isMatrix()) return noMatch();
        // keep double3 / half3 when all are of that kind
        (void)at;
      }
      const Type* c = nullptr;
      for (Expr*& a : e->args) {
        const Type* ac = a->type->componentType();
        if (ac && ac->isFloating() && !ac->isLiteral()) c = c ? commonScalar(c, ac) : ac;
      }
      T = c ? types.vector(c, 3) : f3;
      for (Expr*& a : e->args) convert(a, T);
      break;
    }
    case IntrinsicArgs::Any: {
      finalizeLiteral(e->args[0]);
      T = asValueTypeOf(e->args[0]->type);
      if (!T->isNumeric()) return noMatch();
      break;
    }
    default: {
      // T: common type of all arguments.
      T = asValueTypeOf(e->args[0]->type);
      bool truncated = false;
      for (size_t i = 1; i < n && !T->isError(); ++i)
        T = commonType(T, asValueTypeOf(e->args[i]->type), e->range, false, &truncated);
      if (T->isError() || !T->isNumeric()) return noMatch();
      if (truncated) error(DiagId::ImplicitTruncation, e->range);
      const Type* c = T->componentType();
      switch (info.args) {
        case IntrinsicArgs::Float:
        case IntrinsicArgs::FloatV:
          if (!c->isFloating() || c->isLiteral()) c = types.floatType();
          // DXC's float_like<>: no double (converted to float, with the narrowing warning)
          // except where the signature says any_float / double_only.
          if (c->scalarKind() == ScalarKind::Double && id != IntrinsicId::Saturate && id != IntrinsicId::Rcp &&
              id != IntrinsicId::Fma && id != IntrinsicId::Abs && id != IntrinsicId::Frexp)
            c = types.floatType();
          break;
        case IntrinsicArgs::Int:
        case IntrinsicArgs::Int32:
          if (c->isFloating() || c->isBool()) return noMatch();
          if (c->isLiteral()) c = types.intType();
          if (info.args == IntrinsicArgs::Int32 && scalarBits(c->scalarKind()) != 32) return noMatch();
          break;
        case IntrinsicArgs::Num:
        case IntrinsicArgs::NumV:
          if (c->isLiteral()) {
            finalizeLiteral(e->args[0]);
            c = c->scalarKind() == ScalarKind::LiteralFloat ? types.floatType() : types.intType();
          }
          if (c->isBool() && id != IntrinsicId::Any && id != IntrinsicId::All && id != IntrinsicId::And &&
              id != IntrinsicId::Or) {
            if (info.kind != IntrinsicKind::Math) return noMatch();
            c = types.intType();
          }
          break;
        default: break;
      }
      if ((id == IntrinsicId::FirstBitHigh || id == IntrinsicId::FirstBitLow) && scalarBits(c->scalarKind()) != 32) {
        error(DiagId::FirstBitWidth, nr, {name});  // DXC's limit for SPIR-V
        return types.errorType();
      }
      if ((info.args == IntrinsicArgs::FloatV || info.args == IntrinsicArgs::NumV ||
           info.args == IntrinsicArgs::Int32) &&
          T->isMatrix())
        return noMatch();
      T = types.withComponent(T, c);
      if (id == IntrinsicId::And || id == IntrinsicId::Or) T = types.boolLike(T);  // and(x, y): bools
      for (Expr*& a : e->args) convert(a, T, false, !truncated);
      break;
    }
  }
  switch (info.ret) {
    case IntrinsicRet::SameAsArg0: return T ? T : types.voidType();
    case IntrinsicRet::Scalar: return T ? T->componentType() : types.errorType();
    case IntrinsicRet::BoolSame: return types.boolLike(T);
    case IntrinsicRet::BoolScalar: return types.boolType();
    case IntrinsicRet::UintSame: return types.withComponent(T, types.uintType());
    case IntrinsicRet::Uint: return types.uintType();
    case IntrinsicRet::Uint4: return types.vector(types.uintType(), 4);
    case IntrinsicRet::FloatSame: return types.withComponent(T, types.floatType());
    case IntrinsicRet::IntSame: return types.withComponent(T, types.intType());
    case IntrinsicRet::Void: return types.voidType();
    case IntrinsicRet::Special: break;
  }
  notSupported("intrinsic '" + name + "'", nr);
  return types.errorType();
}

const Type* SemaImpl::asValueTypeOf(const Type* t) {
  if (t && t->isEnum() && !t->enumDecl()->isScoped) return t->underlyingType();
  return t;
}

const Type* SemaImpl::checkSpecialIntrinsic(CallExpr* e, IntrinsicId id) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  std::string name(info.name);
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  auto args = e->args;
  auto noMatch = [&]() {
    error(DiagId::NoMatchingOverload, nr, {name, " with arguments " + argList(e->args)});
    return types.errorType();
  };
  auto valueArg = [&](Expr*& a) -> const Type* {
    finalizeLiteral(a);
    const Type* t = asValueTypeOf(a->type);
    if (!t->isNumeric()) return nullptr;
    return t;
  };
  switch (id) {
    case IntrinsicId::WaveReadLaneAt:
    case IntrinsicId::QuadReadLaneAt: {
      const Type* t = valueArg(args[0]);
      if (!t) return noMatch();
      const Type* lt = asValueTypeOf(args[1]->type);
      if (!lt->isNumeric() || lt->componentCount() != 1 || lt->isFloating()) return noMatch();
      convert(args[1], types.uintType());
      return t;
    }
    case IntrinsicId::WaveMultiPrefixSum:
    case IntrinsicId::WaveMultiPrefixProduct:
    case IntrinsicId::WaveMultiPrefixBitAnd:
    case IntrinsicId::WaveMultiPrefixBitOr:
    case IntrinsicId::WaveMultiPrefixBitXor:
    case IntrinsicId::WaveMultiPrefixCountBits: {
      const Type* t = valueArg(args[0]);
      if (!t) return noMatch();
      const Type* u4 = types.vector(types.uintType(), 4);
      if (conversionRank(args[1]->type, u4) == CR_None) return noMatch();
      if (id == IntrinsicId::WaveMultiPrefixCountBits) {
        if (t->componentCount() != 1) return noMatch();
        convert(args[0], types.boolType());
        convert(args[1], u4);
        return types.uintType();
      }
      bool bits = id == IntrinsicId::WaveMultiPrefixBitAnd || id == IntrinsicId::WaveMultiPrefixBitOr ||
                  id == IntrinsicId::WaveMultiPrefixBitXor;
      if (t->isBool() || (bits && !t->isIntegral())) return noMatch();
      convert(args[1], u4);
      return t;
    }
    case IntrinsicId::SetMeshOutputCounts:
    case IntrinsicId::DispatchMesh: {
      // SetMeshOutputCounts(uint vertices, uint primitives); DispatchMesh(uint x, uint y,
      // uint z, groupshared P payload).
      size_t counts = id == IntrinsicId::DispatchMesh ? 3 : 2;
      for (size_t i = 0; i < counts; ++i) {
        const Type* t = valueArg(args[i]);
        if (!t || t->componentCount() != 1 || t->isMatrix()) return noMatch();
        convert(args[i], types.uintType());
      }
      if (id == IntrinsicId::DispatchMesh) {
        const Expr* p = args[3];
        while (p && p->kind == ExprKind::Paren) p = static_cast<const ParenExpr*>(p)->sub;
        auto* ref = p ? dyn_cast<DeclRefExpr>(p) : nullptr;
        auto* v = ref ? dyn_cast<VarDecl>(ref->decl) : nullptr;
        if (!v || !(v->storage & SF_Groupshared) || (v->type && v->type->isArray())) {
          // DXC's words (meshshading.nv.error2.amplification).
          error(DiagId::MeshInterface, args[3]->range, {"expected groupshared object as argument to DispatchMesh()"});
          return types.errorType();
        }
        bool known = false;
        for (const VarDecl* q : program.meshPayloads) known |= q == v;
        if (!known) program.meshPayloads.push_back(v);
      }
      return types.voidType();
    }
    case IntrinsicId::Refract: {
      const Type* a = asValueTypeOf(args[0]->type);
      const Type* b = asValueTypeOf(args[1]->type);
      const Type* T = commonType(a, b, e->range, false);
      if (T->isError() || !T->isVector()) return noMatch();
      const Type* c = T->componentType();
      if (!c->isFloating() || c->isLiteral()) c = types.floatType();
      T = types.withComponent(T, c);
      convert(args[0], T);
      convert(args[1], T);
      if (!asValueTypeOf(args[2]->type)->isNumeric()) return noMatch();
      convert(args[2], c);
      return T;
    }
    case IntrinsicId::SinCos: {
      const Type* T = valueArg(args[0]);
      if (!asValueTypeOf(args[0]->type)->isNumeric()) return noMatch();
      T = asValueTypeOf(args[0]->type);
      if (!T->componentType()->isFloating()) T = types.withComponent(T, types.floatType());
      convert(args[0], T);
      for (int i = 1; i < 3; ++i) {
        if (!outArgOk(*this, args[i], T, ParamDir::Out, ctx.ident(i == 1 ? "s" : "c"), true)) return types.errorType();
        if (args[i]->type != T) {
          error(DiagId::TypeMismatch, args[i]->range, {typeName(T), typeName(args[i]->type)});
          return types.errorType();
        }
      }
      return types.voidType();
    }
    case IntrinsicId::Modf:
    case IntrinsicId::Frexp: {
      // modf(x, out ip) / frexp(x, out exp): the result and the out argument have x's type
      // (HLSL docs: frexp's exponent is a float of x's shape). frexp takes floats only;
      // modf also takes integers (DXC converts them to float and back). A literal x takes
      // the out argument's type. Matrices: per column (lowering).
      bool frexp = id == IntrinsicId::Frexp;
      const Type* O = asValueTypeOf(args[1]->type);
      if (asValueTypeOf(args[0]->type)->isLiteral() && O->isNumeric() && !O->isLiteral() && !O->isBool())
        convert(args[0], O);
      else
        finalizeLiteral(args[0]);
      const Type* T = asValueTypeOf(args[0]->type);
      if (!T->isNumeric() || T->isBool() || (frexp && !T->isFloating())) return noMatch();
      if (!outArgOk(*this, args[1], T, ParamDir::Out, ctx.ident(frexp ? "exp" : "ip"), true)) return types.errorType();
      // The out argument may be another numeric type of x's shape (DXC converts the part
      // on the way out: `modf(f2, i3.xy)`).
      const Type* ot = asValueTypeOf(args[1]->type);
      if (ot != T && (!ot->isNumeric() || ot->isBool() || types.withComponent(T, ot->componentType()) != ot)) {
        error(DiagId::TypeMismatch, args[1]->range, {typeName(args[1]->type), typeName(T)});
        return types.errorType();
      }
      return T;
    }
    case IntrinsicId::Select: {
      const Type* a = asValueTypeOf(args[1]->type);
      const Type* b = asValueTypeOf(args[2]->type);
      const Type* T = commonType(a, b, e->range, false);
      const Type* ct = asValueTypeOf(args[0]->type);
      if (T->isError() || !ct->isNumeric()) return noMatch();
      if (T->isLiteral()) {
        finalizeLiteral(args[1]);
        finalizeLiteral(args[2]);
        T = commonType(asValueTypeOf(args[1]->type), asValueTypeOf(args[2]->type), e->range, false);
      }
      if (ct->componentCount() != 1 && !T->isScalar() && ct->componentCount() != T->componentCount()) return noMatch();
      if (ct->componentCount() != 1 && T->isScalar()) T = types.withComponent(ct, T->componentType());
      convert(args[0], ct->componentCount() == 1 ? types.boolType() : types.boolLike(T));
      convert(args[1], T);
      convert(args[2], T);
      return T;
    }
    case IntrinsicId::Mul: {
      const Type* a = asValueTypeOf(args[0]->type);
      const Type* b = asValueTypeOf(args[1]->type);
      if (!a->isNumeric() || !b->isNumeric()) return noMatch();
      const Type* c = commonScalar(a->componentType(), b->componentType());
      if (c->isLiteral()) c = c->scalarKind() == ScalarKind::LiteralFloat ? types.floatType() : types.intType();
      if (c->isBool()) c = types.intType();
      const Type* A = types.withComponent(a, c);
      const Type* B = types.withComponent(b, c);
      const Type* R = nullptr;
      // The shared dimension is the smaller of the two (DXC's intrinsic matching takes the
      // minimum of a template size over the arguments): the longer operand is truncated,
      // `mul(float3x3, float4)` multiplies by the float4's xyz (warning OSH0008).
      if (a->isScalar())
        R = B;
      else if (b->isScalar())
        R = A;
      else if (a->isVector() && b->isVector()) {
        uint32_t n = std::min(a->vectorSize(), b->vectorSize());
        A = types.vector(c, n);
        B = A;
        R = c;
      } else if (a->isVector() && b->isMatrix()) {
        uint32_t n = std::min(a->vectorSize(), b->rows());
        A = types.vector(c, n);
        B = types.matrix(c, n, b->cols(), b->rowMajor());
        R = types.vector(c, b->cols());
      } else if (a->isMatrix() && b->isVector()) {
        uint32_t n = std::min(a->cols(), b->vectorSize());
        A = types.matrix(c, a->rows(), n, a->rowMajor());
        B = types.vector(c, n);
        R = types.vector(c, a->rows());
      } else if (a->isMatrix() && b->isMatrix()) {
        uint32_t n = std::min(a->cols(), b->rows());
        A = types.matrix(c, a->rows(), n, a->rowMajor());
        B = types.matrix(c, n, b->cols(), b->rowMajor());
        R = types.matrix(c, a->rows(), b->cols());
      }
      if (!R) return noMatch();
      if (R->isVector() && R->vectorSize() == 1) R = c;
      convert(args[0], A);
      convert(args[1], B);
      return R;
    }
    case IntrinsicId::Transpose: {
      const Type* a = asValueTypeOf(args[0]->type);
      if (!a->isMatrix()) return noMatch();
      return types.matrix(a->componentType(), a->cols(), a->rows(), a->rowMajor());
    }
    case IntrinsicId::Determinant: {
      const Type* a = asValueTypeOf(args[0]->type);
      if (!a->isMatrix() || a->rows() != a->cols() || !a->componentType()->isFloating()) return noMatch();
      return a->componentType();
    }
    case IntrinsicId::AsUint:
    case IntrinsicId::AsInt:
    case IntrinsicId::AsFloat: {
      const Type* a = asValueTypeOf(args[0]->type);
      if (!a->isNumeric() || a->isBool()) return noMatch();
      if (id == IntrinsicId::AsUint && args.size() == 3) {
        // asuint(double d, out uint lo, out uint hi), also of vectors: the words of each double
        if (a->isMatrix() || a->scalarKind() != ScalarKind::Double) return noMatch();
        const Type* u = types.withComponent(a, types.uintType());
        for (int i = 1; i < 3; ++i) {
          if (!outArgOk(*this, args[i], u, ParamDir::Out, ctx.ident(i == 1 ? "lo" : "hi"), true))
            return types.errorType();
          if (asValueTypeOf(args[i]->type) != u) return noMatch();
        }
        return types.voidType();
      }
      if (args.size() != 1) return noMatch();
      if (a->isLiteral()) {
        finalizeLiteral(args[0]);
        a = args[0]->type;
      }
      if (scalarBits(a->componentType()->scalarKind()) != 32) return noMatch();
      ScalarKind k = id == IntrinsicId::AsUint  ? ScalarKind::Uint
                     : id == IntrinsicId::AsInt ? ScalarKind::Int
                                                : ScalarKind::Float;
      return types.withComponent(a, types.scalar(k));
    }
    case IntrinsicId::NonUniformResourceIndex: {
      // uint NonUniformResourceIndex(uint): an integer scalar argument (converted to uint).
      finalizeLiteral(args[0]);
      const Type* a = asValueTypeOf(args[0]->type);
      if (!a->isScalar() || !a->isIntegral()) return noMatch();
      return types.uintType();
    }
    case IntrinsicId::AsDouble: {
      const Type* a = asValueTypeOf(args[0]->type);
      const Type* b = asValueTypeOf(args[1]->type);
      const Type* T = commonType(a, b, e->range, false);
      if (T->isError() || T->isMatrix() || T->isFloating()) return noMatch();
      const Type* U = types.withComponent(T, types.uintType());
      convert(args[0], U);
      convert(args[1], U);
      return types.withComponent(T, types.scalar(ScalarKind::Double));
    }
    default: break;
  }
  return checkIntrinsicExt(e, id);
}

// Root storage of an interlocked destination: groupshared variable or RW buffer element.
static bool interlockedDestOk(Expr* e) {
  e = skipParens(e);
  while (e) {
    switch (e->kind) {
      case ExprKind::Paren: e = static_cast<ParenExpr*>(e)->sub; break;
      case ExprKind::Member: e = static_cast<MemberExpr*>(e)->base; break;
      case ExprKind::Index: {
        auto* ix = static_cast<IndexExpr*>(e);
        if (ix->base->type && ix->base->type->isResource()) return ix->base->type->isWritableResource();
        e = ix->base;
        break;
      }
      case ExprKind::DeclRef: {
        Decl* d = static_cast<DeclRefExpr*>(e)->decl;
        if (!d || d->kind != DeclKind::Var) return false;
        return (static_cast<VarDecl*>(d)->storage & SF_Groupshared) != 0;
      }
      case ExprKind::Call:  // p.Get() of a vk::BufferPointer: PhysicalStorageBuffer memory
        return static_cast<CallExpr*>(e)->intrinsic == uint32_t(VkBuiltin::BufferPointerGet);
      default: return false;
    }
  }
  return false;
}

const Type* SemaImpl::checkInterlocked(CallExpr* e, IntrinsicId id, const Type* bufferObj) {
  const IntrinsicInfo& info = intrinsicInfo(id);
  std::string name(info.name);
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  auto args = e->args;
  size_t n = args.size();
  if (n < info.minArgs || n > info.maxArgs) {
    std::string want = info.minArgs == info.maxArgs
                           ? std::to_string(info.minArgs)
                           : std::to_string(info.minArgs) + " to " + std::to_string(info.maxArgs);
    error(DiagId::WrongArgCount, nr, {name, want, std::to_string(n)});
    return types.errorType();
  }
  const Type* T;
  if (bufferObj) {
    // RWByteAddressBuffer::InterlockedX(uint byteOffset, uint value, ...)
    const Type* at = asValueTypeOf(args[0]->type);
    if (!at->isNumeric() || at->componentCount() != 1) {
      error(DiagId::TypeMismatch, args[0]->range, {typeName(args[0]->type), "uint"});
      return types.errorType();
    }
    convert(args[0], types.uintType());
    T = types.uintType();
  } else {
    Expr* dest = args[0];
    if (!dest->isLValue || !interlockedDestOk(dest)) {
      error(DiagId::InterlockedDest, dest->range, {name});
      return types.errorType();
    }
    std::string what;
    if (!isModifiable(dest, what)) {
      error(DiagId::ConstAssign, dest->range, {what});
      return types.errorType();
    }
    T = dest->type;
    if (!T->isScalar() || !T->isIntegral() ||
        (scalarBits(T->scalarKind()) != 32 && scalarBits(T->scalarKind()) != 64)) {
      error(DiagId::NoMatchingOverload, nr, {name, " with arguments " + argList(args)});
      return types.errorType();
    }
  }
  // Value operands: (value) | (compare, value) for CompareExchange/CompareStore.
  size_t nValues =
      (id == IntrinsicId::InterlockedCompareExchange || id == IntrinsicId::InterlockedCompareStore) ? 2 : 1;
  for (size_t i = 1; i <= nValues && i < n; ++i) {
    const Type* vt = asValueTypeOf(args[i]->type);
    if (!vt->isNumeric() || vt->componentCount() != 1) {
      error(DiagId::TypeMismatch, args[i]->range, {typeName(args[i]->type), typeName(T)});
      return types.errorType();
    }
    convert(args[i], T);
  }
  if (n > 1 + nValues) {
    Expr* orig = args[1 + nValues];
    if (!outArgOk(*this, orig, T, ParamDir::Out, ctx.ident("original_value"), true)) return types.errorType();
    if (orig->type != T && !orig->type->isError()) {
      const Type* ot = orig->type;
      // DXC converts the original value to the argument's type on store: an int where the
      // destination is uint (or the reverse) is a bit cast, a float a value conversion.
      bool sameWidth =
          ot->isScalar() && ot->isIntegral() && scalarBits(ot->scalarKind()) == scalarBits(T->scalarKind());
      bool toFloat = ot->isScalar() && ot->isFloating() && !ot->isLiteral();
      if (!sameWidth && !toFloat) {
        error(DiagId::TypeMismatch, orig->range, {typeName(T), typeName(ot)});
        return types.errorType();
      }
    }
  }
  e->intrinsic = uint32_t(id);
  return types.voidType();
}

// ---------------------------------------------------------------------------
// Methods of built-in objects
// ---------------------------------------------------------------------------
const Type* SemaImpl::checkResourceMethod(CallExpr* e, const Type* ot) {
  std::string mname(e->name.str());
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  IntrinsicId id = lookupMethodIntrinsic(mname);
  ResourceKind rk = ot->resourceKind();
  auto args = e->args;
  size_t n = args.size();
  auto noMember = [&]() {
    error(DiagId::NoMember, nr, {mname, typeName(ot)});
    return types.errorType();
  };
  auto argCount = [&](size_t lo, size_t hi) {
    if (n >= lo && n <= hi) return true;
    error(DiagId::WrongArgCount, nr,
          {mname, lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi), std::to_string(n)});
    return false;
  };
  auto toUint = [&](Expr*& a) {
    const Type* at = asValueTypeOf(a->type);
    // A float offset converts like any scalar (DXC: `bab.Load4(f)`).
    if (!at->isNumeric() || at->componentCount() != 1) {
      error(DiagId::TypeMismatch, a->range, {typeName(a->type), "uint"});
      return false;
    }
    return convert(a, types.uintType());
  };
  auto outUint = [&](Expr* a, const char* pname) {
    if (!outArgOk(*this, a, types.uintType(), ParamDir::Out, ctx.ident(pname), true)) return false;
    // Another integer scalar (`int w`) takes the value converted on the way out (DXC).
    const Type* at = asValueTypeOf(a->type);
    if (!isUint(a->type) && !a->type->isError() && !(at->isScalar() && at->isIntegral() && !at->isLiteral())) {
      error(DiagId::TypeMismatch, a->range, {"uint", typeName(a->type)});
      return false;
    }
    return true;
  };
  // Geometry shader output streams: Append(vertex) and RestartStrip() (SPIR-V.rst
  // "Translation of Output Stream Types").
  if (rk == ResourceKind::PointStream || rk == ResourceKind::LineStream || rk == ResourceKind::TriangleStream) {
    if (id != IntrinsicId::Append && id != IntrinsicId::RestartStrip) return noMember();
    e->intrinsic = uint32_t(id);
    if (id == IntrinsicId::RestartStrip) return argCount(0, 0) ? types.voidType() : types.errorType();
    if (!argCount(1, 1)) return types.errorType();
    convert(args[0], ot->elementType());
    return types.voidType();
  }
  if (id == IntrinsicId::None) {
    if (rk >= ResourceKind::Texture1D) {
      notSupported("method '" + mname + "' of '" + typeName(ot) + "'", nr);
      return types.errorType();
    }
    return noMember();
  }
  e->intrinsic = uint32_t(id);
  if (fnCtx && fnCtx->fn) intrinsicUses.push_back(IntrinsicUse{fnCtx->fn, id, nr});
  bool bab = rk == ResourceKind::ByteAddressBuffer || rk == ResourceKind::RWByteAddressBuffer;
  bool structured = rk == ResourceKind::StructuredBuffer || rk == ResourceKind::RWStructuredBuffer ||
                    rk == ResourceKind::AppendStructuredBuffer || rk == ResourceKind::ConsumeStructuredBuffer;
  bool typedBuf = rk == ResourceKind::Buffer || rk == ResourceKind::RWBuffer;
  const IntrinsicInfo& info = intrinsicInfo(id);
  if (rk >= ResourceKind::Texture1D && rk <= ResourceKind::RWTexture3D) return checkTextureMethod(e, ot, id);
  if (info.kind == IntrinsicKind::Interlocked) {
    if (rk != ResourceKind::RWByteAddressBuffer) return noMember();
    // Methods take a byte offset first: one more argument than the table's min for the free form.
    return checkInterlocked(e, id, ot);
  }
  switch (id) {
    case IntrinsicId::TexSubpassLoad: {
      // SubpassInput<T>::SubpassLoad() and SubpassInputMS<T>::SubpassLoad(int sample): a T
      // (DXC; lowering reads the attachment at the fragment's own position).
      bool msInput = rk == ResourceKind::SubpassInputMS;
      if (rk != ResourceKind::SubpassInput && !msInput) return noMember();
      if (!argCount(msInput ? 1 : 0, msInput ? 1 : 0)) return types.errorType();
      if (msInput) {
        const Type* at = asValueTypeOf(args[0]->type);
        if (!at->isNumeric() || at->componentCount() != 1) {
          error(DiagId::TypeMismatch, args[0]->range, {typeName(args[0]->type), "int"});
          return types.errorType();
        }
        if (!convert(args[0], types.intType())) return types.errorType();
      }
      return ot->elementType();
    }
    case IntrinsicId::BabLoad:
    case IntrinsicId::BabLoad2:
    case IntrinsicId::BabLoad3:
    case IntrinsicId::BabLoad4: {
      if (!bab && !((structured || typedBuf) && id == IntrinsicId::BabLoad)) return noMember();
      if (!argCount(1, 2)) return types.errorType();
      if (n == 2) {
        notSupported("the status argument of " + mname, args[1]->range);
        return types.errorType();
      }
      if (!toUint(args[0])) return types.errorType();
      if (structured || typedBuf) return ot->elementType();
      if (e->hasTemplateArgs) {
        if (id != IntrinsicId::BabLoad || e->templateArgs.size() != 1 || !e->templateArgs[0].type) return noMember();
        const Type* t = resolveType(e->templateArgs[0].type);
        if (t->isError()) return t;
        if (t->isResource() || t->isVoid()) {
          error(DiagId::TypeMismatch, e->templateArgs[0].type->range, {typeName(t), "a loadable type"});
          return types.errorType();
        }
        return t;
      }
      uint32_t cnt = id == IntrinsicId::BabLoad    ? 1
                     : id == IntrinsicId::BabLoad2 ? 2
                     : id == IntrinsicId::BabLoad3 ? 3
                                                   : 4;
      return cnt == 1 ? types.uintType() : types.vector(types.uintType(), cnt);
    }
    case IntrinsicId::BabStore:
    case IntrinsicId::BabStore2:
    case IntrinsicId::BabStore3:
    case IntrinsicId::BabStore4: {
      if (!bab) return noMember();
      if (rk == ResourceKind::ByteAddressBuffer) {
        error(DiagId::ConstAssign, e->object->range, {typeName(ot)});
        return types.errorType();
      }
      if (!argCount(2, 2)) return types.errorType();
      if (!toUint(args[0])) return types.errorType();
      if (e->hasTemplateArgs) {
        if (id != IntrinsicId::BabStore || e->templateArgs.size() != 1 || !e->templateArgs[0].type) return noMember();
        const Type* t = resolveType(e->templateArgs[0].type);
        if (t->isError()) return t;
        convert(args[1], t);
        return types.voidType();
      }
      uint32_t cnt = id == IntrinsicId::BabStore    ? 1
                     : id == IntrinsicId::BabStore2 ? 2
                     : id == IntrinsicId::BabStore3 ? 3
                                                    : 4;
      const Type* vt = cnt == 1 ? types.uintType() : types.vector(types.uintType(), cnt);
      const Type* at = asValueTypeOf(args[1]->type);
      if (at->isNumeric() && at->isFloating() && !at->isLiteral()) {
        error(DiagId::TypeMismatch, args[1]->range, {typeName(at), typeName(vt)});
        return types.errorType();
      }
      convert(args[1], vt);
      return types.voidType();
    }
    case IntrinsicId::GetDimensions: {
      if (bab || typedBuf) {
        if (!argCount(1, 1)) return types.errorType();
        if (!outUint(args[0], "width")) return types.errorType();
        return types.voidType();
      }
      if (structured) {
        if (!argCount(2, 2)) return types.errorType();
        if (!outUint(args[0], "numStructs") || !outUint(args[1], "stride")) return types.errorType();
        return types.voidType();
      }
      notSupported("GetDimensions on '" + typeName(ot) + "'", nr);
      return types.errorType();
    }
    case IntrinsicId::IncrementCounter:
    case IntrinsicId::DecrementCounter:
      if (rk != ResourceKind::RWStructuredBuffer) return noMember();
      if (!argCount(0, 0)) return types.errorType();
      return types.uintType();
    case IntrinsicId::Append:
      if (rk != ResourceKind::AppendStructuredBuffer) return noMember();
      if (!argCount(1, 1)) return types.errorType();
      convert(args[0], ot->elementType());
      return types.voidType();
    case IntrinsicId::Consume:
      if (rk != ResourceKind::ConsumeStructuredBuffer) return noMember();
      if (!argCount(0, 0)) return types.errorType();
      return ot->elementType();
    default: break;
  }
  if (rk >= ResourceKind::Texture1D) {
    notSupported("method '" + mname + "' of '" + typeName(ot) + "'", nr);
    return types.errorType();
  }
  return noMember();
}

uint32_t textureCoordDims(ResourceKind k) {
  switch (k) {
    case ResourceKind::Texture1D:
    case ResourceKind::RWTexture1D: return 1;
    case ResourceKind::Texture1DArray:
    case ResourceKind::RWTexture1DArray:
    case ResourceKind::Texture2D:
    case ResourceKind::RWTexture2D:
    case ResourceKind::Texture2DMS: return 2;
    case ResourceKind::Texture2DArray:
    case ResourceKind::RWTexture2DArray:
    case ResourceKind::Texture2DMSArray:
    case ResourceKind::Texture3D:
    case ResourceKind::RWTexture3D:
    case ResourceKind::TextureCube: return 3;
    case ResourceKind::TextureCubeArray: return 4;
    default: return 0;
  }
}

// Texture2D::Sample(SamplerState, float2), SampleLevel(SamplerState, float2, float lod),
// Load(int3 location-and-mip) (RWTexture: Load(int2 location)).
const Type* SemaImpl::checkTextureMethod(CallExpr* e, const Type* ot, IntrinsicId id) {
  std::string mname(e->name.str());
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  ResourceKind rk = ot->resourceKind();
  // vk::SampledTexture (type.hpp): its methods are the texture's without the sampler. Those
  // that take one get the object itself as their first argument (a parenthesized reference
  // to it, so the tree stays a tree); lowering samples with the object's own sampler.
  bool sampledTex = ot->isSampledTexture();
  size_t implicitArgs = 0;
  auto* given = e->args.empty() ? nullptr : dyn_cast<ParenExpr>(e->args[0]);
  bool hasSelf = sampledTex && given && given->sub == e->object;  // checked before
  if (hasSelf) implicitArgs = 1;
  if (sampledTex && e->object && !hasSelf &&
      (textureMethodIsGather(id) || textureMethodIsSample(id) || id == IntrinsicId::TexCalcLod ||
       id == IntrinsicId::TexCalcLodUnclamped)) {
    auto* self = ctx.make<ParenExpr>();
    self->sub = e->object;
    self->range = e->object->range;
    self->type = e->object->type;
    std::vector<Expr*> withSelf{self};
    withSelf.insert(withSelf.end(), e->args.begin(), e->args.end());
    e->args = ctx.copy(withSelf);
    implicitArgs = 1;
  }
  // Argument counts in diagnostics are the ones written.
  auto written = [&](size_t k) { return std::to_string(k - implicitArgs); };
  auto args = e->args;
  size_t n = args.size();
  uint32_t dims = textureCoordDims(rk);
  bool rw = resourceIsWritable(rk);
  bool ms = rk == ResourceKind::Texture2DMS || rk == ResourceKind::Texture2DMSArray;
  auto outUint = [&](Expr* a, const char* pname) {
    if (!outArgOk(*this, a, types.uintType(), ParamDir::Out, ctx.ident(pname), true)) return false;
    if (!isUint(a->type) && !a->type->isError()) {
      error(DiagId::TypeMismatch, a->range, {"uint", typeName(a->type)});
      return false;
    }
    return true;
  };
  auto coords = [&](Expr*& a, const Type* comp, uint32_t cnt) {
    const Type* at = asValueTypeOf(a->type);
    const Type* want = cnt == 1 ? comp : types.vector(comp, cnt);
    if (!at->isNumeric() || at->isMatrix() || (at->componentCount() != 1 && at->componentCount() < cnt)) {
      error(DiagId::TypeMismatch, a->range, {typeName(a->type), typeName(want)});
      return false;
    }
    return convert(a, want);
  };
  switch (id) {
    case IntrinsicId::TexSample:
    case IntrinsicId::TexSampleLevel:
    case IntrinsicId::TexSampleBias:
    case IntrinsicId::TexSampleGrad:
    case IntrinsicId::TexSampleCmp:
    case IntrinsicId::TexSampleCmpLevelZero:
    case IntrinsicId::TexSampleCmpLevel:
    case IntrinsicId::TexSampleCmpBias:
    case IntrinsicId::TexSampleCmpGrad:
    case IntrinsicId::TexGather:
    case IntrinsicId::TexGatherRed:
    case IntrinsicId::TexGatherGreen:
    case IntrinsicId::TexGatherBlue:
    case IntrinsicId::TexGatherAlpha:
    case IntrinsicId::TexGatherCmp:
    case IntrinsicId::TexGatherCmpRed:
    case IntrinsicId::TexGatherCmpGreen:
    case IntrinsicId::TexGatherCmpBlue:
    case IntrinsicId::TexGatherCmpAlpha: {
      // Sample(s, uv), SampleLevel(s, uv, lod), SampleBias(s, uv, bias), SampleGrad(s, uv, ddx,
      // ddy), SampleCmp(s, uv, cmp), SampleCmpLevelZero(s, uv, cmp), SampleCmpLevel(s, uv, cmp,
      // lod), SampleCmpBias(s, uv, cmp, bias), SampleCmpGrad(s, uv, ddx, ddy, cmp), Gather*(s,
      // uv), GatherCmp*(s, uv, cmp), then [offset][, clamp][, out uint status]
      // (intrinsics/texture_args.hpp). Offsets are intN (N = dimensions without the array
      // layer) and not on cube textures; gathers only on 2D and cube textures.
      if (rw || ms) break;
      bool cmp = textureMethodIsCompare(id);
      bool gather = textureMethodIsGather(id);
      bool cube = rk == ResourceKind::TextureCube || rk == ResourceKind::TextureCubeArray;
      if ((cmp && rk == ResourceKind::Texture3D) ||
          (gather && rk != ResourceKind::Texture2D && rk != ResourceKind::Texture2DArray && !cube)) {
        error(DiagId::NoMember, nr, {mname, typeName(ot)});
        return types.errorType();
      }
      TextureArgLayout lay = textureArgLayout(id, cube, n);
      if (!lay.valid) {
        size_t most = lay.fixed +
                      (cube                                                  ? 0
                       : gather && intrinsicInfo(id).maxArgs > lay.fixed + 2 ? 4
                                                                             : 1) +
                      (textureArgLayout(id, cube, lay.fixed + 2).clamp >= 0 ? 1 : 0) + 1;
        error(DiagId::WrongArgCount, nr, {mname, written(lay.fixed) + " to " + written(most), written(n)});
        return types.errorType();
      }
      const Type* st = args[0]->type;
      ResourceKind want = cmp ? ResourceKind::SamplerComparisonState : ResourceKind::SamplerState;
      if (!implicitArgs && (!st->isResource() || st->resourceKind() != want)) {
        error(DiagId::TypeMismatch, args[0]->range, {typeName(st), cmp ? "SamplerComparisonState" : "SamplerState"});
        return types.errorType();
      }
      // Dimensions of a gradient / offset: the coordinate without the array layer.
      uint32_t plain = rk == ResourceKind::Texture1D || rk == ResourceKind::Texture1DArray   ? 1
                       : rk == ResourceKind::Texture2D || rk == ResourceKind::Texture2DArray ? 2
                                                                                             : 3;
      if (!coords(args[1], types.floatType(), dims)) return types.errorType();
      bool grad = id == IntrinsicId::TexSampleGrad || id == IntrinsicId::TexSampleCmpGrad;
      for (size_t i = 2; i < lay.fixed; ++i) {
        bool gradient = grad && (i == 2 || i == 3);
        if (!coords(args[i], types.floatType(), gradient ? plain : 1)) return types.errorType();
      }
      for (size_t i = lay.fixed; i < lay.fixed + lay.offsets; ++i)
        if (!coords(args[i], types.intType(), plain)) return types.errorType();
      if (lay.clamp >= 0 && !coords(args[size_t(lay.clamp)], types.floatType(), 1)) return types.errorType();
      if (lay.status >= 0 && !outUint(args[size_t(lay.status)], "status")) return types.errorType();
      if (id == IntrinsicId::TexGatherCmpGreen || id == IntrinsicId::TexGatherCmpBlue ||
          id == IntrinsicId::TexGatherCmpAlpha) {
        // DXC: OpImageDrefGather compares the first component only; Metal's gather_compare and
        // WGSL's textureGatherCompare likewise.
        error(DiagId::NoEquivalentMethod, nr, {mname});
        return types.errorType();
      }
      const Type* el = ot->elementType();
      if (gather) return el ? types.vector(el->componentType(), 4) : types.errorType();
      if (cmp) {
        if (!el || !el->isFloating()) {
          error(DiagId::TypeMismatch, e->object ? e->object->range : nr, {typeName(ot), "a texture of floats"});
          return types.errorType();
        }
        return types.floatType();
      }
      return el;
    }
    case IntrinsicId::TexGetSamplePosition: {
      // Texture2DMS[Array]::GetSamplePosition(int sampleIndex): a float2 (lowering).
      if (!ms) break;
      if (n != 1) {
        error(DiagId::WrongArgCount, nr, {mname, written(1), written(n)});
        return types.errorType();
      }
      const Type* at = asValueTypeOf(args[0]->type);
      if (!at->isNumeric() || !at->isScalar()) {
        error(DiagId::TypeMismatch, args[0]->range, {typeName(args[0]->type), "int"});
        return types.errorType();
      }
      if (!convert(args[0], types.intType())) return types.errorType();
      return types.vector(types.floatType(), 2);
    }
    case IntrinsicId::TexCalcLod:
    case IntrinsicId::TexCalcLodUnclamped: {
      // CalculateLevelOfDetail[Unclamped](SamplerState or SamplerComparisonState, location):
      // the location without the array layer; a float.
      if (rw || ms) break;
      if (n != 2) {
        error(DiagId::WrongArgCount, nr, {mname, written(2), written(n)});
        return types.errorType();
      }
      const Type* st = args[0]->type;
      if (!implicitArgs && (!st->isResource() || (st->resourceKind() != ResourceKind::SamplerState &&
                                                  st->resourceKind() != ResourceKind::SamplerComparisonState))) {
        error(DiagId::TypeMismatch, args[0]->range, {typeName(st), "SamplerState"});
        return types.errorType();
      }
      uint32_t plain = rk == ResourceKind::Texture1D || rk == ResourceKind::Texture1DArray   ? 1
                       : rk == ResourceKind::Texture2D || rk == ResourceKind::Texture2DArray ? 2
                                                                                             : 3;
      if (!coords(args[1], types.floatType(), plain)) return types.errorType();
      return types.floatType();
    }
    case IntrinsicId::GetDimensions: {
      // (out w[, out h[, out d/elements]]) or, for sampled textures,
      // (uint mip, out w[, ...], out levels); multisampled textures:
      // (out w, out h[, out elements], out samples). Outputs are uint or float scalars.
      uint32_t sizes = rk == ResourceKind::TextureCube ? 2 : rk == ResourceKind::TextureCubeArray ? 3 : dims;
      bool withMip = !rw && !ms && n == sizes + 2;
      if (ms && n != sizes + 1) {
        error(DiagId::WrongArgCount, nr, {mname, std::to_string(sizes + 1), std::to_string(n)});
        return types.errorType();
      }
      if (!ms && n != sizes && !withMip) {
        error(DiagId::WrongArgCount, nr,
              {mname, rw ? std::to_string(sizes) : std::to_string(sizes) + " or " + std::to_string(sizes + 2),
               std::to_string(n)});
        return types.errorType();
      }
      size_t first = 0;
      if (withMip) {
        if (!coords(args[0], types.uintType(), 1)) return types.errorType();
        first = 1;
      }
      for (size_t i = first; i < n; ++i) {
        const Type* at = args[i]->type;
        if (!outArgOk(*this, args[i], at, ParamDir::Out, ctx.ident("dim"), true)) return types.errorType();
        // uint or float outputs; another numeric scalar (`int2 d; GetDimensions(d.x, d.y)`)
        // takes the uint value converted on the way out, as DXC does.
        if (!at->isScalar() || at->isBool() || !at->isNumeric()) {
          error(DiagId::TypeMismatch, args[i]->range, {typeName(at), "uint"});
          return types.errorType();
        }
      }
      return types.voidType();
    }
    case IntrinsicId::BabLoad: {
      // Load(location[, offset][, out uint status]) (sampled textures: the location's last
      // component is the mip level), Texture2DMS[Array]::Load(location, sampleIndex[,
      // offset][, out uint status]), RW textures Load(location[, out uint status]); a status
      // only after an offset where one is allowed (DXC's overloads).
      if (rk == ResourceKind::TextureCube || rk == ResourceKind::TextureCubeArray) break;
      size_t fixed = ms ? 2 : 1, most = fixed + (rw ? 0 : 1) + 1;
      if (n < fixed || n > most) {
        error(DiagId::WrongArgCount, nr,
              {mname, std::to_string(fixed) + " to " + std::to_string(most), std::to_string(n)});
        return types.errorType();
      }
      if (!coords(args[0], types.intType(), ms || rw ? dims : dims + 1)) return types.errorType();
      if (ms && !coords(args[1], types.intType(), 1)) return types.errorType();
      uint32_t plain = rk == ResourceKind::Texture1D || rk == ResourceKind::Texture1DArray ? 1
                       : rk == ResourceKind::Texture3D                                     ? 3
                                                                                           : 2;
      size_t i = fixed;
      if (!rw && n > i && !coords(args[i++], types.intType(), plain)) return types.errorType();
      if (n > i && !outUint(args[i], "status")) return types.errorType();
      return ot->elementType();
    }
    default: break;
  }
  notSupported("method '" + mname + "' of '" + typeName(ot) + "'", nr);
  return types.errorType();
}

}  // namespace oneshader::sema
